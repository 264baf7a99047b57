package orders

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/db"
	"bookshop/internal/formats"
	"bookshop/internal/httpx"
	"bookshop/internal/mail"
	"bookshop/internal/paypal"
)

// Refunds, and the cancellation that refunds in full.
//
// A refund happens in two steps. First, in one transaction, its amount is
// reserved on the order (refunded_cents grows by a conditional UPDATE that
// never lets it pass the total) and a pending refund row is written under
// the staff member's Idempotency-Key. Then PayPal is asked (demo orders
// skip this) with PayPal-Request-Id "bookshop-refund-<id>", and a second
// transaction completes the refund: status, timeline, audit, stock, e-mail.
// So a double click or a retry with the same key finds the refund it made
// and finishes it, PayPal replays its first answer instead of refunding
// twice, and two staff at once can only reserve what is left. PayPal's
// definitive refusal gives the reservation back; an unknown outcome (no
// response) leaves the refund pending for the same click to retry.

// Refund sources and statuses.
const (
	sourceStaff  = "staff"
	sourceCancel = "cancel"
	sourcePayPal = "paypal" // made in PayPal's dashboard; learnt from a webhook

	refundPending   = "pending"
	refundCompleted = "completed"
	refundFailed    = "failed"
)

// RefundInput is the body of POST /api/admin/orders/{number}/refund:
// amountCents, or lines (which copies of which books) instead.
type RefundInput struct {
	AmountCents *int64            `json:"amountCents"`
	Lines       []RefundLineInput `json:"lines"`
	Reason      string            `json:"reason"`
	Version     int               `json:"version"`
}

// RefundLineInput is quantity copies of the order's line with bookId.
type RefundLineInput struct {
	BookID   int    `json:"bookId"`
	Format   string `json:"format"` // "" is the book's print line (or its one line)
	Quantity int    `json:"quantity"`
}

// refundLine is a refunded line as stored with its refund.
type refundLine struct {
	Position int    `json:"position"`
	BookID   int    `json:"bookId"`
	Title    string `json:"title"`
	Format   string `json:"format,omitempty"`
	Quantity int    `json:"quantity"`
}

// named is the line's book as the timeline and the e-mail name it: with
// its format when digital ("Our First Adventure (E-book)"), as one book
// may be in an order twice.
func (l refundLine) named() string {
	if formats.IsDigital(l.Format) {
		return l.Title + " (" + formats.Word(l.Format) + ")"
	}
	return l.Title
}

// CancelInput is the body of POST /api/admin/orders/{number}/cancel.
type CancelInput struct {
	Reason  string `json:"reason"`
	Version int    `json:"version"`
}

const maxReason = 500

func checkReason(reason string, fields map[string]string) string {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		fields["reason"] = "Say why (the buyer sees it in the e-mail)."
	case len([]rune(reason)) > maxReason:
		fields["reason"] = "At most 500 characters."
	}
	return reason
}

// refundRow is a stored refund.
type refundRow struct {
	ID          int64
	OrderID     int64
	AmountCents int64
	Reason      string
	Lines       []refundLine
	Source      string
	Status      string
	Key         string
	Actor       staff
	Failure     string
}

var errRefundKeyReused = httpx.Errorf(httpx.CodeConflict,
	"This Idempotency-Key was already used for another refund. Send a new key for a new refund.")

