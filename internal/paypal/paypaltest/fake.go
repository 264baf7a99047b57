// Package paypaltest is a fake PayPal for tests: the Orders v2 REST API the
// shop uses (token, create, capture, get) with PayPal-Request-Id replay and
// scriptable failures, plus a test copy of the JS SDK (see sdk.go) for
// browser tests. It keeps everything in memory.
package paypaltest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"bookshop/internal/paypal"
)

// Credentials the fake accepts by default.
const (
	ClientID     = "fake-client-id"
	ClientSecret = "fake-client-secret"
)

// Fake is the in-memory PayPal. The zero value is not usable; call New.
type Fake struct {
	// AutoApprove approves every order as it is created, standing in for the
	// buyer, so Go tests can capture straight away.
	AutoApprove bool

	mu          sync.Mutex
	tokens      map[string]bool
	orders      map[string]*order
	replays     map[string]reply // key: method + path + PayPal-Request-Id
	tokenCalls  int
	declines    int // captures still to decline with INSTRUMENT_DECLINED
	failsAfter  int // successful captures still to answer with a 500
	requestsIDs []string
	held        chan string   // HoldCaptures: capture requests report their order id here
	release     chan struct{} // HoldCaptures: closed to let them go on

	refunds       map[string][]paypal.Refund // by capture id
	refundFails   int                        // refunds still to answer with a 500 after making them
	verifications int                        // verify-webhook-signature calls
	inflight      map[string]*sync.Mutex     // per method, path and PayPal-Request-Id
}

type order struct {
	paypal.Order
	captures     int // real captures: never more than one
	captureCalls int // capture requests that reached the fake, replays excluded
	lookups      int // GET requests for the order
}

type reply struct {
	status int
	body   []byte
}

// New returns a fake with no orders.
func New() *Fake {
	return &Fake{tokens: map[string]bool{}, orders: map[string]*order{}, replays: map[string]reply{}, refunds: map[string][]paypal.Refund{}, inflight: map[string]*sync.Mutex{}}
}

// Start serves the fake on a loopback port for the duration of the test and
// returns it with its base URL.
func Start(t testing.TB) (*Fake, string) {
	f := New()
	f.AutoApprove = true
	srv := httptest.NewServer(f.Handler())
	t.Cleanup(srv.Close)
	return f, srv.URL
}

// Handler serves the REST API, the approval hook and the JS SDK.
func (f *Fake) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/oauth2/token", f.token)
	mux.HandleFunc("POST /v2/checkout/orders", f.authed(f.createOrder))
	mux.HandleFunc("POST /v2/checkout/orders/{id}/capture", f.authed(f.captureOrder))
	mux.HandleFunc("GET /v2/checkout/orders/{id}", f.authed(f.getOrder))
	mux.HandleFunc("POST /v2/payments/captures/{id}/refund", f.authed(f.refundCapture))
	mux.HandleFunc("POST /v1/notifications/verify-webhook-signature", f.authed(f.verifyWebhook))
	mux.HandleFunc("POST /test/webhooks", f.sendWebhookHTTP)
	mux.HandleFunc("POST /test/orders/{id}/approve", f.approveHTTP)
	mux.HandleFunc("OPTIONS /test/orders/{id}/approve", f.approveHTTP)
	mux.HandleFunc("GET /sdk/js", serveSDK)
	return mux
}

// DeclineNextCaptures makes the next n captures fail with INSTRUMENT_DECLINED.
func (f *Fake) DeclineNextCaptures(n int) { f.mu.Lock(); f.declines = n; f.mu.Unlock() }

// FailNextCapturesAfterSuccess makes the next n captures succeed at PayPal
// but respond with a 500, as when the response is lost on the way back.
func (f *Fake) FailNextCapturesAfterSuccess(n int) { f.mu.Lock(); f.failsAfter = n; f.mu.Unlock() }

// HoldCaptures makes capture requests wait, as a slow PayPal does, until
// release is called; each one sends its order id on arrived first.
func (f *Fake) HoldCaptures() (arrived <-chan string, release func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.held, f.release = make(chan string, 16), make(chan struct{})
	held, rel := f.held, f.release
	var once sync.Once
	return held, func() {
		once.Do(func() {
			f.mu.Lock()
			f.held, f.release = nil, nil
			f.mu.Unlock()
			close(rel)
		})
	}
}

// Lookups tells how many times the order was read (GET), e.g. to learn
// the outcome of a capture whose response was lost.
func (f *Fake) Lookups(id string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if o, ok := f.orders[id]; ok {
		return o.lookups
	}
	return 0
}

// Approve marks an order approved, as the buyer does in PayPal's window.
func (f *Fake) Approve(id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	o, ok := f.orders[id]
	if !ok {
		return fmt.Errorf("no order %s", id)
	}
	if o.Status == "CREATED" {
		o.Status = "APPROVED"
	}
	return nil
}

