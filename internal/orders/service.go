// Package orders records the shop's orders and takes payments: PayPal through
// its Orders v2 API, and the demo card, Apple Pay and Google Pay methods that
// move no money but are recorded all the same. It serves the spec's
// /functions/v1/process-payment and the buyer's /api/orders.
package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/formats"
	"bookshop/internal/httpx"
	"bookshop/internal/paypal"
	"bookshop/internal/ratelimit"
)

// Buyers is told about every signed-in buyer of a paid order, so their
// profile gets made_purchase = true. (*gotrue.Service).MarkPurchased fits.
type Buyers interface {
	MarkPurchased(ctx context.Context, userID string) error
}

// Service holds the rules of ordering and paying.
type Service struct {
	db      *db.DB
	catalog Catalog
	paypal  *paypal.Client // nil when PayPal is not configured
	buyers  Buyers
	limiter *ratelimit.Limiter // per-client limit of create_order and demo_payment; nil: none
	site    Settings           // links and the support address in the confirmation e-mail
	// webhookResults is told each webhook delivery's result (the metrics).
	webhookResults func(result string)
	// The tax rates, shipping methods and discount codes (Pricing).
	rates     Rates
	discounts Discounts
	// delivery gives the digital formats of paid orders.
	delivery Delivery

	// How long a capture lock lasts unless renewed, how often its holder
	// renews it, and how long a concurrent request waits for the holder's
	// outcome before asking the buyer to retry. The wait outlasts the hold,
	// so the retry after a crash takes over instead of giving up.
	// now is the clock of order times and capture locks (server.WithClock).
	now          func() time.Time
	captureHold  time.Duration
	captureRenew time.Duration
	captureWait  time.Duration
}

// Pricing is how payments are priced: the shop's tax and shipping settings
// (internal/shopsettings) and its discount codes (internal/discounts).
type Pricing struct {
	Rates     Rates
	Discounts Discounts
}

// Parts are what the orders service works with, each adapted by the
// server from another feature.
type Parts struct {
	Catalog Catalog
	PayPal  *paypal.Client // nil: PayPal is refused clearly while the demo methods keep working
	Buyers  Buyers
	Limiter *ratelimit.Limiter // per-client limit of create_order and demo_payment; nil: none
	Pricing Pricing
	// Delivery gives paid orders their digital lines (Delivery).
	Delivery Delivery
	// WebhookResults is told the result of each webhook delivery (the
	// metrics): its outcome, or why it was refused (webhookResult).
	WebhookResults func(result string)
}

// New builds the service from its parts. now is the clock (nil: time.Now);
// order times and capture locks read it.
func New(d *db.DB, parts Parts, site Settings, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{now: now, db: d, catalog: parts.Catalog, paypal: parts.PayPal, buyers: parts.Buyers, limiter: parts.Limiter, site: site,
		rates: parts.Pricing.Rates, discounts: parts.Pricing.Discounts, delivery: parts.Delivery, webhookResults: parts.WebhookResults,
		captureHold: 15 * time.Second, captureRenew: 5 * time.Second, captureWait: 20 * time.Second}
}

// Error codes of the payment function beyond httpx's.
const (
	// codeDeclined is a 402: PayPal declined the buyer's funding source; the
	// message starts with INSTRUMENT_DECLINED so the buttons restart.
	codeDeclined = "payment_declined"
	// codeRefused is a 422: PayPal refused the capture for another reason
	// (e.g. ORDER_NOT_APPROVED); restarting the buttons would not help.
	codeRefused = "payment_refused"
)

var errAuthRequired = httpx.Errorf(httpx.CodeUnauthorized, "User authentication required for payment")

// signedInBuyer is auth.RequireUser for the payment function, whose
// signed-out response is its own message.
func signedInBuyer(ctx context.Context) (auth.Caller, error) {
	c, err := auth.RequireUser(ctx)
	if e := (*httpx.Error)(nil); errors.As(err, &e) && e.Code == httpx.CodeUnauthorized {
		return c, errAuthRequired
	}
	return c, err
}