// Refund refunds part or all of a paid order.
func (s *Service) Refund(ctx context.Context, number string, in RefundInput, key string) (AdminOrder, error) {
	a, err := deskStaff(ctx)
	if err != nil {
		return AdminOrder{}, err
	}
	if key == "" {
		return AdminOrder{}, httpx.Invalid("A refund needs an Idempotency-Key header: one key per refund, so that a retry refunds once.",
			map[string]string{"Idempotency-Key": "Required"})
	}
	fields := map[string]string{}
	in.Reason = checkReason(in.Reason, fields)
	switch {
	case in.AmountCents != nil && len(in.Lines) > 0:
		fields["amountCents"] = "Give an amount or lines, not both."
	case in.AmountCents == nil && len(in.Lines) == 0:
		fields["amountCents"] = "Give the amount to refund, in cents, or the lines."
	case in.AmountCents != nil && (*in.AmountCents < 1 || *in.AmountCents > maxCents):
		fields["amountCents"] = "A whole number of cents from 1."
	case len(in.Lines) > maxLines:
		fields["lines"] = "Too many lines."
	}
	if in.Version < 0 {
		fields["version"] = "The order's version, a positive number."
	}
	if len(fields) > 0 {
		return AdminOrder{}, httpx.Invalid("Please correct the highlighted fields.", fields)
	}
	o, _, err := loadDesk(ctx, s.db, number)
	if err != nil {
		return AdminOrder{}, err
	}
	r := refundRow{OrderID: o.ID, Reason: in.Reason, Source: sourceStaff, Key: key, Actor: a, Lines: []refundLine{}}
	if in.AmountCents != nil {
		r.AmountCents = *in.AmountCents
	} else if r.Lines, err = linesToRefund(o, in.Lines); err != nil {
		return AdminOrder{}, err
	} // a refund by lines is priced in reserveRefund, from the copies refunded before

	return s.runRefund(ctx, o, r, in.Version)
}

// runRefund reserves and makes the refund r of o, or, when its key made
// one before (a double click, a retry, the same click twice at once),
// finishes and answers that one.
func (s *Service) runRefund(ctx context.Context, o Order, r refundRow, version int) (AdminOrder, error) {
	if r.Key != "" {
		if earlier, found, err := refundBy(ctx, s.db, "idempotency_key = ?", r.Key); err != nil || found {
			return s.replayRefund(ctx, o, earlier, r, err)
		}
	}
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		return s.reserveRefund(ctx, tx, o, &r, version)
	})
	if db.IsUniqueViolation(err) && r.Key != "" { // the other request with the key reserved
		earlier, found, kerr := refundBy(ctx, s.db, "idempotency_key = ?", r.Key)
		if kerr != nil || found {
			return s.replayRefund(ctx, o, earlier, r, kerr)
		}
	}
	if err != nil {
		return AdminOrder{}, err
	}
	if err := s.completeRefund(ctx, o, r); err != nil {
		return AdminOrder{}, err
	}
	return s.adminOrder(ctx, o.Number)
}

// replayRefund answers a refund request (want) whose key made the refund r
// before: the same refund is finished if it is still under way, and the
// order returned. A key of another request (another order, amount, books,
// reason, or a cancellation's key sent with a refund) is refused, or the
// caller would be told a move was made that was not.
func (s *Service) replayRefund(ctx context.Context, o Order, r, want refundRow, err error) (AdminOrder, error) {
	if err != nil {
		return AdminOrder{}, err
	}
	if r.OrderID != o.ID || r.Source != want.Source || r.Reason != want.Reason ||
		(want.Source == sourceStaff && (!slices.Equal(r.Lines, want.Lines) || (len(want.Lines) == 0 && r.AmountCents != want.AmountCents))) {
		return AdminOrder{}, errRefundKeyReused
	}
	switch r.Status {
	case refundPending:
		if err := s.completeRefund(ctx, o, r); err != nil {
			return AdminOrder{}, err
		}
	case refundFailed:
		return AdminOrder{}, httpx.Errorf(httpx.CodeConflict, "This refund failed: %s. Start a new refund to try again.", r.Failure)
	}
	return s.adminOrder(ctx, o.Number)
}

// linesToRefund checks the lines to refund and names their order lines.
func linesToRefund(o Order, in []RefundLineInput) ([]refundLine, error) {
	fields := map[string]string{}
	out := []refundLine{}
	seen := map[int]bool{}
	for i, l := range in {
		pos := lineOf(o, l)
		key := "lines." + strconv.Itoa(i)
		switch {
		case pos < 0:
			fields[key] = "This book is not in the order."
		case seen[pos]:
			fields[key] = "This book is named twice."
		case l.Quantity < 1 || l.Quantity > o.Lines[pos].Quantity:
			fields[key] = fmt.Sprintf("A quantity from 1 to %d.", o.Lines[pos].Quantity)
		default:
			seen[pos] = true
			out = append(out, refundLine{Position: pos + 1, BookID: l.BookID, Title: o.Lines[pos].Title, Format: o.Lines[pos].Format, Quantity: l.Quantity})
		}
	}
	if len(fields) > 0 {
		return nil, httpx.Invalid("Please correct the lines to refund.", fields)
	}
	return out, nil
}

