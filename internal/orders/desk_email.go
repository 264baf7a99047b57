package orders

import (
	"context"
	"strconv"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/mail"
)

// The buyer's e-mails after payment, each queued in the outbox in the
// transaction of the move it tells of, and written in the timeline.

// tellBuyer queues the e-mail build makes and notes it in the timeline. An
// order whose buyer was erased has no address: nothing is sent.
func (s *Service) tellBuyer(ctx context.Context, q db.Querier, o Order, build func() (mail.Message, error), at time.Time) error {
	if o.Email == "" {
		return nil
	}
	m, err := build()
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
	return s.tellBuyer(ctx, q, o, func() (mail.Message, error) { return confirmationEmail(o, s.site) }, at)
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

func shippedEmail(o Order, st State, f fulfilment, site Settings) (mail.Message, error) {
	m := mail.OrderShipped{Name: greeting(o), Number: o.Number, Status: st.words(), Carrier: f.Carrier, TrackingNumber: f.TrackingNumber,
		TrackingURL: f.TrackingURL, Address: addressLines(o.Shipping), OrderURL: orderURL(o, site),
		SupportEmail: site.SupportEmail, SiteURL: site.SiteURL}
	for _, l := range printLines(o.Lines) { // the parcel holds the print lines alone
		m.Lines = append(m.Lines, mail.OrderLine{Title: l.Title, Quantity: l.Quantity})
	}
	return mail.OrderShippedEmail(o.Email, m)
}

func cancelledEmail(o Order, st State, r refundRow, site Settings) (mail.Message, error) {
	m := mail.OrderCancelled{Name: greeting(o), Number: o.Number, Status: st.words(), Reason: r.Reason, Demo: isDemo(o.Provider),
		OrderURL: orderURL(o, site), SupportEmail: site.SupportEmail, SiteURL: site.SiteURL}
	if r.AmountCents > 0 {
		m.Refund = "$" + FormatCents(r.AmountCents)
	}
	return mail.OrderCancelledEmail(o.Email, m)
}

func refundEmail(o Order, st State, r refundRow, totalRefunded int64, site Settings) (mail.Message, error) {
	m := mail.OrderRefunded{Name: greeting(o), Number: o.Number, Status: st.words(), Amount: "$" + FormatCents(r.AmountCents),
		TotalRefunded: "$" + FormatCents(totalRefunded), Full: totalRefunded >= o.TotalCents, Demo: isDemo(o.Provider),
		OrderURL: orderURL(o, site), SupportEmail: site.SupportEmail, SiteURL: site.SiteURL}
	if r.Source != sourcePayPal {
		m.Reason = r.Reason
	}
	for _, l := range r.Lines {
		m.Lines = append(m.Lines, strconv.Itoa(l.Quantity)+" × "+l.named())
	}
	return mail.OrderRefundedEmail(o.Email, m)
}
