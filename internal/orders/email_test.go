package orders

import (
	"strings"
	"testing"
)

func TestConfirmationEmail(t *testing.T) {
	site := Settings{SiteURL: "https://shop.test", SupportEmail: "help@shop.test"}
	order := func() Order {
		return Order{Number: "SF-20261123-7K2Q", UserID: "user-alice", Email: "alice@example.com", Provider: ProviderPayPal, Currency: Currency,
			Cart: Cart{Lines: []Line{
				{BookID: 1, Title: "Siso and the Stripe That Got Away", UnitPriceCents: 1999, Quantity: 2, LineTotalCents: 3998},
				{BookID: 2, Title: "Nainni's <Big> Day", UnitPriceCents: 999, Quantity: 1, LineTotalCents: 999},
			}, SubtotalCents: 4997, TaxCents: 500, Tax: Tax{PrintBasisPoints: 1000, DigitalBasisPoints: 1000, Place: "Illinois, United States"}, TotalCents: 5497},
			Shipping: ShippingInfo{FullName: "Alice Ship", Email: "alice@example.com", Address: "1 Main St", City: "Springfield", State: "IL", ZipCode: "62701", Country: "United States"}}
	}

	t.Run("a signed-in buyer's order", func(t *testing.T) {
		m, err := confirmationEmail(order(), "", site)
		if err != nil {
			t.Fatal(err)
		}
		if m.To != "alice@example.com" || m.Subject != "Your Siso & Friends order SF-20261123-7K2Q" {
			t.Errorf("to %q, subject %q", m.To, m.Subject)
		}
		for _, want := range []string{
			"Hello Alice Ship,\n",
			"Thank you for your order from Siso & Friends! Here is what you bought.",
			"Order number: SF-20261123-7K2Q\n",
			"  2 x Siso and the Stripe That Got Away (@ $19.99) = $39.98\n",
			"  1 x Nainni's <Big> Day (@ $9.99) = $9.99\n",
			"Subtotal: $49.97\nTax (10%): $5.00\nShipping: Free\nTotal: $54.97 USD\n",
			"Shipping to:\nAlice Ship\n1 Main St\nSpringfield, IL 62701\nUnited States\n",
			"See this order any time under My Orders on your profile:\nhttps://shop.test/profile\n",
			"Write to us at help@shop.test",
			"Happy reading!\nSiso, Nainni, Lizzie and FeeFee\nhttps://shop.test\n",
		} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("text lacks %q:\n%s", want, m.Text)
			}
		}
		if strings.Contains(m.Text, "demo payment") {
			t.Errorf("a PayPal order called a demo:\n%s", m.Text)
		}
		html := oneLine(m.HTML)
		for _, want := range []string{
			"Order number: SF-20261123-7K2Q",
			`>Siso and the Stripe That Got Away</td> <td align="center" style="padding:8px 6px;border-bottom:1px solid #f1e4d3">2</td>`,
			`>$19.99</td> <td align="right" style="padding:8px 6px;border-bottom:1px solid #f1e4d3;white-space:nowrap">$39.98</td>`,
			"Nainni&#39;s &lt;Big&gt; Day",
			">Subtotal</td>", ">$49.97</td>", ">Tax (10%)</td>", ">$5.00</td>",
			`Shipping</td>`, ">Free</td>",
			"<strong>$54.97 USD</strong>",
			"Alice Ship<br>1 Main St<br>Springfield, IL 62701<br>United States",
			`<a href="https://shop.test/profile"`, ">View my order</a>",
			"help@shop.test",
		} {
			if !strings.Contains(html, want) {
				t.Errorf("HTML lacks %q:\n%s", want, m.HTML)
			}
		}
		if strings.Contains(m.HTML, "<Big>") {
			t.Error("a title's HTML reached the HTML part unescaped")
		}
	})

	t.Run("a guest's demo order", func(t *testing.T) {
		o := order()
		o.UserID, o.Provider, o.Shipping.FullName = "", ProviderDemoCard, ""
		m, err := confirmationEmail(o, "", site)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Hello there,", "This was a demo payment: no money was charged."} {
			if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
				t.Errorf("lacks %q:\n%s\n%s", want, m.Text, m.HTML)
			}
		}
		// A guest has no profile to see the order on.
		if strings.Contains(m.Text, "/profile") || strings.Contains(m.HTML, "/profile") {
			t.Errorf("a guest is sent to the profile:\n%s", m.Text)
		}
	})

	t.Run("shipping that costs", func(t *testing.T) {
		o := order()
		o.ShippingCents, o.TotalCents = 499, 5996
		m, err := confirmationEmail(o, "", site)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, "Shipping: $4.99\nTotal: $59.96 USD") || strings.Contains(m.Text+m.HTML, "free on every order") {
			t.Errorf("text:\n%s", m.Text)
		}
	})
}

// oneLine folds the HTML's line breaks, so assertions need not know where
// the template breaks its lines.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