// linesAmount is what refunding lines gives back, once before copies of
// each line were refunded (by position): their share of what the buyer
// paid for the books, tax and any discount included (shipping is refunded
// by amount). What was paid for the books is shared out between the lines
// by largest remainder (paidShares: by tax class where the classes' rates
// differ, so a line gives back its own tax), and a line's share between its copies
// the same way, the first copies refunded taking the odd cents; so
// refunding every copy, all at once or one by one, gives back exactly what
// was paid for the books, never a cent more or less.
func linesAmount(o Order, lines []refundLine, before map[int]int) int64 {
	shares := paidShares(o)
	var sum int64
	for _, l := range lines {
		i := l.Position - 1
		if i < 0 || i >= len(o.Lines) || o.Lines[i].Quantity < 1 {
			continue
		}
		q := int64(o.Lines[i].Quantity)
		upTo := func(n int64) int64 { // the first n copies' share
			return n*(shares[i]/q) + min(n, shares[i]%q)
		}
		from := int64(before[l.Position])
		sum += upTo(min(from+int64(l.Quantity), q)) - upTo(from)
	}
	return sum
}

// allocate shares total cents out in proportion to weights by largest
// remainder: each gets the floor of its exact share and the cents left go
// to the largest fractions (the first on a tie), so the shares add up to
// total exactly. All weights 0 share nothing.
func allocate(total int64, weights []int64) []int64 {
	out := make([]int64, len(weights))
	var sum int64
	for _, w := range weights {
		sum += max(w, 0)
	}
	if sum <= 0 || total <= 0 {
		return out
	}
	rems := make([]int64, len(weights))
	left := total
	for i, w := range weights {
		// In 128 bits: total × w may pass 2^63; the quotient, at most
		// total, does not.
		hi, lo := bits.Mul64(uint64(total), uint64(max(w, 0)))
		q, r := bits.Div64(hi, lo, uint64(sum))
		out[i], rems[i] = int64(q), int64(r)
		left -= out[i]
	}
	order := make([]int, len(weights))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rems[b], rems[a]) })
	for _, i := range order[:left] {
		out[i]++
	}
	return out
}

// lineOf is the index of the order's line a refund names: the book in the
// format given, or without one its print line, else its only line; -1
// when there is none.
func lineOf(o Order, in RefundLineInput) int {
	found := -1
	for j, ol := range o.Lines {
		switch {
		case ol.BookID != in.BookID:
		case in.Format != "" && ol.Format == in.Format, in.Format == "" && !ol.IsDigital():
			return j
		case in.Format == "" && found < 0:
			found = j
		}
	}
	return found
}