// PaymentRequest is the body of POST /functions/v1/process-payment.
type PaymentRequest struct {
	Action       string        `json:"action"`
	Items        []ItemInput   `json:"items"`
	Amount       json.Number   `json:"amount"`
	OrderID      string        `json:"orderID"`
	ShippingInfo *ShippingInfo `json:"shippingInfo"`
	Method       string        `json:"method"` // demo_payment: card, apple or google
	// ShippingMethod is a method id of the shipping settings offered to the
	// address's country ("" is the cheapest); DiscountCode a code, if any.
	// The server prices both: the browser's figures are only compared.
	ShippingMethod string `json:"shippingMethod"`
	DiscountCode   string `json:"discountCode"`
	// UserID is sent by the original client and deliberately ignored: the
	// buyer is the signed-in caller, never a body field.
	UserID string `json:"userId"`
	// IdempotencyKey is the Idempotency-Key header (idempotency.go).
	IdempotencyKey string `json:"-"`
}

// PaymentResult is the response to capture_order and demo_payment.
type PaymentResult struct {
	Success     bool   `json:"success"`
	OrderNumber string `json:"orderNumber"`
	Status      string `json:"status"`
	Provider    string `json:"provider"`
	OrderID     string `json:"orderID,omitempty"`   // PayPal's order id
	CaptureID   string `json:"captureId,omitempty"` // PayPal's capture id
	Total       string `json:"total"`               // e.g. "32.97"
	Currency    string `json:"currency"`
}

func resultOf(o Order) PaymentResult {
	return PaymentResult{Success: o.PaidAt != nil, OrderNumber: o.Number, Status: legacyStatus(o.State), Provider: o.Provider,
		OrderID: o.ProviderOrderID, CaptureID: o.CaptureID, Total: FormatCents(o.TotalCents), Currency: o.Currency}
}

