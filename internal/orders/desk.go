package orders

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/mail"
)

// The order desk's state machine. After paid an order moves only forward:
//
//	paid ──fulfil──▶ fulfilled ──deliver──▶ delivered
//	paid ──cancel──▶ cancelled (before shipping; refunds what was paid)
//	paid, fulfilled, delivered, partially_refunded ──refund──▶ partially_refunded | refunded
//
// A partially refunded order keeps whether it shipped (fulfilled_at), so
// it may still be shipped, delivered or cancelled as that allows. Every move
// is one conditional UPDATE (`WHERE status IN (...)`), so of two staff
// members at once, or a click and a webhook, one moves the order and the
// other is told why it cannot.

// Statuses after payment.
const (
	StatusFulfilled         = "fulfilled"
	StatusDelivered         = "delivered"
	StatusCancelled         = "cancelled"
	StatusPartiallyRefunded = "partially_refunded"
	StatusRefunded          = "refunded"
)

// Desk actions.
const (
	ActionFulfil  = "fulfil"
	ActionDeliver = "deliver"
	ActionCancel  = "cancel"
	ActionRefund  = "refund"
)

// shipping conditions of a move, on fulfilled_at and delivered_at.
type shipped int

const (
	anyTime    shipped = iota
	notShipped         // fulfilled_at IS NULL
	inTransit          // shipped, not yet delivered
)

func (s shipped) sql() string {
	switch s {
	case notShipped:
		return " AND fulfilled_at IS NULL"
	case inTransit:
		return " AND fulfilled_at IS NOT NULL AND delivered_at IS NULL"
	}
	return ""
}

// move is what one action needs of the order it moves.
type move struct {
	from []string
	when shipped
}

// moves is the state machine: from which statuses, and shipped or not,
// each action may start. A refund's target (partially_refunded or
// refunded) depends on what is left.
var moves = map[string]move{
	ActionFulfil:  {from: []string{StatusPaid, StatusPartiallyRefunded}, when: notShipped},
	ActionDeliver: {from: []string{StatusFulfilled, StatusPartiallyRefunded}, when: inTransit},
	ActionCancel:  {from: []string{StatusPaid, StatusPartiallyRefunded}, when: notShipped},
	ActionRefund:  {from: []string{StatusPaid, StatusFulfilled, StatusDelivered, StatusPartiallyRefunded}},
}

// where is the move's condition on an order row, with its arguments.
func (m move) where() (string, []any) {
	args := make([]any, len(m.from))
	for i, s := range m.from {
		args[i] = s
	}
	return "status IN (?" + strings.Repeat(", ?", len(m.from)-1) + ")" + m.when.sql(), args
}

// allows tells whether the order in its current state may take the move.
func (m move) allows(o Order, d deskState) bool {
	if !slices.Contains(m.from, o.Status) {
		return false
	}
	switch m.when {
	case notShipped:
		return d.FulfilledAt == nil
	case inTransit:
		return d.FulfilledAt != nil && d.DeliveredAt == nil
	}
	return true
}

// allowedActions are the moves the order's state allows (the role may
// still forbid them).
func allowedActions(o Order, d deskState) []string {
	out := []string{}
	for _, a := range []string{ActionFulfil, ActionDeliver, ActionCancel, ActionRefund} {
		if moves[a].allows(o, d) && (a != ActionRefund || o.TotalCents > d.RefundedCents) {
			out = append(out, a)
		}
	}
	return out
}

var statusWords = map[string]string{
	StatusPendingPayment: "still awaiting payment", StatusPaymentFailed: "not paid (the payment failed)",
	StatusExpired: "an expired checkout, never paid", StatusPaid: "paid", StatusFulfilled: "shipped",
	StatusDelivered: "delivered", StatusCancelled: "cancelled", StatusPartiallyRefunded: "partially refunded",
	StatusRefunded: "refunded in full",
}

var actionWords = map[string]string{
	ActionFulfil: "shipped", ActionDeliver: "marked delivered", ActionCancel: "cancelled", ActionRefund: "refunded",
}

// refusal is the 409 that says why the order's state does not allow the
// action.
func refusal(action string, o Order, d deskState) error {
	var why string
	switch {
	case action == ActionFulfil && d.FulfilledAt != nil && slices.Contains(moves[action].from, o.Status):
		why = fmt.Sprintf("Order %s has already shipped.", o.Number)
	case action == ActionCancel && d.FulfilledAt != nil && slices.Contains(moves[action].from, o.Status):
		why = fmt.Sprintf("Order %s has already shipped: it can no longer be cancelled. Refund it instead.", o.Number)
	case action == ActionDeliver && o.Status == StatusPartiallyRefunded && d.FulfilledAt == nil:
		why = fmt.Sprintf("Order %s has not shipped yet: ship it before marking it delivered.", o.Number)
	case action == ActionDeliver && o.Status == StatusPartiallyRefunded:
		why = fmt.Sprintf("Order %s was already delivered.", o.Number)
	case action == ActionRefund && slices.Contains(moves[action].from, o.Status):
		why = fmt.Sprintf("Order %s has nothing left to refund.", o.Number)
	default:
		why = fmt.Sprintf("Order %s is %s: it cannot be %s.", o.Number, statusWords[o.Status], actionWords[action])
	}
	return httpx.Errorf(httpx.CodeConflict, "%s", why)
}

var errStale = "Someone else changed order %s after you opened it (it is now %s). Reload it to see what changed."

// staff is who acts on an order, as the audit log and the timeline keep
// them: a member of staff by user id (their address is read from the account
// when the order is shown, so a deleted account leaves none behind), or what
// acts without an account by its name.
type staff struct{ id, system string }