// Captures tells how many times the order's money was really captured.
func (f *Fake) Captures(id string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if o, ok := f.orders[id]; ok {
		return o.captures
	}
	return 0
}

// CaptureCalls tells how many capture requests for the order reached the
// fake, not counting responses replayed for a known PayPal-Request-Id.
func (f *Fake) CaptureCalls(id string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if o, ok := f.orders[id]; ok {
		return o.captureCalls
	}
	return 0
}

// TokenCalls tells how many access tokens were issued.
func (f *Fake) TokenCalls() int { f.mu.Lock(); defer f.mu.Unlock(); return f.tokenCalls }

// ExpireTokens revokes every issued token, as PayPal does when one expires.
func (f *Fake) ExpireTokens() { f.mu.Lock(); clear(f.tokens); f.mu.Unlock() }

// RequestIDs returns the PayPal-Request-Id of every API call, in order.
func (f *Fake) RequestIDs() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.requestsIDs...)
}

// Order returns PayPal's view of an order.
func (f *Fake) Order(id string) (paypal.Order, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	o, ok := f.orders[id]
	if !ok {
		return paypal.Order{}, false
	}
	return o.Order, true
}

func (f *Fake) token(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	if !ok || id != ClientID || secret != ClientSecret {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client", "error_description": "Client Authentication failed"})
		return
	}
	if err := r.ParseForm(); err != nil || r.PostForm.Get("grant_type") != "client_credentials" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type", "error_description": "grant_type must be client_credentials"})
		return
	}
	tok := "A21." + randomID(24)
	f.mu.Lock()
	f.tokens[tok] = true
	f.tokenCalls++
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 32400, "app_id": "APP-FAKE"})
}

// authed checks the bearer token and replays a stored response for a
// PayPal-Request-Id already seen on the same endpoint.
func (f *Fake) authed(next func(r *http.Request) (int, any)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		reqID := r.Header.Get("PayPal-Request-Id")
		key := r.Method + " " + r.URL.Path + " " + reqID
		if reqID != "" && r.Method == http.MethodPost {
			// PayPal handles one request of an id at a time, so a repeat
			// sent while the first runs gets the first's response.
			unlock := f.lockRequest(key)
			defer unlock()
		}
		f.mu.Lock()
		valid := f.tokens[tok]
		f.requestsIDs = append(f.requestsIDs, reqID)
		rep, seen := f.replays[key]
		f.mu.Unlock()
		if !valid {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token", "error_description": "Token signature verification failed"})
			return
		}
		if seen && reqID != "" && r.Method == http.MethodPost {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(rep.status)
			_, _ = w.Write(rep.body)
			return
		}
		status, body := next(r)
		raw, _ := json.Marshal(body)
		if lost, ok := body.(lostResponse); ok {
			// The work is done and remembered for a replay, but this response is a 500.
			raw, _ = json.Marshal(lost.body)
			f.remember(key, reqID, http.StatusCreated, raw)
			writeJSON(w, http.StatusInternalServerError, apiError("INTERNAL_SERVER_ERROR", "An internal server error has occurred.", ""))
			return
		}
		if status < 300 {
			f.remember(key, reqID, status, raw)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(raw)
	}
}

// lockRequest serialises the requests of one PayPal-Request-Id.
func (f *Fake) lockRequest(key string) (unlock func()) {
	f.mu.Lock()
	l, ok := f.inflight[key]
	if !ok {
		l = &sync.Mutex{}
		f.inflight[key] = l
	}
	f.mu.Unlock()
	l.Lock()
	return l.Unlock
}

func (f *Fake) remember(key, reqID string, status int, body []byte) {
	if reqID == "" {
		return
	}
	f.mu.Lock()
	f.replays[key] = reply{status: status, body: body}
	f.mu.Unlock()
}

// lostResponse marks a capture or refund that succeeded but whose response
// is replaced by a 500.
type lostResponse struct{ body any }

func (f *Fake) createOrder(r *http.Request) (int, any) {
	var req paypal.CreateOrderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return http.StatusBadRequest, apiError("INVALID_REQUEST", "Request is not well-formed.", "MALFORMED_REQUEST_JSON")
	}
	if req.Intent != "CAPTURE" || len(req.PurchaseUnits) != 1 {
		return http.StatusBadRequest, apiError("INVALID_REQUEST", "Intent must be CAPTURE with one purchase unit.", "INVALID_PARAMETER_VALUE")
	}
	if issue := checkAmounts(req.PurchaseUnits[0]); issue != "" {
		return http.StatusUnprocessableEntity, apiError("UNPROCESSABLE_ENTITY", "The amounts do not add up.", issue)
	}
	o := &order{Order: paypal.Order{ID: strings.ToUpper(randomID(8)), Status: "CREATED", PurchaseUnits: req.PurchaseUnits}}
	if f.AutoApprove {
		o.Status = "APPROVED"
	}
	f.mu.Lock()
	f.orders[o.ID] = o
	f.mu.Unlock()
	return http.StatusCreated, o.Order
}