// CreatePayPalOrder prices the cart, records a pending order for the
// signed-in buyer and creates the matching PayPal order, whose id it
// returns. PayPal is for signed-in buyers only (the checkout offers it to
// nobody else), and only the buyer who created an order may capture it.
func (s *Service) CreatePayPalOrder(ctx context.Context, req PaymentRequest) (string, error) {
	books, err := priceBooks(s.catalog, req.Items)
	if err == nil && hasDigital(books.Lines) {
		_, err = digitalBuyer(ctx)
	}
	if err != nil {
		return "", err
	}
	caller, err := signedInBuyer(ctx)
	if err != nil {
		return "", err
	}
	if s.paypal == nil {
		return "", httpx.Errorf(httpx.CodeUnavailable, "PayPal is not configured on this server. Please choose another payment method.")
	}
	// The address, when the checkout sends it, prices the shipping; an
	// older client's order is priced for the United States.
	shipTo, err := checkoutDetails(req.ShippingInfo, books.Lines, caller.Email, false)
	if err != nil {
		return "", err
	}
	cart, err := s.priceOrder(ctx, req, countryOf(shipTo), shipTo.State, Customer{UserID: caller.UserID, Email: caller.Email}, true)
	if err != nil {
		return "", err
	}
	if cart.TotalCents == 0 { // PayPal would be asked for a $0.00 order
		return "", errNothingToPay
	}
	if err := s.checkNotOwned(ctx, s.db, caller.UserID, cart.Lines); err != nil {
		return "", err
	}
	o := Order{Provider: ProviderPayPal, Currency: Currency, Cart: cart, UserID: caller.UserID, Email: caller.Email, Shipping: shipTo, IdempotencyKey: req.IdempotencyKey}
	if earlier, ok, err := orderOfKey(ctx, s.db, o.IdempotencyKey, o.UserID, o.Provider, o.TotalCents); err != nil || ok {
		return payPalIDOf(earlier, err)
	}
	// The copies are taken now, while the buyer approves at PayPal, so the
	// book cannot sell out under them; a failed creation gives them back,
	// and so does the reconciler when the checkout expires unpaid.
	stockChanged := false
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := s.withinHoldLimit(ctx, tx, o); err != nil {
			return err
		}
		var err error
		stockChanged, err = s.recordOrder(ctx, tx, &o, "PayPal checkout started")
		return err
	})
	if db.IsUniqueViolation(err) { // a concurrent call with the same key won
		if earlier, ok, kerr := orderOfKey(ctx, s.db, o.IdempotencyKey, o.UserID, o.Provider, o.TotalCents); kerr != nil || ok {
			return payPalIDOf(earlier, kerr)
		}
	}
	if err != nil {
		return "", err
	}
	if stockChanged {
		s.catalog.StockChanged(ctx)
	}
	pp, err := s.paypal.CreateOrder(ctx, "bookshop-create-"+o.Number, payPalOrderRequest(o))
	if err != nil {
		slog.ErrorContext(ctx, "paypal: create order failed", "order", o.Number, "err", err)
		if serr := s.createFailed(ctx, o, "PayPal create failed: "+err.Error()); serr != nil {
			slog.ErrorContext(ctx, "orders: record failure", "order", o.Number, "err", serr)
		}
		// Nothing was created at PayPal: the buyer's retry of this attempt
		// starts afresh instead of replaying the failure.
		if _, serr := s.db.ExecContext(ctx, `UPDATE orders SET idempotency_key = NULL WHERE id = ?`, o.ID); serr != nil {
			slog.ErrorContext(ctx, "orders: free idempotency key", "order", o.Number, "err", serr)
		}
		return "", httpx.Errorf(httpx.CodeBadGateway, "PayPal could not create the order (%s). Please try again.", payPalMessage(err))
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE orders SET provider_order_id = ?, updated_at = ? WHERE id = ?`, pp.ID, s.now().UTC(), o.ID); err != nil {
		return "", fmt.Errorf("store PayPal order id: %w", err)
	}
	return pp.ID, nil
}

// maxHeldCopies is how many copies of one book a buyer's unpaid PayPal
// checkouts may hold at once: a family's order, not a shelf kept from
// other buyers without paying.
const maxHeldCopies = 5

// The keys of PostgreSQL's advisory locks (the first of their two int4
// keys; the second names the buyer or the order): each count checked
// before a write takes turns with the others of its buyer or order.
const (
	lockHeldCopies int32 = 7283200 // a buyer's unpaid copies (withinHoldLimit)
	lockResends    int32 = 7283201 // an order's resent confirmations (ResendConfirmation)
)

// withinHoldLimit refuses a checkout that would make the buyer's unpaid
// PayPal checkouts (awaiting payment, or declined and not yet expired)
// hold more than maxHeldCopies copies of one book.
func (s *Service) withinHoldLimit(ctx context.Context, tx *db.Tx, o Order) error {
	// Two checkouts of one buyer at once must not both count the copies
	// before either is recorded: they take turns on PostgreSQL (SQLite's
	// write lock, taken at BEGIN, already makes them).
	if tx.Dialect() == db.Postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?, hashtext(?))`, lockHeldCopies, o.UserID); err != nil {
			return fmt.Errorf("orders: lock held copies: %w", err)
		}
	}
	rows, err := tx.QueryContext(ctx, `SELECT l.book_id, SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
		WHERE o.user_id = ? AND o.provider = ? AND (o.payment_status = ? OR (o.payment_status = ? AND o.provider_order_id IS NOT NULL))
		AND l.format = ? GROUP BY l.book_id`, o.UserID, ProviderPayPal, PaymentPending, PaymentFailed, formats.Print)
	if err != nil {
		return fmt.Errorf("orders: held copies: %w", err)
	}
	defer rows.Close()
	held := map[int]int{}
	for rows.Next() {
		var book, n int
		if err := rows.Scan(&book, &n); err != nil {
			return err
		}
		held[book] = n
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, l := range printLines(o.Lines) { // a digital format holds no copy
		h := held[l.BookID]
		if h+l.Quantity <= maxHeldCopies {
			continue
		}
		msg := fmt.Sprintf("At most %d copies of %s can wait for payment in PayPal at a time. Please order %d or fewer.", maxHeldCopies, l.Title, maxHeldCopies)
		if h > 0 {
			msg = fmt.Sprintf("You already have %d of %s waiting in an unpaid PayPal checkout, and at most %d copies of a book can wait "+
				"for payment at a time. Finish that payment, or try again when it expires (%d minutes after you started it).",
				h, l.Title, maxHeldCopies, int(s.site.PendingHold.Minutes()))
		}
		return &httpx.Error{Code: httpx.CodeConflict, Message: msg, Fields: map[string]string{"items": msg}}
	}
	return nil
}

