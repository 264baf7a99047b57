package orders

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/linktoken"
	"bookshop/internal/mail"
)

// The buyer's e-mails after payment, each queued in the outbox in the
// transaction of the move it tells of, and written in the timeline.

// tellBuyer queues the e-mail build makes and notes it in the timeline. An
// order whose buyer was erased has no address: nothing is sent. A guest's
// e-mail carries a new link to the order's status page (statusURL).
func (s *Service) tellBuyer(ctx context.Context, q db.Querier, o Order, build func(statusURL string) (mail.Message, error), at time.Time) error {
	return s.site.tellBuyer(ctx, q, o, build, at)
}

// tellBuyer is Service.tellBuyer with the shop's settings alone, for the
// release dates (Releases), which exist before the service.
func (site Settings) tellBuyer(ctx context.Context, q db.Querier, o Order, build func(statusURL string) (mail.Message, error), at time.Time) error {
	if o.Email == "" {
		return nil
	}
	statusURL, err := site.statusLink(ctx, q, o, at)
	if err != nil {
		return err
	}
	m, err := build(statusURL)
	if err != nil {
		return err
	}
	if err := mail.Enqueue(ctx, q, m); err != nil {
		return err
	}
	// The timeline names the buyer, not their address: it stays with the
	// order after an account's deletion erases the address.
	return addTimeline(ctx, q, o.ID, entry{kind: kindEmail, note: "E-mail to the buyer: " + m.Subject, actor: staff{}}, at)
}

// queueConfirmation puts the paid order's confirmation e-mail in the
// outbox, in the transaction that marks it paid (or a resend).
func (s *Service) queueConfirmation(ctx context.Context, q db.Querier, o Order, at time.Time) error {
	return s.tellBuyer(ctx, q, o, func(statusURL string) (mail.Message, error) { return confirmationEmail(o, statusURL, s.site) }, at)
}

// StatusPath is the app's page a guest's link opens (web/src/config/paths.ts).
const StatusPath = "/order-status"

// statusLinkLife is how long a guest's link to an order works after its
// e-mail: past the parcel's arrival and the time to ask for a refund. Each
// later e-mail brings a new link.
const statusLinkLife = 180 * 24 * time.Hour

// statusLink makes a guest's link to the order's status page: a random
// token (linktoken, kept only as its hash) that shows this one order until
// it expires. An order of an account has My Orders instead: "".
func (site Settings) statusLink(ctx context.Context, q db.Querier, o Order, at time.Time) (string, error) {
	if o.UserID != "" {
		return "", nil
	}
	token, hash := linktoken.New()
	if _, err := q.ExecContext(ctx, `INSERT INTO order_status_links (token_hash, order_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		hash, o.ID, at.UTC(), at.UTC().Add(statusLinkLife)); err != nil {
		return "", fmt.Errorf("orders: status link: %w", err)
	}
	return site.SiteURL + StatusPath + "?token=" + token, nil
}

func greeting(o Order) string {
	if o.Shipping.FullName == "" {
		return "there"
	}
	return o.Shipping.FullName
}

// orderURL is where a signed-in buyer sees the order; a guest has none.
func orderURL(o Order, site Settings) string {
	if o.UserID == "" {
		return ""
	}
	return site.SiteURL + profilePath
}

// The e-mails after payment name the order's state after the move they
// tell of (st).

func shippedEmail(o Order, st State, f fulfilment, statusURL string, site Settings) (mail.Message, error) {
	m := mail.OrderShipped{Name: greeting(o), Number: o.Number, Status: st.words(), Carrier: f.Carrier, TrackingNumber: f.TrackingNumber,
		TrackingURL: f.TrackingURL, Address: addressLines(o.Shipping), OrderURL: orderURL(o, site), StatusURL: statusURL,
		SupportEmail: site.SupportEmail, SiteURL: site.SiteURL}
	for _, l := range printLines(o.Lines) { // the parcel holds the print lines alone
		m.Lines = append(m.Lines, mail.OrderLine{Title: l.Title, Quantity: l.Quantity})
	}
	return mail.OrderShippedEmail(o.Email, m)
}

func cancelledEmail(o Order, st State, r refundRow, statusURL string, site Settings) (mail.Message, error) {
	m := mail.OrderCancelled{Name: greeting(o), Number: o.Number, Status: st.words(), Reason: r.Reason, Demo: isDemo(o.Provider),
		OrderURL: orderURL(o, site), StatusURL: statusURL, SupportEmail: site.SupportEmail, SiteURL: site.SiteURL}
	if r.AmountCents > 0 {
		m.Refund = "$" + FormatCents(r.AmountCents)
	}
	return mail.OrderCancelledEmail(o.Email, m)
}

func refundEmail(o Order, st State, r refundRow, totalRefunded int64, statusURL string, site Settings) (mail.Message, error) {
	m := mail.OrderRefunded{Name: greeting(o), Number: o.Number, Status: st.words(), Amount: "$" + FormatCents(r.AmountCents),
		TotalRefunded: "$" + FormatCents(totalRefunded), Full: totalRefunded >= o.TotalCents, Demo: isDemo(o.Provider),
		OrderURL: orderURL(o, site), StatusURL: statusURL, SupportEmail: site.SupportEmail, SiteURL: site.SiteURL}
	if r.Source != sourcePayPal {
		m.Reason = r.Reason
	}
	for _, l := range r.Lines {
		m.Lines = append(m.Lines, strconv.Itoa(l.Quantity)+" × "+l.named())
	}
	return mail.OrderRefundedEmail(o.Email, m)
}
