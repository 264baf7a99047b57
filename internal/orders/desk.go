package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/mail"
)

// The order desk's actions, each a move of the state machine (state.go):
// fulfil ships, deliver delivers, cancel cancels and refunds what was paid
// (refund.go), refund gives back part or all of it. Each is checked against
// the table and written by moveOrder, so of two staff members at once, or a
// click and a webhook, one moves the order and the other is told why it
// cannot.

// Desk actions.
const (
	ActionFulfil  = "fulfil"
	ActionDeliver = "deliver"
	ActionCancel  = "cancel"
	ActionRefund  = "refund"
)

// actionMoves is the move of the table each action makes. A refund's
// move is made when it completes, to the status its amount leaves.
var actionMoves = map[string]string{ActionFulfil: moveShip, ActionDeliver: moveDeliver, ActionCancel: moveCancel, ActionRefund: moveRefund}

// allows tells whether an order in s may take the action (the role may
// still forbid it). A cancelled order takes no new refund: its
// cancellation refunded what was left.
func allows(action string, s State) bool {
	if action == ActionRefund && s.Fulfilment == Cancelled {
		return false
	}
	return s.can(actionMoves[action])
}

// allowedActions are the actions the order's state allows.
func allowedActions(o Order, d deskState) []string {
	out := []string{}
	for _, a := range []string{ActionFulfil, ActionDeliver, ActionCancel, ActionRefund} {
		if allows(a, o.State) && (a != ActionRefund || o.TotalCents > d.RefundedCents) {
			out = append(out, a)
		}
	}
	return out
}

// statusWords say each of the one statuses of legacyStatus.
var statusWords = map[string]string{
	PaymentPending: "still awaiting payment", PaymentFailed: "not paid (the payment failed)",
	PaymentExpired: "an expired checkout, never paid", PaymentPaid: "paid", "fulfilled": "shipped",
	Delivered: "delivered", Cancelled: "cancelled", PaymentPartiallyRefunded: "partially refunded",
	PaymentRefunded: "refunded in full",
}

var actionWords = map[string]string{
	ActionFulfil: "shipped", ActionDeliver: "marked delivered", ActionCancel: "cancelled", ActionRefund: "refunded",
}

// refusal is the 409 that says why the order's state does not allow the
// action.
func refusal(action string, o Order) error {
	s := o.State
	partly := legacyStatus(s) == PaymentPartiallyRefunded // and not cancelled
	var why string
	switch {
	case action == ActionFulfil && partly && s.Fulfilment != Unfulfilled:
		why = fmt.Sprintf("Order %s has already shipped.", o.Number)
	case action == ActionCancel && partly && s.Fulfilment != Unfulfilled:
		why = fmt.Sprintf("Order %s has already shipped: it can no longer be cancelled. Refund it instead.", o.Number)
	case action == ActionDeliver && partly && s.Fulfilment == Unfulfilled:
		why = fmt.Sprintf("Order %s has not shipped yet: ship it before marking it delivered.", o.Number)
	case action == ActionDeliver && partly:
		why = fmt.Sprintf("Order %s was already delivered.", o.Number)
	case action == ActionRefund && allows(action, s):
		why = fmt.Sprintf("Order %s has nothing left to refund.", o.Number)
	default:
		why = fmt.Sprintf("Order %s is %s: it cannot be %s.", o.Number, statusWords[legacyStatus(s)], actionWords[action])
	}
	return httpx.Errorf(httpx.CodeConflict, "%s", why)
}

// stateFields are a state as the audit log keeps it, with more fields.
func stateFields(s State, more map[string]any) map[string]any {
	out := map[string]any{"status": legacyStatus(s), "paymentStatus": s.Payment, "fulfillmentStatus": s.Fulfilment}
	for k, v := range more {
		out[k] = v
	}
	return out
}

var errStale = "Someone else changed order %s after you opened it (it is now %s). Reload it to see what changed."

// staff is who acts on an order, as the audit log and the timeline keep
// them: a member of staff by user id (their address is read from the account
// when the order is shown, so a deleted account leaves none behind), or what
// acts without an account by its name.
type staff struct{ id, system string }

// paypalActor is PayPal, acting through its webhooks.
var paypalActor = staff{system: "PayPal"}

// deskStaff is the staff member the desk's route let in (its permission is
// declared in internal/server/routes.go).
func deskStaff(ctx context.Context) (staff, error) {
	c, err := auth.StaffFrom(ctx)
	if err != nil {
		return staff{}, err
	}
	return staff{id: c.UserID}, nil
}

func (a staff) audit(action string, o Order, before, after any, at time.Time) audit.Entry {
	e := audit.Entry{ActorID: a.id, Action: "order." + action, Entity: "order", EntityID: o.Number, Before: before, After: after, At: at}
	if a.id == "" {
		e.System = a.system
	}
	return e
}