// recordOrder stores a new order and takes its copies in tx: a book no
// longer on sale or with too few copies left refuses the whole order.
// It tells whether a tracked stock went down (StockChanged after commit).
func (s *Service) recordOrder(ctx context.Context, tx *db.Tx, o *Order, note string) (bool, error) {
	if err := insertOrder(ctx, tx, o, note, s.now()); err != nil {
		return false, err
	}
	if err := s.redeemDiscount(ctx, tx, *o); err != nil {
		return false, err
	}
	changed, short, err := s.catalog.TakeCopies(ctx, tx, o.Lines)
	if err != nil {
		return false, err
	}
	if short != nil {
		return false, short.refusal()
	}
	return changed, nil
}

// createFailed marks an order PayPal did not create as failed and gives
// its copies back, in one transaction.
func (s *Service) createFailed(ctx context.Context, o Order, note string) error {
	returned := false
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		moved, err := movePayment(ctx, tx, o.ID, PaymentPending, PaymentFailed, note, s.now())
		if err != nil || !moved {
			return err
		}
		if err := s.releaseDiscount(ctx, tx, o); err != nil {
			return err
		}
		returned, err = s.catalog.ReturnCopies(ctx, tx, o.Lines)
		return err
	})
	if returned {
		s.catalog.StockChanged(ctx)
	}
	return err
}

// payPalIDOf gives a replayed create_order the PayPal order the first call
// made, once it has one.
func payPalIDOf(o Order, err error) (string, error) {
	switch {
	case err != nil:
		return "", err
	case o.ProviderOrderID != "":
		return o.ProviderOrderID, nil
	}
	return "", httpx.Errorf(httpx.CodeConflict, "This payment is already being started. Please wait a moment and try again.")
}

func payPalOrderRequest(o Order) paypal.CreateOrderRequest {
	money := func(c int64) paypal.Money { return paypal.Money{CurrencyCode: o.Currency, Value: FormatCents(c)} }
	taxes := lineTaxes(o)
	items := make([]paypal.Item, 0, len(o.Lines))
	for i, l := range o.Lines {
		name := []rune(l.Title)
		name = name[:min(len(name), 127)] // PayPal's limit for an item name
		sku, category := "book-"+strconv.Itoa(l.BookID), "PHYSICAL_GOODS"
		if l.IsDigital() {
			sku, category = sku+"-"+l.Format, "DIGITAL_GOODS"
		}
		// PayPal's tax is per unit: a line whose tax does not divide by
		// its copies is two items, the last copies a cent more each, so
		// the items' tax adds up to tax_total exactly.
		q := int64(l.Quantity)
		per, odd := taxes[i]/q, taxes[i]%q
		for _, part := range []struct{ n, tax int64 }{{q - odd, per}, {odd, per + 1}} {
			if part.n > 0 {
				items = append(items, paypal.Item{Name: string(name), SKU: sku, Quantity: strconv.FormatInt(part.n, 10),
					UnitAmount: money(l.UnitPriceCents), Tax: ptr(money(part.tax)), Category: category})
			}
		}
	}
	return paypal.CreateOrderRequest{
		Intent: "CAPTURE",
		PurchaseUnits: []paypal.PurchaseUnit{{
			ReferenceID: o.Number,
			InvoiceID:   o.Number,
			Description: "Siso & Friends order " + o.Number,
			Amount: paypal.Amount{Money: money(o.TotalCents), Breakdown: &paypal.Breakdown{
				ItemTotal: money(o.SubtotalCents), TaxTotal: money(o.TaxCents), Shipping: ptr(money(o.ShippingCents)), Discount: discountOf(o, money)}},
			Items: items,
		}},
	}
}

