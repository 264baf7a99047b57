package orders

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"

	"bookshop/internal/mail"
)

// confirmationEmail is the one e-mail a paid order sends: its lines, totals
// and where it goes.
func confirmationEmail(o Order, siteURL string) mail.Message {
	var t strings.Builder
	name := o.Shipping.FullName
	if name == "" {
		name = "there"
	}
	fmt.Fprintf(&t, "Hello %s,\n\nThank you for your order from Siso & Friends! Here is what you bought.\n\n", name)
	fmt.Fprintf(&t, "Order number: %s\n\n", o.Number)
	for _, l := range o.Lines {
		fmt.Fprintf(&t, "  %d x %s (@ $%s) = $%s\n", l.Quantity, l.Title, FormatCents(l.UnitPriceCents), FormatCents(l.LineTotalCents))
	}
	fmt.Fprintf(&t, "\nSubtotal: $%s\nTax (10%%): $%s\nShipping: Free\nTotal: $%s %s\n", FormatCents(o.SubtotalCents), FormatCents(o.TaxCents), FormatCents(o.TotalCents), o.Currency)
	if addr := shippingAddress(o.Shipping); addr != "" {
		fmt.Fprintf(&t, "\nShipping to:\n%s\n", addr)
	}
	if isDemo(o.Provider) {
		t.WriteString("\nThis was a demo payment: no money was charged.\n")
	}
	fmt.Fprintf(&t, "\nHappy reading!\nSiso, Nainni, Lizzie and FeeFee\n%s\n", siteURL)

	var h bytes.Buffer
	_ = confirmationHTML.Execute(&h, map[string]any{"Name": name, "Order": o, "Address": shippingAddress(o.Shipping),
		"Demo": isDemo(o.Provider), "SiteURL": siteURL, "Money": FormatCents})
	return mail.Message{To: o.Email, Subject: "Your Siso & Friends order " + o.Number, Text: t.String(), HTML: h.String()}
}

func isDemo(provider string) bool { return strings.HasPrefix(provider, "demo_") }

func shippingAddress(s ShippingInfo) string {
	var parts []string
	for _, p := range []string{s.FullName, s.Address, strings.TrimSpace(s.City + ", " + s.State + " " + s.ZipCode), s.Country} {
		if p = strings.Trim(p, ", "); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "\n")
}

var confirmationHTML = template.Must(template.New("confirmation").Parse(`<!doctype html>
<html><body style="font-family:sans-serif;color:#222">
<p>Hello {{.Name}},</p>
<p>Thank you for your order from Siso &amp; Friends! Here is what you bought.</p>
<p><strong>Order number: {{.Order.Number}}</strong></p>
<table cellpadding="4" style="border-collapse:collapse">
<tr><th align="left">Book</th><th>Qty</th><th align="right">Price</th><th align="right">Total</th></tr>
{{range .Order.Lines}}<tr><td>{{.Title}}</td><td align="center">{{.Quantity}}</td><td align="right">${{call $.Money .UnitPriceCents}}</td><td align="right">${{call $.Money .LineTotalCents}}</td></tr>
{{end}}<tr><td colspan="3" align="right">Subtotal</td><td align="right">${{call .Money .Order.SubtotalCents}}</td></tr>
<tr><td colspan="3" align="right">Tax (10%)</td><td align="right">${{call .Money .Order.TaxCents}}</td></tr>
<tr><td colspan="3" align="right">Shipping</td><td align="right">Free</td></tr>
<tr><td colspan="3" align="right"><strong>Total</strong></td><td align="right"><strong>${{call .Money .Order.TotalCents}} {{.Order.Currency}}</strong></td></tr>
</table>
{{if .Address}}<p>Shipping to:<br><span style="white-space:pre-line">{{.Address}}</span></p>{{end}}
{{if .Demo}}<p><em>This was a demo payment: no money was charged.</em></p>{{end}}
<p>Happy reading!<br>Siso, Nainni, Lizzie and FeeFee<br><a href="{{.SiteURL}}">{{.SiteURL}}</a></p>
</body></html>`))