// reserveRefund writes the pending refund and reserves its amount (and its
// lines' copies) on the order, in tx. A cancellation also moves the order
// to cancelled in the same UPDATE, so nobody ships it meanwhile.
func (s *Service) reserveRefund(ctx context.Context, tx *db.Tx, o Order, r *refundRow, version int) error {
	now := s.now().UTC()
	action := ActionRefund
	if r.Source == sourceCancel {
		action = ActionCancel
	}
	d, err := deskOf(ctx, tx, o.ID)
	if err != nil {
		return err
	}
	if o.State, err = stateOf(ctx, tx, o.ID); err != nil {
		return err
	}
	if r.Source == sourceCancel {
		r.AmountCents = o.TotalCents - d.RefundedCents
	}
	if r.Source == sourceStaff && len(r.Lines) > 0 {
		before, err := refundedQuantities(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		r.AmountCents = linesAmount(o, r.Lines, before)
	}
	// The row first: the same key sent twice at once waits here on the
	// unique index, then fails and replays the first (Refund).
	r.Status = refundPending
	if err := insertRefund(ctx, tx, r, now); err != nil {
		return err
	}
	reserved, err := reserve(ctx, tx, o, action, d, r, version, now)
	if err != nil {
		return err
	}
	if !reserved {
		left := o.TotalCents - d.RefundedCents
		if left > 0 && left < r.AmountCents && allows(action, o.State) && (version == 0 || version == d.Version) {
			return httpx.Invalid(fmt.Sprintf("At most $%s is left to refund on order %s.", FormatCents(o.TotalCents-d.RefundedCents), o.Number),
				map[string]string{"amountCents": "At most " + strconv.FormatInt(o.TotalCents-d.RefundedCents, 10) + " cents"})
		}
		return refused(ctx, tx, o.Number, action, version)
	}
	for _, l := range r.Lines {
		reserved, err := reserveCopies(ctx, tx, o.ID, l)
		if err != nil {
			return err
		}
		if !reserved {
			return httpx.Invalid("Some of these copies were already refunded.", map[string]string{"lines": "Already refunded: " + l.Title})
		}
	}
	return nil
}

// completeRefund asks PayPal for a reserved refund (demo orders move no
// money) and records the outcome.
func (s *Service) completeRefund(ctx context.Context, o Order, r refundRow) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 40*time.Second)
	defer cancel()
	paypalID := ""
	if o.Provider == ProviderPayPal && r.AmountCents > 0 {
		if s.paypal == nil {
			return httpx.Errorf(httpx.CodeUnavailable, "PayPal is not configured on this server, so this PayPal order cannot be refunded here. The refund stays pending.")
		}
		if o.CaptureID == "" {
			return errors.Join(s.failRefund(ctx, o, r, "the order has no PayPal capture"),
				httpx.Errorf(httpx.CodeConflict, "Order %s has no PayPal capture to refund.", o.Number))
		}
		ref := refundRef(r.ID)
		pp, err := s.paypal.RefundCapture(ctx, ref, o.CaptureID, paypal.RefundRequest{
			Amount:   &paypal.Money{CurrencyCode: o.Currency, Value: FormatCents(r.AmountCents)},
			CustomID: ref, InvoiceID: o.Number + "-R" + strconv.FormatInt(r.ID, 10), NoteToPayer: noteToPayer(r.Reason)})
		var apiErr *paypal.APIError
		switch {
		case errors.As(err, &apiErr) && apiErr.Status >= 400 && apiErr.Status < 500 && apiErr.Status != 429:
			slog.WarnContext(ctx, "paypal: refund refused", "order", o.Number, "err", err)
			return errors.Join(s.failRefund(ctx, o, r, "PayPal refused: "+payPalMessage(err)),
				httpx.Errorf(httpx.CodeConflict, "PayPal refused the refund (%s). Nothing was refunded.", payPalMessage(err)))
		case err != nil:
			slog.WarnContext(ctx, "paypal: refund outcome unknown", "order", o.Number, "err", err)
			return httpx.Errorf(httpx.CodeBadGateway, "PayPal did not confirm the refund. Try again: the same refund will not be made twice.")
		case pp.Status == "FAILED" || pp.Status == "CANCELLED":
			return errors.Join(s.failRefund(ctx, o, r, "PayPal refund "+pp.Status),
				httpx.Errorf(httpx.CodeConflict, "PayPal did not make the refund (status %s). Nothing was refunded.", pp.Status))
		}
		paypalID = pp.ID
	}
	return s.finishRefund(ctx, o, r, paypalID)
}

// refundRef is a refund's PayPal-Request-Id and custom_id.
func refundRef(id int64) string { return "bookshop-refund-" + strconv.FormatInt(id, 10) }

// noteToPayer is the reason as PayPal takes it (at most 255 characters).
func noteToPayer(reason string) string {
	r := []rune(reason)
	return string(r[:min(len(r), 255)])
}