// deskMove makes the action's move of o (read in tx) with the columns set
// writes beside it, and its timeline line; version, when not 0, must be
// the order's. false when the order's state (or version) does not allow it.
func deskMove(ctx context.Context, tx *db.Tx, o Order, action string, version int, set string, setArgs []any, a staff, note string, at time.Time) (State, bool, error) {
	to, ok := o.State.moveBy(actionMoves[action])
	if !ok {
		return State{}, false, nil
	}
	c := change{from: o.State, to: to, note: note, actor: a, set: set, setArgs: setArgs}
	if version != 0 {
		c.where, c.whereArgs = ` AND version = ?`, []any{version}
	}
	moved, err := moveOrder(ctx, tx, o.ID, c, at)
	return to, moved, err
}

// refused explains a move that changed nothing: the state does not allow
// it, or someone moved the order since the version the caller saw.
func refused(ctx context.Context, q db.Querier, number, action string, version int) error {
	o, d, err := loadDesk(ctx, q, number)
	if err != nil {
		return err
	}
	if !allows(action, o.State) || (action == ActionRefund && d.RefundedCents >= o.TotalCents) {
		return refusal(action, o)
	}
	if version != 0 && version != d.Version {
		return httpx.Errorf(httpx.CodeConflict, errStale, o.Number, statusWords[legacyStatus(o.State)])
	}
	return httpx.Errorf(httpx.CodeConflict, "Order %s changed while you acted on it. Reload it and try again.", o.Number)
}