// CapturePayPalOrder captures an approved PayPal order for the signed-in
// buyer. It is idempotent: a repeated or concurrent call for the same order
// returns the stored outcome and never captures twice.
func (s *Service) CapturePayPalOrder(ctx context.Context, req PaymentRequest) (PaymentResult, error) {
	caller, err := signedInBuyer(ctx)
	if err != nil {
		return PaymentResult{}, err
	}
	if req.OrderID == "" {
		return PaymentResult{}, httpx.Invalid("orderID is required.", map[string]string{"orderID": "Required"})
	}
	// Someone else's order is reported exactly like a missing one, so order
	// ids cannot be probed; a database failure is not a 404.
	notFound := httpx.Errorf(httpx.CodeNotFound, "PayPal order %s not found.", req.OrderID)
	o, err := orderBy(ctx, s.db, "provider_order_id = ?", req.OrderID)
	if e := (*httpx.Error)(nil); errors.As(err, &e) && e.Code == httpx.CodeNotFound {
		return PaymentResult{}, notFound
	}
	if err != nil {
		return PaymentResult{}, err
	}
	if o.Provider != ProviderPayPal || o.UserID != caller.UserID {
		return PaymentResult{}, notFound
	}
	if o.Payment == PaymentExpired {
		return PaymentResult{}, errExpired
	}
	if err := s.checkSameCart(o, req); err != nil {
		return PaymentResult{}, err
	}
	if err := s.checkSamePricing(ctx, o, req); err != nil {
		return PaymentResult{}, err
	}
	if o.PaidAt != nil {
		s.markBuyer(ctx, o.UserID)
		return resultOf(o), nil
	}
	o.UserID = caller.UserID
	o.Email = caller.Email
	if req.ShippingInfo != nil {
		if o.Shipping, err = checkoutDetails(req.ShippingInfo, o.Lines, caller.Email, true); err != nil {
			return PaymentResult{}, err
		}
		o.Email = o.Shipping.Email
	}
	return s.captureOnce(ctx, o)
}

// checkSameCart refuses a capture whose cart or amount differs from what the
// PayPal order was created for.
func (s *Service) checkSameCart(o Order, req PaymentRequest) error {
	if len(req.Items) > 0 {
		cart, err := PriceCart(s.catalog, req.Items, "", false)
		if err != nil {
			return err
		}
		if !sameLines(cart.Lines, o.Lines) {
			return httpx.Invalid("Your cart changed after the PayPal order was created. Please start the payment again.", map[string]string{"items": "Changed"})
		}
	}
	if req.Amount != "" {
		if got, ok := ParseCents(req.Amount); !ok || got != o.TotalCents {
			return httpx.Invalid("The amount does not match the PayPal order total of $"+FormatCents(o.TotalCents)+". Please start the payment again.",
				map[string]string{"amount": "Does not match the order total"})
		}
	}
	return nil
}

func sameLines(a, b []Line) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].BookID != b[i].BookID || a[i].Format != b[i].Format || a[i].Quantity != b[i].Quantity || a[i].UnitPriceCents != b[i].UnitPriceCents {
			return false
		}
	}
	return true
}

