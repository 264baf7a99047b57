package orders

import (
	"strings"
	"time"

	"bookshop/internal/formats"
	"bookshop/internal/mail"
)

// Settings are the deployment facts the e-mails and the checkout name.
type Settings struct {
	SiteURL      string // SITE_URL: the links in the e-mail
	SupportEmail string // SUPPORT_EMAIL: where buyers write with questions
	// PendingHold is PENDING_ORDER_HOLD_MINUTES: how long an unpaid
	// checkout holds its copies (told to a buyer who reached the limit).
	PendingHold time.Duration
	// Zone is SHOP_TIME_ZONE: the shop's days (the sales, the CSV); nil is UTC.
	Zone *time.Location
	// WebhookID is PAYPAL_WEBHOOK_ID, which PayPal's webhook deliveries are
	// verified for; "": the webhook answers 503.
	WebhookID string
}

// profilePath is the page that lists a signed-in buyer's orders (My Orders;
// web/src/config/paths.ts).
const profilePath = "/profile"

// confirmationEmail is the one e-mail a paid order sends: its lines,
// totals, where it goes and where to see it.
func confirmationEmail(o Order, statusURL string, site Settings) (mail.Message, error) {
	usd := func(c int64) string { return "$" + FormatCents(c) }
	c := mail.OrderConfirmation{
		Name: o.Shipping.FullName, Number: o.Number,
		Subtotal: usd(o.SubtotalCents), Tax: usd(o.TaxCents), TaxRate: o.Tax.Label(o.Lines), Shipping: "Free", Total: usd(o.TotalCents), Currency: o.Currency,
		Address: addressLines(o.Shipping), Demo: isDemo(o.Provider),
		StatusURL: statusURL, SupportEmail: site.SupportEmail, SiteURL: site.SiteURL,
	}
	if c.Name == "" {
		c.Name = "there"
	}
	if o.ShippingCents != 0 {
		c.Shipping = usd(o.ShippingCents)
	}
	if o.DiscountCents > 0 {
		c.Discount, c.DiscountCode = "-"+usd(o.DiscountCents), o.DiscountCode
	}
	if o.UserID != "" { // a guest has no profile to see the order on
		c.OrderURL = site.SiteURL + profilePath
	}
	for _, l := range o.Lines {
		title := l.Title
		if l.IsDigital() {
			title += " (" + formats.Word(l.Format) + ")"
			c.Digital, c.LibraryURL = append(c.Digital, title), site.SiteURL+LibraryPath
		}
		c.Lines = append(c.Lines, mail.OrderLine{Title: title, Quantity: l.Quantity, UnitPrice: usd(l.UnitPriceCents), LineTotal: usd(l.LineTotalCents)})
	}
	return mail.OrderConfirmationEmail(o.Email, c)
}

func isDemo(provider string) bool { return strings.HasPrefix(provider, "demo_") }

// addressLines is the shipping address as it is written on a parcel.
func addressLines(s ShippingInfo) []string {
	var lines []string
	for _, p := range []string{s.FullName, s.Address, strings.TrimSpace(s.City + ", " + s.State + " " + s.ZipCode), s.Country} {
		if p = strings.Trim(p, ", "); p != "" {
			lines = append(lines, p)
		}
	}
	return lines
}
