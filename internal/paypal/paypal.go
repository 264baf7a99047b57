// Package paypal is a small client for the PayPal Orders v2 REST API: OAuth2
// client credentials with a cached token, create, capture and get an order.
// Every call carries a PayPal-Request-Id; callers pass a stable one for
// create and capture, so a retry replays the first response instead of
// charging twice.
package paypal

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Client talks to one PayPal API base (sandbox, live or a test fake).
type Client struct {
	base         string
	clientID     string
	clientSecret string
	http         *http.Client

	mu      sync.Mutex
	token   string
	expires time.Time

	observe Observer // nil: calls are not reported
}

// Observer is told of every call of PayPal's API: its operation
// (create_order, capture_order, get_order, refund_capture, verify_webhook,
// oauth_token), its outcome (ok; refused: PayPal answered 4xx; failed: it
// answered 5xx or what could not be read; unreachable: no answer) and how
// long it took. internal/server counts them in the metrics.
type Observer func(operation, outcome string, took time.Duration)

// Observe sets the client's observer; call it before the client is used.
func (c *Client) Observe(o Observer) { c.observe = o }

// report tells the observer how a call that started at start went.
func (c *Client) report(operation string, start time.Time, err error) {
	if c.observe == nil {
		return
	}
	outcome := "ok"
	var apiErr *APIError
	switch {
	case errors.As(err, &apiErr) && apiErr.Status < 500:
		outcome = "refused"
	case errors.As(err, &apiErr), errors.Is(err, errUnreadable):
		outcome = "failed"
	case err != nil:
		outcome = "unreachable"
	}
	c.observe(operation, outcome, time.Since(start))
}

// errUnreadable marks a response that came but could not be read.
var errUnreadable = errors.New("paypal: unreadable response")

// New returns a client for the API at base, e.g. https://api-m.sandbox.paypal.com.
func New(base, clientID, clientSecret string) *Client {
	return &Client{
		base:         strings.TrimRight(base, "/"),
		clientID:     clientID,
		clientSecret: clientSecret,
		http:         &http.Client{Timeout: 30 * time.Second},
	}
}

// BaseURL is the API base the client talks to.
func (c *Client) BaseURL() string { return c.base }

// Money is an amount in PayPal's format: a decimal string and a currency.
type Money struct {
	CurrencyCode string `json:"currency_code"`
	Value        string `json:"value"`
}

// Item is one line of a purchase unit.
type Item struct {
	Name       string `json:"name"`
	SKU        string `json:"sku,omitempty"`
	Quantity   string `json:"quantity"`
	UnitAmount Money  `json:"unit_amount"`
	Tax        *Money `json:"tax,omitempty"` // per unit; the items' add up to tax_total
	Category   string `json:"category,omitempty"`
}

// Breakdown splits an amount into items and tax.
type Breakdown struct {
	ItemTotal Money  `json:"item_total"`
	TaxTotal  Money  `json:"tax_total"`
	Shipping  *Money `json:"shipping,omitempty"`
	Discount  *Money `json:"discount,omitempty"` // taken off the items' total
}

// Amount is a purchase unit's total with its breakdown.
type Amount struct {
	Money
	Breakdown *Breakdown `json:"breakdown,omitempty"`
}

// PurchaseUnit is what the buyer pays for; the shop uses exactly one.
type PurchaseUnit struct {
	ReferenceID string    `json:"reference_id,omitempty"`
	InvoiceID   string    `json:"invoice_id,omitempty"`
	Description string    `json:"description,omitempty"`
	Amount      Amount    `json:"amount"`
	Items       []Item    `json:"items,omitempty"`
	Payments    *Payments `json:"payments,omitempty"`
}

// Payments lists what happened to a purchase unit's money.
type Payments struct {
	Captures []Capture `json:"captures,omitempty"`
}

// Capture is one capture of a purchase unit.
type Capture struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Amount Money  `json:"amount"`
}

// CreateOrderRequest is the body of POST /v2/checkout/orders.
type CreateOrderRequest struct {
	Intent        string         `json:"intent"`
	PurchaseUnits []PurchaseUnit `json:"purchase_units"`
}

// Order is PayPal's view of an order.
type Order struct {
	ID            string         `json:"id"`
	Status        string         `json:"status"` // CREATED, APPROVED, COMPLETED, ...
	PurchaseUnits []PurchaseUnit `json:"purchase_units,omitempty"`
}

// FirstCapture returns the first capture of the first purchase unit, if any.
func (o Order) FirstCapture() (Capture, bool) {
	if len(o.PurchaseUnits) == 0 || o.PurchaseUnits[0].Payments == nil || len(o.PurchaseUnits[0].Payments.Captures) == 0 {
		return Capture{}, false
	}
	return o.PurchaseUnits[0].Payments.Captures[0], true
}