// finishRefund records a refund PayPal made (or a demo one): once, by a
// conditional UPDATE of the pending row, so a webhook about it, a retry
// and the first request finish it once between them.
func (s *Service) finishRefund(ctx context.Context, o Order, r refundRow, paypalID string) error {
	returned := false
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		var err error
		returned, err = s.completeInTx(ctx, tx, o, r, paypalID)
		return err
	})
	if returned {
		s.catalog.StockChanged(ctx)
	}
	return err
}

// completeInTx is finishRefund's transaction; it tells whether a stock went up.
func (s *Service) completeInTx(ctx context.Context, tx *db.Tx, o Order, r refundRow, paypalID string) (bool, error) {
	now := s.now().UTC()
	if done, err := markRefund(ctx, tx, r.ID, refundCompleted, now, paypalID, ""); err != nil || !done {
		return false, err // !done: finished by someone else
	}
	return s.recordRefund(ctx, tx, o, r, now)
}

// recordRefund writes what a completed refund changes, in tx: the order's
// payment status (derived from amounts: refunded once completed refunds
// reach the total), the timeline, the audit log, copies that never shipped
// back to stock, and the buyer's e-mail. It tells whether a stock went up.
func (s *Service) recordRefund(ctx context.Context, tx *db.Tx, o Order, r refundRow, now time.Time) (bool, error) {
	if err := lockOrder(ctx, tx, o.ID, now); err != nil {
		return false, err
	}
	before, err := orderBy(ctx, tx, "id = ?", o.ID)
	if err != nil {
		return false, err
	}
	d, err := deskOf(ctx, tx, o.ID)
	if err != nil {
		return false, err
	}
	completed, err := completedRefunds(ctx, tx, o.ID)
	if err != nil {
		return false, err
	}
	to := State{refundedStatus(o.TotalCents, completed), before.Fulfilment}
	if _, ok := moveOf(before.State, to); ok {
		moved, err := moveOrder(ctx, tx, o.ID, change{from: before.State, to: to, kind: kindRefund, note: refundNote(r), actor: r.Actor}, now)
		if err == nil && !moved {
			err = fmt.Errorf("orders: refund %d: order %s moved while locked", r.ID, o.Number)
		}
		if err != nil {
			return false, err
		}
	} else { // the same status (one more partial refund), or a payment that no refund moves (denied)
		to = before.State
		if err := addTimeline(ctx, tx, o.ID, entry{kind: kindRefund, note: refundNote(r), actor: r.Actor}, now); err != nil {
			return false, err
		}
	}
	action := ActionRefund
	if r.Source == sourceCancel {
		action = ActionCancel
	}
	revoked, err := s.revokeRefunded(ctx, tx, o, r, now)
	if err != nil {
		return false, err
	}
	if err := audit.Record(ctx, tx, r.Actor.audit(action, o, stateFields(o.State, nil),
		stateFields(to, map[string]any{"refundedCents": r.AmountCents, "reason": r.Reason, "lines": r.Lines,
			"source": r.Source, "totalRefundedCents": completed, "revokedFormats": revoked}), now)); err != nil {
		return false, err
	}
	returned, err := s.restock(ctx, tx, o, r, d)
	if err != nil {
		return false, err
	}
	if r.Source == sourceCancel {
		// Cancelled before it shipped: a one-use code's use comes back, as
		// for a checkout never paid.
		if err := s.releaseDiscount(ctx, tx, o); err != nil {
			return false, err
		}
	}
	build := func(statusURL string) (mail.Message, error) {
		return refundEmail(o, to, r, completed, statusURL, s.site)
	}
	if r.Source == sourceCancel {
		build = func(statusURL string) (mail.Message, error) { return cancelledEmail(o, to, r, statusURL, s.site) }
	}
	return returned, s.tellBuyer(ctx, tx, o, build, now)
}

