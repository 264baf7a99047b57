package orders

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"bookshop/internal/formats"
	"bookshop/internal/httpx"
)

func TestTaxCents(t *testing.T) {
	tests := []struct{ subtotal, tax int64 }{
		{0, 0}, {1, 0}, {4, 0}, {5, 1}, {14, 1}, {15, 2},
		{1299, 130}, // 129.9 rounds up
		{1294, 129}, // 129.4 rounds down
		{1295, 130}, // 129.5: half rounds up
		{6495, 650}, // 5 × 12.99: 649.5 rounds up
		{2998, 300},
		{4497, 450}, // 449.7
	}
	for _, tc := range tests {
		if got := TaxCents(tc.subtotal); got != tc.tax {
			t.Errorf("TaxCents(%d) = %d, want %d", tc.subtotal, got, tc.tax)
		}
	}
}

func TestParseCents(t *testing.T) {
	tests := []struct {
		in    string
		cents int64
		ok    bool
	}{
		{"14.99", 1499, true},
		{"14.9", 1490, true},
		{"14", 1400, true},
		{"0", 0, true},
		{"44.970000000000006", 4497, true}, // 3 × 14.99 in a browser
		{"71.44999999999999", 7145, true},
		{"14.985", 1499, true}, // half a cent rounds up
		{"14.984", 1498, true},
		{"1e2", 10000, true},
		{"-1", 0, false},
		{"abc", 0, false},
		{"", 0, false},
		{"1e100", 0, false},
		{"1000000.01", 0, false},
	}
	for _, tc := range tests {
		got, ok := ParseCents(json.Number(tc.in))
		if ok != tc.ok || (ok && got != tc.cents) {
			t.Errorf("ParseCents(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.cents, tc.ok)
		}
	}
}

func TestFormatCents(t *testing.T) {
	for c, want := range map[int64]string{0: "0.00", 5: "0.05", 1499: "14.99", 100000: "1000.00", -250: "-2.50"} {
		if got := FormatCents(c); got != want {
			t.Errorf("FormatCents(%d) = %q, want %q", c, got, want)
		}
	}
}

func TestPriceCart(t *testing.T) {
	cat := testCatalog
	b1, _ := cat.PricedBook(1) // 14.99
	b3, _ := cat.PricedBook(3) // 19.99
	item := func(b PricedBook, qty string, price string) ItemInput {
		return ItemInput{ID: BookID(b.ID), Name: b.Title, Quantity: json.Number(qty), UnitPrice: json.Number(price)}
	}
	tests := []struct {
		name      string
		items     []ItemInput
		amount    string
		wantTotal int64
		wantLines []Line // checked when set
		wantErr   string
	}{
		{name: "one book", items: []ItemInput{item(b1, "1", "14.99")}, amount: "16.49", wantTotal: 1649},
		{name: "float noise in amount", items: []ItemInput{item(b1, "3", "14.99")}, amount: "49.467000000000006", wantTotal: 4947},
		{name: "two lines", items: []ItemInput{item(b1, "2", "14.99"), item(b3, "1", "19.99")}, amount: "54.97", wantTotal: 5497},
		{name: "half cent of tax rounds up", items: []ItemInput{item(b3, "5", "19.99")}, amount: "109.95", wantTotal: 10995},
		{name: "tampered unit price", items: []ItemInput{item(b1, "1", "0.99")}, amount: "1.09", wantErr: "The price of 'Siso and the Stripe That Got Away' is $14.99, not $0.99"},
		{name: "tampered amount", items: []ItemInput{item(b1, "1", "14.99")}, amount: "1.00", wantErr: "The amount $1.00 does not match the order total of $16.49"},
		{name: "amount off by a cent", items: []ItemInput{item(b1, "1", "14.99")}, amount: "16.48", wantErr: "does not match the order total"},
		{name: "missing amount", items: []ItemInput{item(b1, "1", "14.99")}, wantErr: "The amount must be a positive number"},
		{name: "wrong name", items: []ItemInput{{ID: 1, Name: "Free Book", Quantity: "1", UnitPrice: "14.99"}}, amount: "16.49", wantErr: "Item 'Free Book' does not match book 1"},
		{name: "unknown book", items: []ItemInput{{ID: 42, Name: "x", Quantity: "1", UnitPrice: "1"}}, amount: "1.10", wantErr: "Book 42 is not in our catalogue"},
		{name: "zero quantity", items: []ItemInput{item(b1, "0", "14.99")}, amount: "0", wantErr: "must be a whole number from 1 to 99"},
		{name: "negative quantity", items: []ItemInput{item(b1, "-2", "14.99")}, amount: "0", wantErr: "must be a whole number from 1 to 99"},
		{name: "fractional quantity", items: []ItemInput{item(b1, "1.5", "14.99")}, amount: "0", wantErr: "must be a whole number from 1 to 99"},
		{name: "empty cart", amount: "0", wantErr: "Your cart is empty"},
		{name: "lines of one book are merged", items: []ItemInput{item(b1, "2", "14.99"), item(b3, "1", "19.99"), item(b1, "1", "14.99")}, amount: "71.46", wantTotal: 7146,
			wantLines: []Line{{BookID: 1, Format: formats.Print, Title: b1.Title, UnitPriceCents: 1499, Quantity: 3, LineTotalCents: 4497}, {BookID: 3, Format: formats.Print, Title: b3.Title, UnitPriceCents: 1999, Quantity: 1, LineTotalCents: 1999}}},
		{name: "split lines cannot pass the per-book limit", items: []ItemInput{item(b1, "2", "14.99"), item(b1, "99", "14.99")}, amount: "1665.89", wantErr: "at most 99 copies of 'Siso and the Stripe That Got Away'"},
		{name: "split lines up to the limit", items: []ItemInput{item(b1, "98", "14.99"), item(b1, "1", "14.99")}, amount: "1632.41", wantTotal: 163241},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cart, err := PriceCart(cat, tc.items, json.Number(tc.amount), true)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || httpx.AsError(err).Code != httpx.CodeInvalid {
					t.Fatalf("err = %v, want invalid %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cart.TotalCents != tc.wantTotal || cart.SubtotalCents+cart.TaxCents != cart.TotalCents || cart.ShippingCents != 0 {
				t.Errorf("cart %+v, want total %d", cart, tc.wantTotal)
			}
			if tc.wantLines != nil && !reflect.DeepEqual(cart.Lines, tc.wantLines) {
				t.Errorf("lines %+v, want %+v", cart.Lines, tc.wantLines)
			}
		})
	}
}

func TestPercent(t *testing.T) {
	for bp, want := range map[int64]string{1000: "10%", 825: "8.25%", 850: "8.5%", 0: "0%", 3000: "30%", 5: "0.05%"} {
		if got := percent(bp); got != want {
			t.Errorf("percent(%d) = %q, want %q", bp, got, want)
		}
	}
}