// FulfilInput is the body of POST /api/admin/orders/{number}/fulfil.
type FulfilInput struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"trackingNumber"`
	TrackingURL    string `json:"trackingUrl"`
	Version        int    `json:"version"` // the version the staff member saw; 0: any
}

func (in *FulfilInput) validate() error {
	in.Carrier, in.TrackingNumber, in.TrackingURL = strings.TrimSpace(in.Carrier), strings.TrimSpace(in.TrackingNumber), strings.TrimSpace(in.TrackingURL)
	fields := map[string]string{}
	switch {
	case in.Carrier == "":
		fields["carrier"] = "Enter the carrier (e.g. USPS)."
	case len([]rune(in.Carrier)) > 60:
		fields["carrier"] = "At most 60 characters."
	}
	switch {
	case in.TrackingNumber == "":
		fields["trackingNumber"] = "Enter the tracking number."
	case len([]rune(in.TrackingNumber)) > 60:
		fields["trackingNumber"] = "At most 60 characters."
	}
	if in.TrackingURL != "" && !isWebURL(in.TrackingURL) {
		fields["trackingUrl"] = "A web address starting with https:// (or leave it empty)."
	}
	if in.Version < 0 {
		fields["version"] = "The order's version, a positive number."
	}
	if len(fields) > 0 {
		return httpx.Invalid("Please correct the highlighted fields.", fields)
	}
	return nil
}

// Fulfil ships a paid order with its tracking, and tells the buyer.
func (s *Service) Fulfil(ctx context.Context, number string, in FulfilInput) (AdminOrder, error) {
	a, err := deskStaff(ctx)
	if err != nil {
		return AdminOrder{}, err
	}
	if err := in.validate(); err != nil {
		return AdminOrder{}, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		o, d, err := loadDesk(ctx, tx, number)
		if err != nil {
			return err
		}
		now := s.now().UTC()
		note := "Shipped with " + in.Carrier + ", tracking number " + in.TrackingNumber
		to, moved, err := deskMove(ctx, tx, o, ActionFulfil, in.Version,
			`, carrier = ?, tracking_number = ?, tracking_url = ?, fulfilled_at = ?`, []any{in.Carrier, in.TrackingNumber, in.TrackingURL, now}, a, note, now)
		if err != nil {
			return err
		}
		if !moved {
			if shippedAs(ctx, tx, number, in) {
				return errShippedAlready
			}
			return refused(ctx, tx, number, ActionFulfil, in.Version)
		}
		if err := audit.Record(ctx, tx, a.audit(ActionFulfil, o, stateFields(o.State, map[string]any{"version": d.Version}),
			stateFields(to, map[string]any{"carrier": in.Carrier, "trackingNumber": in.TrackingNumber, "trackingUrl": in.TrackingURL}), now)); err != nil {
			return err
		}
		f := fulfilment{Carrier: in.Carrier, TrackingNumber: in.TrackingNumber, TrackingURL: in.TrackingURL}
		return s.tellBuyer(ctx, tx, o, func(statusURL string) (mail.Message, error) { return shippedEmail(o, to, f, statusURL, s.site) }, now)
	})
	if err != nil && !errors.Is(err, errShippedAlready) {
		return AdminOrder{}, err
	}
	return s.adminOrder(ctx, number)
}

// errShippedAlready rolls back a fulfil that was made before with the same
// tracking: the retry of a click whose response was lost is answered with
// the order, and ships (and e-mails) nothing again.
var errShippedAlready = errors.New("orders: already shipped with this tracking")

// shippedAs tells whether the order is shipped with in's carrier and
// tracking number.
func shippedAs(ctx context.Context, q db.Querier, number string, in FulfilInput) bool {
	o, d, err := loadDesk(ctx, q, number)
	return err == nil && o.Fulfilment == Shipped && d.Carrier == in.Carrier && d.TrackingNumber == in.TrackingNumber
}

// VersionInput is the body of the moves that take nothing else.
type VersionInput struct {
	Version int `json:"version"`
}

// Deliver marks a shipped order delivered.
func (s *Service) Deliver(ctx context.Context, number string, in VersionInput) (AdminOrder, error) {
	a, err := deskStaff(ctx)
	if err != nil {
		return AdminOrder{}, err
	}
	if in.Version < 0 {
		return AdminOrder{}, httpx.Invalid("The order's version must be a positive number.", map[string]string{"version": "A positive number"})
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		o, d, err := loadDesk(ctx, tx, number)
		if err != nil {
			return err
		}
		now := s.now().UTC()
		to, moved, err := deskMove(ctx, tx, o, ActionDeliver, in.Version, `, delivered_at = ?`, []any{now}, a, "Delivered", now)
		if err != nil {
			return err
		}
		if !moved {
			return refused(ctx, tx, number, ActionDeliver, in.Version)
		}
		return audit.Record(ctx, tx, a.audit(ActionDeliver, o, stateFields(o.State, map[string]any{"version": d.Version}),
			stateFields(to, map[string]any{"deliveredAt": now}), now))
	})
	if err != nil {
		return AdminOrder{}, err
	}
	return s.adminOrder(ctx, number)
}

// NoteInput is the body of POST /api/admin/orders/{number}/notes.
type NoteInput struct {
	Text string `json:"text"`
}

const maxNote = 2000

// AddNote adds an internal note, which only staff see, to the timeline.
func (s *Service) AddNote(ctx context.Context, number string, in NoteInput) (AdminOrder, error) {
	a, err := deskStaff(ctx)
	if err != nil {
		return AdminOrder{}, err
	}
	text := strings.TrimSpace(in.Text)
	switch {
	case text == "":
		return AdminOrder{}, httpx.Invalid("Write the note first.", map[string]string{"text": "Write the note first."})
	case len([]rune(text)) > maxNote:
		return AdminOrder{}, httpx.Invalid("A note is at most 2,000 characters.", map[string]string{"text": "At most 2,000 characters."})
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		o, _, err := loadDesk(ctx, tx, number)
		if err != nil {
			return err
		}
		now := s.now().UTC()
		if err := addTimeline(ctx, tx, o.ID, entry{kind: kindNote, note: text, actor: a}, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, a.audit("note", o, nil, map[string]any{"note": text}, now))
	})
	if err != nil {
		return AdminOrder{}, err
	}
	return s.adminOrder(ctx, number)
}

// maxResends is how many times an hour one order's confirmation may be
// resent.
const maxResends = 3

// ResendConfirmation sends the paid order's confirmation e-mail again.
func (s *Service) ResendConfirmation(ctx context.Context, number string) (AdminOrder, error) {
	a, err := deskStaff(ctx)
	if err != nil {
		return AdminOrder{}, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		o, _, err := loadDesk(ctx, tx, number)
		if err != nil {
			return err
		}
		switch {
		case o.PaidAt == nil:
			return httpx.Errorf(httpx.CodeConflict, "Order %s was never paid: it has no confirmation to send.", o.Number)
		case o.Email == "":
			return httpx.Errorf(httpx.CodeConflict, "Order %s has no e-mail address (the buyer's details were erased).", o.Number)
		}
		now := s.now().UTC()
		// At most maxResends an hour per order (each is in the audit log):
		// a buyer's inbox is not a place to click at. Two resends at once
		// take turns to count on PostgreSQL (SQLite's write lock already
		// makes them), so neither slips past the limit.
		if tx.Dialect() == db.Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?, hashtext(?))`, lockResends, o.Number); err != nil {
				return fmt.Errorf("orders: lock resends: %w", err)
			}
		}
		var sent int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ? AND at > ?`,
			"order.resend_confirmation", o.Number, now.Add(-time.Hour)).Scan(&sent); err != nil {
			return fmt.Errorf("orders: count resends: %w", err)
		}
		if sent >= maxResends {
			return httpx.Errorf(httpx.CodeTooManyRequests, "The confirmation of order %s was already resent %d times in the last hour. "+
				"Please wait before sending it again, or write to the buyer yourself.", o.Number, maxResends)
		}
		if err := s.queueConfirmation(ctx, tx, o, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, a.audit("resend_confirmation", o, nil, nil, now))
	})
	if err != nil {
		return AdminOrder{}, err
	}
	return s.adminOrder(ctx, number)
}

// isWebURL tells an absolute http(s) address of at most 500 characters.
func isWebURL(s string) bool {
	if len(s) > 500 || strings.ContainsAny(s, " \t\r\n\"'<>") {
		return false
	}
	rest, ok := strings.CutPrefix(s, "https://")
	if !ok {
		rest, ok = strings.CutPrefix(s, "http://")
	}
	host, _, _ := strings.Cut(rest, "/")
	return ok && strings.Contains(host, ".")
}