func refundNote(r refundRow) string {
	var b strings.Builder
	switch r.Source {
	case sourceCancel:
		b.WriteString("Cancellation refunded $" + FormatCents(r.AmountCents))
	case sourcePayPal:
		b.WriteString("Refunded $" + FormatCents(r.AmountCents) + " in PayPal")
	default:
		b.WriteString("Refunded $" + FormatCents(r.AmountCents))
	}
	for i, l := range r.Lines {
		if i == 0 {
			b.WriteString(" for ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(l.Quantity) + " × " + l.named())
	}
	if r.Reason != "" {
		b.WriteString(": " + r.Reason)
	}
	return b.String()
}

// restock puts back the copies that never left: every copy not refunded
// before of a cancelled order, or a line refund's copies when the order has
// not shipped. Only tracked books change (the catalogue decides).
func (s *Service) restock(ctx context.Context, tx *db.Tx, o Order, r refundRow, d deskState) (bool, error) {
	var give []Line
	switch {
	case r.Source == sourceCancel:
		refunded, err := refundedQuantities(ctx, tx, o.ID)
		if err != nil {
			return false, err
		}
		for i, l := range o.Lines {
			if n := l.Quantity - refunded[i+1]; n > 0 {
				give = append(give, Line{BookID: l.BookID, Format: l.Format, Title: l.Title, Quantity: n})
			}
		}
		if err := refundEveryCopy(ctx, tx, o.ID); err != nil {
			return false, err
		}
	case d.FulfilledAt == nil:
		for _, l := range r.Lines {
			give = append(give, Line{BookID: l.BookID, Format: l.Format, Title: l.Title, Quantity: l.Quantity})
		}
	}
	if len(give) == 0 {
		return false, nil
	}
	return s.catalog.ReturnCopies(ctx, tx, give)
}

// failRefund records PayPal's definitive refusal and gives the reserved
// amount, the copies and (for a cancellation) the status back.
func (s *Service) failRefund(ctx context.Context, o Order, r refundRow, why string) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		now := s.now().UTC()
		if done, err := markRefund(ctx, tx, r.ID, refundFailed, now, "", why); err != nil || !done {
			return err
		}
		if err := giveBackReservation(ctx, tx, o.ID, r, now); err != nil {
			return err
		}
		if r.Source == sourceCancel {
			if err := uncancel(ctx, tx, o.ID, r.Actor, now); err != nil {
				return err
			}
		}
		return addTimeline(ctx, tx, o.ID, entry{kind: kindRefund, note: fmt.Sprintf("Refund of $%s failed: %s", FormatCents(r.AmountCents), why), actor: r.Actor}, now)
	})
}

// uncancel undoes a cancellation whose refund failed: the order is
// unfulfilled again and may ship (its payment moved nothing meanwhile), or
// a pre-order awaits its release again (uncancelTo).
func uncancel(ctx context.Context, tx *db.Tx, orderID int64, a staff, now time.Time) error {
	from, err := stateOf(ctx, tx, orderID)
	if err != nil {
		return err
	}
	to, ok, err := uncancelTo(ctx, tx, orderID, from)
	if err != nil || !ok {
		return err
	}
	_, err = moveOrder(ctx, tx, orderID, change{from: from, to: to, note: "The cancellation is undone: its refund failed", actor: a,
		set: `, cancelled_at = NULL`}, now)
	return err
}

// Cancel cancels an order that has not shipped and refunds what was paid
// (what is left of it), putting its copies back.
func (s *Service) Cancel(ctx context.Context, number string, in CancelInput, key string) (AdminOrder, error) {
	a, err := deskStaff(ctx)
	if err != nil {
		return AdminOrder{}, err
	}
	fields := map[string]string{}
	in.Reason = checkReason(in.Reason, fields)
	if in.Version < 0 {
		fields["version"] = "The order's version, a positive number."
	}
	if len(fields) > 0 {
		return AdminOrder{}, httpx.Invalid("Please correct the highlighted fields.", fields)
	}
	o, _, err := loadDesk(ctx, s.db, number)
	if err != nil {
		return AdminOrder{}, err
	}
	r := refundRow{OrderID: o.ID, Reason: in.Reason, Source: sourceCancel, Key: key, Actor: a, Lines: []refundLine{}}
	return s.runRefund(ctx, o, r, in.Version)
}
