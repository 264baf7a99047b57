package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/linktoken"
)

// ProcessPayment serves POST /functions/v1/process-payment, the spec's
// payment function. Its errors keep the function's own shape (WriteError).
func (s *Service) ProcessPayment(w http.ResponseWriter, r *http.Request) error {
	if err := auth.CheckSecondStep(r.Context()); err != nil {
		return err
	}
	var req PaymentRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	switch req.Action {
	case "create_order", "capture_order", "demo_payment", "free_order":
	default:
		return httpx.Invalid("Unknown action. Use create_order, capture_order, demo_payment or free_order.", map[string]string{"action": "Unknown action"})
	}
	key, err := idempotencyKey(r)
	if err != nil {
		return err
	}
	req.IdempotencyKey = key
	// The actions that record an order and e-mail the address in the form are
	// limited per client; capture only finishes an order created before.
	if req.Action == "create_order" || req.Action == "demo_payment" || req.Action == "free_order" {
		if err := s.limiter.Check(r, req.Action, "Too many payment attempts. Please wait a minute and try again."); err != nil {
			return err
		}
	}
	var out any
	switch req.Action {
	case "create_order":
		var id string
		id, err = s.CreatePayPalOrder(r.Context(), req)
		out = map[string]string{"id": id}
	case "capture_order":
		out, err = s.CapturePayPalOrder(r.Context(), req)
	case "demo_payment":
		out, err = s.DemoPayment(r.Context(), req)
	case "free_order":
		out, err = s.FreeOrder(r.Context(), req)
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// functionError is the payment function's error body; Stock names the
// book and the copies left when the code is out_of_stock.
type functionError struct {
	Error  string            `json:"error"`
	Code   string            `json:"code"`
	Fields map[string]string `json:"fields,omitempty"`
	Stock  *StockLeft        `json:"stock,omitempty"`
}

// WriteError is the payment function's error writer: {"error":"message",
// "code", "fields"}, with 402 for a declined card and 422 for a capture
// PayPal refused.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e := httpx.Prepare(w, r, err)
	status := e.Status()
	switch e.Code {
	case codeDeclined:
		status = http.StatusPaymentRequired
	case codeRefused:
		status = http.StatusUnprocessableEntity
	}
	body := functionError{Error: e.Message, Code: e.Code, Fields: e.Fields}
	if sr := (*stockRefusal)(nil); errors.As(err, &sr) {
		body.Code, body.Stock = codeOutOfStock, &sr.stock
	}
	_ = httpx.WriteJSON(w, status, body)
}

// OrderView is an order as its buyer sees it. Amounts come as cents and,
// for display, as dollars.
type OrderView struct {
	Number string `json:"number"`
	// Status is the one status the shop showed before (legacyStatus);
	// PaymentStatus and FulfillmentStatus are the order's, side by side.
	Status            string `json:"status"`
	PaymentStatus     string `json:"paymentStatus"`
	FulfillmentStatus string `json:"fulfillmentStatus"`
	// Preorder tells a pre-order; ReleaseDate is the day it ships (its
	// books' last), "" for an order of books that were out.
	Preorder      bool        `json:"preorder"`
	ReleaseDate   string      `json:"releaseDate"`
	Provider      string      `json:"provider"`
	Currency      string      `json:"currency"`
	Items         []LineView  `json:"items"`
	Subtotal      json.Number `json:"subtotal"`
	SubtotalCents int64       `json:"subtotalCents"`
	// The discount code and what it took off the subtotal ("" and 0 without one).
	DiscountCode  string       `json:"discountCode"`
	DiscountCents int64        `json:"discountCents"`
	Tax           json.Number  `json:"tax"`
	TaxCents      int64        `json:"taxCents"`
	TaxRate       string       `json:"taxRate"`  // "10%", or "0% print, 20% digital"
	TaxPlace      string       `json:"taxPlace"` // where the rate is of; "" for older orders
	Shipping      json.Number  `json:"shipping"`
	ShippingCents int64        `json:"shippingCents"`
	Total         json.Number  `json:"total"`
	TotalCents    int64        `json:"totalCents"`
	ShippingInfo  ShippingInfo `json:"shippingInfo"`
	CreatedAt     time.Time    `json:"createdAt"`
	PaidAt        *time.Time   `json:"paidAt"`
	// After payment: the parcel (null until shipped), when it was
	// cancelled, and the refunds made.
	Fulfilment    *FulfilmentView `json:"fulfilment"`
	CancelledAt   *time.Time      `json:"cancelledAt"`
	RefundedCents int64           `json:"refundedCents"`
	Refunded      json.Number     `json:"refunded"`
	Refunds       []BuyerRefund   `json:"refunds"`
}

// BuyerRefund is a completed refund as the buyer sees it.
type BuyerRefund struct {
	AmountCents int64       `json:"amountCents"`
	Amount      json.Number `json:"amount"`
	At          time.Time   `json:"at"`
}

// LineView is one line of an OrderView.
type LineView struct {
	BookID         int         `json:"bookId"`
	Title          string      `json:"title"`
	Quantity       int         `json:"quantity"`
	UnitPrice      json.Number `json:"unitPrice"`
	UnitPriceCents int64       `json:"unitPriceCents"`
	LineTotal      json.Number `json:"lineTotal"`
	LineTotalCents int64       `json:"lineTotalCents"`
	Format         string      `json:"format"`
	Digital        bool        `json:"digital"`
	ReleaseDate    string      `json:"releaseDate"` // a pre-ordered book's day, "" for one that was out
}

func viewOf(o Order) OrderView {
	v := OrderView{Number: o.Number, Status: legacyStatus(o.State), PaymentStatus: o.Payment, FulfillmentStatus: o.Fulfilment, Preorder: o.Preorder, ReleaseDate: releaseDateOf(o.Lines), Provider: o.Provider, Currency: o.Currency, Items: []LineView{},
		Subtotal: dollars(o.SubtotalCents), SubtotalCents: o.SubtotalCents, DiscountCode: o.DiscountCode, DiscountCents: o.DiscountCents, Tax: dollars(o.TaxCents), TaxCents: o.TaxCents,
		TaxRate: o.Tax.Label(o.Lines), TaxPlace: o.Tax.Place, Shipping: dollars(o.ShippingCents), ShippingCents: o.ShippingCents, Total: dollars(o.TotalCents), TotalCents: o.TotalCents,
		ShippingInfo: o.Shipping, CreatedAt: o.CreatedAt.UTC(), PaidAt: o.PaidAt}
	for _, l := range o.Lines {
		v.Items = append(v.Items, LineView{BookID: l.BookID, Title: l.Title, Quantity: l.Quantity,
			UnitPrice: dollars(l.UnitPriceCents), UnitPriceCents: l.UnitPriceCents, LineTotal: dollars(l.LineTotalCents), LineTotalCents: l.LineTotalCents,
			Format: l.Format, Digital: l.IsDigital(), ReleaseDate: l.ReleaseDate})
	}
	return v
}

// buyerView is viewOf with what happened after payment.
func (s *Service) buyerView(ctx context.Context, o Order) (OrderView, error) {
	return buyerViewIn(ctx, s.db, o)
}

func buyerViewIn(ctx context.Context, q db.Querier, o Order) (OrderView, error) {
	v := viewOf(o)
	d, err := deskOf(ctx, q, o.ID)
	if err != nil {
		return OrderView{}, err
	}
	v.Fulfilment, v.CancelledAt, v.Refunds = fulfilmentOf(d), d.CancelledAt, []BuyerRefund{}
	refunds, err := refundsOf(ctx, q, o.ID)
	if err != nil {
		return OrderView{}, err
	}
	for _, r := range refunds {
		if r.Status == refundCompleted {
			v.RefundedCents += r.AmountCents
			v.Refunds = append(v.Refunds, BuyerRefund{AmountCents: r.AmountCents, Amount: r.Amount, At: *r.CompletedAt})
		}
	}
	v.Refunded = dollars(v.RefundedCents)
	return v, nil
}

// ListOrders serves GET /api/orders: the caller's orders, newest first.
func (s *Service) ListOrders(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Orders(r.Context())
	if err != nil {
		return err
	}
	views := make([]OrderView, len(list))
	for i, o := range list {
		if views[i], err = s.buyerView(r.Context(), o); err != nil {
			return err
		}
	}
	return httpx.WriteJSON(w, http.StatusOK, views)
}

// GetOrder serves GET /api/orders/{number}: one of the caller's orders.
func (s *Service) GetOrder(w http.ResponseWriter, r *http.Request) error {
	o, err := s.Order(r.Context(), r.PathValue("number"))
	if err != nil {
		return err
	}
	v, err := s.buyerView(r.Context(), o)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, v)
}