// captureOnce takes the order's capture lock in the database and captures;
// a request that cannot take it waits for the holder's outcome. The holder
// renews its lock while it works (keepLock), so a lock that expires belongs
// to a request that died, and the wait outlasts it: the buyer's retry then
// takes the lock over and learns from PayPal what became of the payment.
func (s *Service) captureOnce(ctx context.Context, o Order) (PaymentResult, error) {
	deadline := time.Now().Add(s.captureWait)
	for {
		lock, claimed, err := claimCapture(ctx, s.db, o.ID, s.now(), s.captureHold)
		if err != nil {
			return PaymentResult{}, err
		}
		if claimed {
			return s.capture(ctx, o, lock)
		}
		cur, err := orderBy(ctx, s.db, "id = ?", o.ID)
		if err != nil {
			return PaymentResult{}, err
		}
		switch {
		case cur.PaidAt != nil:
			s.markBuyer(ctx, cur.UserID)
			return resultOf(cur), nil
		case cur.Payment == PaymentExpired:
			return PaymentResult{}, errExpired
		}
		if time.Now().After(deadline) {
			return PaymentResult{}, httpx.Errorf(httpx.CodeConflict, "This payment is already being processed. Please wait a moment and check your orders.")
		}
		select {
		case <-ctx.Done():
			return PaymentResult{}, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

var errExpired = httpx.Errorf(httpx.CodeConflict, "This PayPal checkout has expired. Please start the payment again.")

// capture runs with the lock held. The work goes on if the buyer's browser
// goes away mid-way, so the outcome is always recorded and the lock freed.
func (s *Service) capture(reqCtx context.Context, o Order, lock captureLock) (PaymentResult, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(reqCtx), 40*time.Second)
	defer cancel()
	defer s.keepLock(ctx, lock)()
	fresh, err := orderBy(ctx, s.db, "id = ?", o.ID) // the attempt number may have moved on
	if err != nil {
		return PaymentResult{}, errors.Join(err, releaseCapture(ctx, s.db, o.ID, false, s.now()))
	}
	o.CaptureAttempt = fresh.CaptureAttempt
	if err := keepShipping(ctx, s.db, o); err != nil {
		return PaymentResult{}, errors.Join(err, releaseCapture(ctx, s.db, o.ID, false, s.now()))
	}
	if _, err := movePayment(ctx, s.db, o.ID, PaymentFailed, PaymentPending, "capture retried", s.now()); err != nil {
		return PaymentResult{}, errors.Join(err, releaseCapture(ctx, s.db, o.ID, false, s.now()))
	}
	if lock.tookOver {
		// The request that held the lock died mid-capture: PayPal knows
		// whether it took the money. If it did, this finishes the order.
		pp, err := s.paypal.GetOrder(ctx, o.ProviderOrderID)
		if err != nil {
			return PaymentResult{}, s.captureFailed(ctx, o, err)
		}
		if pp.Status == paypal.StatusCompleted {
			return s.settle(ctx, o, pp)
		}
	}
	requestID := fmt.Sprintf("bookshop-capture-%s-%d", o.Number, o.CaptureAttempt)
	pp, err := s.paypal.CaptureOrder(ctx, requestID, o.ProviderOrderID)
	if paypal.IssueOf(err) == paypal.IssueAlreadyCaptured {
		// Captured by an earlier try whose response we lost: read the outcome.
		pp, err = s.paypal.GetOrder(ctx, o.ProviderOrderID)
	}
	if err != nil {
		return PaymentResult{}, s.captureFailed(ctx, o, err)
	}
	return s.settle(ctx, o, pp)
}

// settle records what PayPal says of a capture: a completed capture of the
// order's amount makes the order paid (with its one e-mail); anything else
// fails it, and the lock is freed either way.
func (s *Service) settle(ctx context.Context, o Order, pp paypal.Order) (PaymentResult, error) {
	capture, ok := pp.FirstCapture()
	if !ok || pp.Status != paypal.StatusCompleted || capture.Status != paypal.StatusCompleted {
		return PaymentResult{}, s.fail(ctx, o, fmt.Sprintf("capture not completed: order %s, capture %s", pp.Status, capture.Status),
			httpx.Errorf(httpx.CodeBadGateway, "PayPal did not complete the payment (status %s). Please try again.", pp.Status))
	}
	if got, ok := ParseCents(json.Number(capture.Amount.Value)); !ok || got != o.TotalCents || capture.Amount.CurrencyCode != o.Currency {
		slog.ErrorContext(ctx, "paypal: captured amount differs from order", "order", o.Number, "captured", capture.Amount, "expected", FormatCents(o.TotalCents))
		return PaymentResult{}, s.fail(ctx, o, "captured "+capture.Amount.Value+" "+capture.Amount.CurrencyCode+", expected "+FormatCents(o.TotalCents)+" "+o.Currency,
			httpx.Errorf(httpx.CodeBadGateway, "PayPal reported a payment that does not match your order. Our team has been notified and will contact you."))
	}
	o.CaptureID = capture.ID
	paid, err := s.finishPaid(ctx, o, "PayPal capture "+capture.ID)
	if err != nil {
		return PaymentResult{}, errors.Join(err, releaseCapture(ctx, s.db, o.ID, false, s.now()))
	}
	return resultOf(paid), nil
}

// captureFailed records a failed capture. A decline or another refusal is
// definitive (the next try gets a new PayPal-Request-Id); a 5xx or a network
// failure leaves the outcome unknown, so the retry reuses the id and PayPal
// replays the first response instead of charging again.
func (s *Service) captureFailed(ctx context.Context, o Order, err error) error {
	var apiErr *paypal.APIError
	if !errors.As(err, &apiErr) || apiErr.Status >= 500 || apiErr.Status == 429 {
		slog.WarnContext(ctx, "paypal: capture outcome unknown", "order", o.Number, "err", err)
		if rerr := releaseCapture(ctx, s.db, o.ID, false, s.now()); rerr != nil {
			return rerr
		}
		return httpx.Errorf(httpx.CodeBadGateway, "PayPal did not confirm the payment. Please try again; you will not be charged twice.")
	}
	if apiErr.Issue == paypal.IssueInstrumentDeclined {
		return s.fail(ctx, o, paypal.IssueInstrumentDeclined, &httpx.Error{Code: codeDeclined,
			Message: "INSTRUMENT_DECLINED: PayPal declined this payment method. Please choose another way to pay."})
	}
	return s.fail(ctx, o, err.Error(), &httpx.Error{Code: codeRefused, Message: "PayPal refused the payment: " + payPalMessage(err)})
}

// fail marks the order payment_failed (a later capture may still retry it),
// frees the lock for a fresh attempt, and returns userErr.
func (s *Service) fail(ctx context.Context, o Order, note string, userErr error) error {
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if _, err := movePayment(ctx, tx, o.ID, PaymentPending, PaymentFailed, note, s.now()); err != nil {
			return err
		}
		return releaseCapture(ctx, tx, o.ID, true, s.now())
	})
	if err != nil {
		return err
	}
	return userErr
}