// paypalActor is PayPal, acting through its webhooks.
var paypalActor = staff{system: "PayPal"}

func requireDesk(ctx context.Context, p auth.Permission) (staff, error) {
	c, err := auth.RequireStaff(ctx, p)
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

// step moves the order by action in tx with a conditional UPDATE that also
// sets the given columns ("carrier = ?" and its argument); version, when
// not 0, must be the order's. false when the order's state (or version)
// does not allow it.
func step(ctx context.Context, tx *db.Tx, o Order, action, to string, version int, set string, setArgs []any, at time.Time) (bool, error) {
	cond, condArgs := moves[action].where()
	q := `UPDATE orders SET status = ?, version = version + 1, updated_at = ?` + set + ` WHERE id = ? AND ` + cond
	args := append([]any{to, at.UTC()}, setArgs...)
	args = append(args, o.ID)
	args = append(args, condArgs...)
	if version != 0 {
		q += ` AND version = ?`
		args = append(args, version)
	}
	res, err := tx.ExecContext(ctx, q, args...)
	if err != nil {
		return false, fmt.Errorf("orders: %s: %w", action, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// refused explains a move that changed nothing: the state does not allow
// it, or someone moved the order since the version the caller saw.
func refused(ctx context.Context, q db.Querier, number, action string, version int) error {
	o, d, err := loadDesk(ctx, q, number)
	if err != nil {
		return err
	}
	if !moves[action].allows(o, d) || (action == ActionRefund && d.RefundedCents >= o.TotalCents) {
		return refusal(action, o, d)
	}
	if version != 0 && version != d.Version {
		return httpx.Errorf(httpx.CodeConflict, errStale, o.Number, statusWords[o.Status])
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
	a, err := requireDesk(ctx, auth.PermOrdersWrite)
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
		moved, err := step(ctx, tx, o, ActionFulfil, StatusFulfilled, in.Version,
			`, carrier = ?, tracking_number = ?, tracking_url = ?, fulfilled_at = ?`, []any{in.Carrier, in.TrackingNumber, in.TrackingURL, now}, now)
		if err != nil {
			return err
		}
		if !moved {
			if shippedAs(ctx, tx, number, in) {
				return errShippedAlready
			}
			return refused(ctx, tx, number, ActionFulfil, in.Version)
		}
		note := "Shipped with " + in.Carrier + ", tracking number " + in.TrackingNumber
		if err := addEvent(ctx, tx, o.ID, kindStatus, o.Status, StatusFulfilled, note, a, now); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, a.audit(ActionFulfil, o, map[string]any{"status": o.Status, "version": d.Version},
			map[string]any{"status": StatusFulfilled, "carrier": in.Carrier, "trackingNumber": in.TrackingNumber, "trackingUrl": in.TrackingURL}, now)); err != nil {
			return err
		}
		f := fulfilment{Carrier: in.Carrier, TrackingNumber: in.TrackingNumber, TrackingURL: in.TrackingURL}
		return s.tellBuyer(ctx, tx, o, func() (mail.Message, error) { return shippedEmail(o, f, s.site) }, now)
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
	return err == nil && o.Status == StatusFulfilled && d.Carrier == in.Carrier && d.TrackingNumber == in.TrackingNumber
}

// VersionInput is the body of the moves that take nothing else.
type VersionInput struct {
	Version int `json:"version"`
}

// Deliver marks a shipped order delivered.
func (s *Service) Deliver(ctx context.Context, number string, in VersionInput) (AdminOrder, error) {
	a, err := requireDesk(ctx, auth.PermOrdersWrite)
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
		// A partially refunded order stays partially refunded; it is
		// delivered all the same (delivered_at).
		to := StatusDelivered
		if o.Status == StatusPartiallyRefunded {
			to = StatusPartiallyRefunded
		}
		moved, err := step(ctx, tx, o, ActionDeliver, to, in.Version, `, delivered_at = ?`, []any{now}, now)
		if err != nil {
			return err
		}
		if !moved {
			return refused(ctx, tx, number, ActionDeliver, in.Version)
		}
		if err := addEvent(ctx, tx, o.ID, kindStatus, o.Status, to, "Delivered", a, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, a.audit(ActionDeliver, o, map[string]any{"status": o.Status, "version": d.Version},
			map[string]any{"status": to, "deliveredAt": now}, now))
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
	a, err := requireDesk(ctx, auth.PermOrdersWrite)
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
		if err := addEvent(ctx, tx, o.ID, kindNote, "", "", text, a, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, a.audit("note", o, nil, map[string]any{"note": text}, now))
	})
	if err != nil {
		return AdminOrder{}, err
	}
	return s.adminOrder(ctx, number)
}

// ResendConfirmation sends the paid order's confirmation e-mail again.
func (s *Service) ResendConfirmation(ctx context.Context, number string) (AdminOrder, error) {
	a, err := requireDesk(ctx, auth.PermEmailsResend)
	if err != nil {
		return AdminOrder{}, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		o, _, err := loadDesk(ctx, tx, number)
		if err != nil {
			return err
		}
		switch {
		case slices.Contains([]string{StatusPendingPayment, StatusPaymentFailed, StatusExpired}, o.Status):
			return httpx.Errorf(httpx.CodeConflict, "Order %s was never paid: it has no confirmation to send.", o.Number)
		case o.Email == "":
			return httpx.Errorf(httpx.CodeConflict, "Order %s has no e-mail address (the buyer's details were erased).", o.Number)
		}
		now := s.now().UTC()
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