// StatusView is an order as a guest's e-mailed link shows it: the buyer's
// view (statuses, lines, totals, parcel, refunds) with no address beyond
// the city.
type StatusView struct {
	OrderView
	// ShippingInfo hides the embedded view's whole address (and e-mail):
	// a nil pointer, omitted.
	ShippingInfo *struct{} `json:"shippingInfo,omitempty"`
	ShipTo       ShipTo    `json:"shipTo"`
}

// ShipTo is as much of the address as a status link shows.
type ShipTo struct {
	City    string `json:"city"`
	Country string `json:"country"`
}

// errStatusLink is a forged, mistyped or expired status link: one answer
// for each, which says nothing of any order.
func (s *Service) errStatusLink() error {
	return httpx.Errorf(httpx.CodeNotFound, "This link to an order is not valid, or it has expired. Please use the link in the latest e-mail "+
		"about your order, or write to us at %s with your order number.", s.site.SupportEmail)
}

// OrderStatus serves POST /api/order-status {token}: the one order a
// guest's e-mailed link names, while the link works (statusLinkLife).
func (s *Service) OrderStatus(w http.ResponseWriter, r *http.Request) error {
	hash, err := linktoken.Read(r, s.errStatusLink())
	if err != nil {
		return err
	}
	ctx := r.Context()
	id, err := statusLinkOrder(ctx, s.db, hash, s.now())
	if db.IsNoRows(err) {
		return s.errStatusLink()
	}
	if err != nil {
		return fmt.Errorf("orders: read status link: %w", err)
	}
	o, err := orderBy(ctx, s.db, "id = ?", id)
	if err != nil {
		return err
	}
	v, err := s.buyerView(ctx, o)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, StatusView{OrderView: v, ShipTo: ShipTo{City: o.Shipping.City, Country: o.Shipping.Country}})
}