// finishPaid marks the order paid and queues its confirmation e-mail in one
// transaction; only the call that changes the status sends the e-mail, so
// it goes out exactly once. The buyer is marked after the commit.
func (s *Service) finishPaid(ctx context.Context, o Order, note string) (Order, error) {
	var owned []refundRow
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		changed, refunds, err := s.payAndDeliver(ctx, tx, o, o.CaptureID, note, false, s.now())
		if err != nil || !changed {
			return err
		}
		owned = refunds
		return s.queueConfirmation(ctx, tx, o, s.now())
	})
	if err != nil {
		return Order{}, err
	}
	s.applyHeldRefundsOf(ctx, o.CaptureID)
	s.refundOwned(ctx, o, owned)
	paid, err := orderBy(ctx, s.db, "id = ?", o.ID)
	if err != nil {
		return Order{}, err
	}
	s.markBuyer(ctx, paid.UserID)
	return paid, nil
}

// markBuyer sets made_purchase. It is repeated on every idempotent replay, so
// a failure here (logged) heals on the next call instead of failing a paid order.
func (s *Service) markBuyer(ctx context.Context, userID string) {
	if userID == "" || s.buyers == nil {
		return
	}
	if err := s.buyers.MarkPurchased(ctx, userID); err != nil {
		slog.ErrorContext(ctx, "orders: mark buyer", "user", userID, "err", err)
	}
}

// DemoPayment records a paid order for the demo card, Apple Pay and Google
// Pay methods. No money moves; guests may use it with the form's e-mail.
func (s *Service) DemoPayment(ctx context.Context, req PaymentRequest) (PaymentResult, error) {
	provider, ok := map[string]string{"card": ProviderDemoCard, "apple": ProviderDemoApple, "google": ProviderDemoGoogle}[req.Method]
	if !ok {
		return PaymentResult{}, httpx.Invalid("method must be card, apple or google.", map[string]string{"method": "Invalid method"})
	}
	return s.placePaid(ctx, req, provider, "demo checkout ("+req.Method+")", "demo payment, no money moved")
}

// FreeOrder places an order whose total is zero (a 100 % discount, say)
// without any payment method: nothing to pay, so nobody is asked to. Any
// other total is refused.
func (s *Service) FreeOrder(ctx context.Context, req PaymentRequest) (PaymentResult, error) {
	return s.placePaid(ctx, req, ProviderNone, "checkout with nothing to pay", "nothing to pay: the total is $0.00")
}

// errNothingToPay refuses a payment of an order whose total is zero.
var errNothingToPay = httpx.Invalid("This order's total is $0.00, so there is nothing to pay: place it without a payment method.",
	map[string]string{"amount": "Nothing to pay"})