// Order statuses and issues the shop acts on.
const (
	StatusCompleted         = "COMPLETED"
	IssueAlreadyCaptured    = "ORDER_ALREADY_CAPTURED"
	IssueInstrumentDeclined = "INSTRUMENT_DECLINED"
)

// APIError is a non-2xx response from PayPal.
type APIError struct {
	Status  int    // HTTP status
	Name    string // e.g. UNPROCESSABLE_ENTITY
	Message string
	Issue   string // details[0].issue, e.g. INSTRUMENT_DECLINED
	DebugID string
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("paypal: %d %s", e.Status, e.Name)
	if e.Issue != "" {
		s += " " + e.Issue
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// IssueOf returns the PayPal issue code inside err, or "".
func IssueOf(err error) string {
	var e *APIError
	if errors.As(err, &e) {
		return e.Issue
	}
	return ""
}

// CreateOrder creates an order. requestID makes the call idempotent.
func (c *Client) CreateOrder(ctx context.Context, requestID string, req CreateOrderRequest) (Order, error) {
	var o Order
	err := c.call(ctx, "create_order", http.MethodPost, "/v2/checkout/orders", requestID, req, &o)
	return o, err
}

// CaptureOrder captures an approved order. Reusing requestID on a retry
// returns the first capture's response instead of capturing again.
func (c *Client) CaptureOrder(ctx context.Context, requestID, orderID string) (Order, error) {
	var o Order
	err := c.call(ctx, "capture_order", http.MethodPost, "/v2/checkout/orders/"+url.PathEscape(orderID)+"/capture", requestID, struct{}{}, &o)
	return o, err
}

// GetOrder reads an order, to learn the outcome of a capture whose response was lost.
func (c *Client) GetOrder(ctx context.Context, orderID string) (Order, error) {
	var o Order
	err := c.call(ctx, "get_order", http.MethodGet, "/v2/checkout/orders/"+url.PathEscape(orderID), newRequestID(), nil, &o)
	return o, err
}

// call sends one API request with a bearer token. A 401 means the cached
// token was revoked or expired early: it is dropped and the call retried once.
func (c *Client) call(ctx context.Context, operation, method, path, requestID string, body, out any) error {
	for attempt := 0; ; attempt++ {
		token, err := c.accessToken(ctx)
		if err != nil {
			return err
		}
		start := time.Now()
		err = c.do(ctx, method, path, requestID, token, body, out)
		c.report(operation, start, err)
		var apiErr *APIError
		if attempt == 0 && errors.As(err, &apiErr) && apiErr.Status == http.StatusUnauthorized {
			c.dropToken(token)
			continue
		}
		return err
	}
}

func (c *Client) do(ctx context.Context, method, path, requestID, token string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("PayPal-Request-Id", requestID)
	req.Header.Set("Prefer", "return=representation")
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.send(req, out)
}

func (c *Client) send(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("paypal: %s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%w: %w", errUnreadable, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return parseError(resp.StatusCode, raw)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%w of %s: %w", errUnreadable, req.URL.Path, err)
	}
	return nil
}

func parseError(status int, raw []byte) error {
	var body struct {
		Name        string `json:"name"`
		Message     string `json:"message"`
		DebugID     string `json:"debug_id"`
		Error       string `json:"error"`
		Description string `json:"error_description"`
		Details     []struct {
			Issue       string `json:"issue"`
			Description string `json:"description"`
		} `json:"details"`
	}
	_ = json.Unmarshal(raw, &body)
	e := &APIError{Status: status, Name: body.Name, Message: body.Message, DebugID: body.DebugID}
	if e.Name == "" {
		e.Name, e.Message = body.Error, body.Description // OAuth errors
	}
	if len(body.Details) > 0 {
		e.Issue = body.Details[0].Issue
		if body.Details[0].Description != "" {
			e.Message = body.Details[0].Description
		}
	}
	return e
}

// accessToken returns the cached token, fetching a new one a minute before
// it expires, so concurrent checkouts share one token.
func (c *Client) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != "" && time.Now().Before(c.expires) {
		return c.token, nil
	}
	form := url.Values{"grant_type": {"client_credentials"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.clientID, c.clientSecret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("PayPal-Request-Id", newRequestID())
	var tok struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	start := time.Now()
	err = c.send(req, &tok)
	c.report("oauth_token", start, err)
	if err != nil {
		return "", err
	}
	if tok.AccessToken == "" {
		return "", errors.New("paypal: token response without access_token")
	}
	c.token = tok.AccessToken
	c.expires = time.Now().Add(time.Duration(tok.ExpiresIn)*time.Second - time.Minute)
	return c.token, nil
}

func (c *Client) dropToken(token string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token == token {
		c.token = ""
	}
}

func newRequestID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