func (f *Fake) captureOrder(r *http.Request) (int, any) {
	f.mu.Lock()
	if held, release := f.held, f.release; held != nil {
		f.mu.Unlock()
		held <- r.PathValue("id")
		<-release
		f.mu.Lock()
	}
	defer f.mu.Unlock()
	o, ok := f.orders[r.PathValue("id")]
	if ok {
		o.captureCalls++
	}
	switch {
	case !ok:
		return http.StatusNotFound, apiError("RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID")
	case o.Status == paypal.StatusCompleted:
		return http.StatusUnprocessableEntity, apiError("UNPROCESSABLE_ENTITY", "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.", paypal.IssueAlreadyCaptured)
	case o.Status != "APPROVED":
		return http.StatusUnprocessableEntity, apiError("UNPROCESSABLE_ENTITY", "Payer has not yet approved the Order for payment.", "ORDER_NOT_APPROVED")
	case f.declines > 0:
		f.declines--
		return http.StatusUnprocessableEntity, apiError("UNPROCESSABLE_ENTITY", "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.", paypal.IssueInstrumentDeclined)
	}
	o.captures++
	o.Status = paypal.StatusCompleted
	unit := &o.PurchaseUnits[0]
	unit.Payments = &paypal.Payments{Captures: []paypal.Capture{{ID: "CAP" + strings.ToUpper(randomID(7)), Status: paypal.StatusCompleted, Amount: unit.Amount.Money}}}
	if f.failsAfter > 0 {
		f.failsAfter--
		return http.StatusInternalServerError, lostResponse{body: o.Order}
	}
	return http.StatusCreated, o.Order
}

func (f *Fake) getOrder(r *http.Request) (int, any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	o, ok := f.orders[r.PathValue("id")]
	if !ok {
		return http.StatusNotFound, apiError("RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID")
	}
	o.lookups++
	return http.StatusOK, o.Order
}

// approveHTTP is the fake SDK's stand-in for the buyer approving in PayPal's
// window. The shop's page calls it from another origin, hence CORS.
func (f *Fake) approveHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Methods", "POST")
	if r.Method == http.MethodOptions {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := f.Approve(r.PathValue("id")); err != nil {
		writeJSON(w, http.StatusNotFound, apiError("RESOURCE_NOT_FOUND", err.Error(), "INVALID_RESOURCE_ID"))
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": r.PathValue("id"), "status": "APPROVED"})
}

// checkAmounts verifies what PayPal verifies: the items add up to item_total
// (and their tax, when given, to tax_total) and item_total + tax_total +
// shipping - discount is the amount.
func checkAmounts(u paypal.PurchaseUnit) string {
	b := u.Amount.Breakdown
	if b == nil {
		return ""
	}
	items, taxes, taxed := new(big.Rat), new(big.Rat), false
	for _, it := range u.Items {
		q, err := strconv.Atoi(it.Quantity)
		if err != nil || q < 1 {
			return "INVALID_QUANTITY"
		}
		items.Add(items, new(big.Rat).Mul(rat(it.UnitAmount.Value), big.NewRat(int64(q), 1)))
		if it.Tax != nil {
			taxed = true
			taxes.Add(taxes, new(big.Rat).Mul(rat(it.Tax.Value), big.NewRat(int64(q), 1)))
		}
	}
	if len(u.Items) > 0 && items.Cmp(rat(b.ItemTotal.Value)) != 0 {
		return "ITEM_TOTAL_MISMATCH"
	}
	if taxed && taxes.Cmp(rat(b.TaxTotal.Value)) != 0 {
		return "TAX_TOTAL_MISMATCH"
	}
	total := new(big.Rat).Add(rat(b.ItemTotal.Value), rat(b.TaxTotal.Value))
	if b.Shipping != nil {
		total.Add(total, rat(b.Shipping.Value))
	}
	if b.Discount != nil {
		total.Sub(total, rat(b.Discount.Value))
	}
	if total.Cmp(rat(u.Amount.Value)) != 0 {
		return "AMOUNT_MISMATCH"
	}
	return ""
}

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return new(big.Rat)
	}
	return r
}

func apiError(name, message, issue string) map[string]any {
	e := map[string]any{"name": name, "message": message, "debug_id": randomID(6)}
	if issue != "" {
		e["details"] = []map[string]string{{"issue": issue, "description": message}}
	}
	return e
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func randomID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)[:n]
}