// placePaid records an order paid by provider (a demo method, or none for
// a total of zero), with its confirmation e-mail. A total of zero is paid
// by none and only by none.
func (s *Service) placePaid(ctx context.Context, req PaymentRequest, provider, note, paidNote string) (PaymentResult, error) {
	books, err := priceBooks(s.catalog, req.Items) // the cart's problems first
	if err != nil {
		return PaymentResult{}, err
	}
	o := Order{Provider: provider, Currency: Currency}
	if _, signedIn := auth.CallerFrom(ctx); signedIn || hasDigital(books.Lines) { // anonymous buyers may pay by demo card for print
		c, err := digitalBuyer(ctx)
		if err != nil {
			return PaymentResult{}, err
		}
		o.UserID, o.Email = c.UserID, c.Email
	}
	if o.Shipping, err = checkoutDetails(req.ShippingInfo, books.Lines, o.Email, true); err != nil {
		return PaymentResult{}, err
	}
	o.Email = o.Shipping.Email
	cart, err := s.priceOrder(ctx, req, countryOf(o.Shipping), o.Shipping.State, Customer{UserID: o.UserID, Email: o.Email}, true)
	if err != nil {
		return PaymentResult{}, err
	}
	o.Cart = cart
	switch {
	case provider == ProviderNone && cart.TotalCents != 0:
		return PaymentResult{}, httpx.Invalid("This order's total is $"+FormatCents(cart.TotalCents)+": please choose a payment method.",
			map[string]string{"amount": "Payment needed"})
	case provider != ProviderNone && cart.TotalCents == 0:
		return PaymentResult{}, errNothingToPay
	}
	o.IdempotencyKey = req.IdempotencyKey
	var replay *Order // the order an earlier call with the same key made
	stockChanged := false
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		earlier, ok, err := orderOfKey(ctx, tx, o.IdempotencyKey, o.UserID, o.Provider, o.TotalCents)
		if err != nil || ok {
			replay = &earlier
			return err
		}
		if err := s.checkNotOwned(ctx, tx, o.UserID, o.Lines); err != nil {
			return err
		}
		if stockChanged, err = s.recordOrder(ctx, tx, &o, note); err != nil {
			return err
		}
		if _, _, err := s.payAndDeliver(ctx, tx, o, "", paidNote, true, s.now()); err != nil {
			return err
		}
		return s.queueConfirmation(ctx, tx, o, s.now())
	})
	if db.IsUniqueViolation(err) { // a concurrent call with the same key won (PostgreSQL)
		earlier, ok, kerr := orderOfKey(ctx, s.db, o.IdempotencyKey, o.UserID, o.Provider, o.TotalCents)
		if kerr != nil || ok {
			replay, err = &earlier, kerr
		}
	}
	if err != nil {
		return PaymentResult{}, err
	}
	if replay != nil {
		return resultOf(*replay), nil
	}
	if stockChanged {
		s.catalog.StockChanged(ctx)
	}
	s.markBuyer(ctx, o.UserID)
	paidAt := s.now().UTC()
	o.State, o.PaidAt = State{PaymentPaid, Unfulfilled}, &paidAt
	switch {
	case s.awaiting(o.Lines, paidAt):
		o.Fulfilment = AwaitingRelease
	case digitalOnly(o.Lines):
		o.Fulfilment = Delivered
	}
	return resultOf(o), nil
}

// Orders lists the signed-in caller's orders, newest first.
func (s *Service) Orders(ctx context.Context) ([]Order, error) {
	c, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := auth.CheckSecondStep(ctx); err != nil {
		return nil, err
	}
	return ordersOfUser(ctx, s.db, c.UserID)
}

// Order returns one of the caller's orders by number; anyone else's order
// is reported as not found, so numbers cannot be probed.
func (s *Service) Order(ctx context.Context, number string) (Order, error) {
	c, err := auth.RequireUser(ctx)
	if err != nil {
		return Order{}, err
	}
	if err := httpx.CheckText(number); err != nil {
		return Order{}, err
	}
	if err := auth.CheckSecondStep(ctx); err != nil {
		return Order{}, err
	}
	o, err := orderBy(ctx, s.db, "number = ?", number)
	if err != nil {
		return Order{}, err
	}
	if o.UserID != c.UserID {
		return Order{}, httpx.NotFound("Order")
	}
	return o, nil
}

func payPalMessage(err error) string {
	var apiErr *paypal.APIError
	if errors.As(err, &apiErr) {
		if apiErr.Issue != "" {
			return apiErr.Issue
		}
		if apiErr.Name != "" {
			return apiErr.Name
		}
		return "HTTP " + strconv.Itoa(apiErr.Status)
	}
	return "no response from PayPal"
}

func ptr[T any](v T) *T { return &v }
