package orders

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db/dbtest"
)

// TestExportOutlastsTheWriteTimeout: the orders' CSV streams for as long as
// rows flow, past the server's WriteTimeout (cut to 1 s here, 60 s in
// production) that bounds an ordinary response: a year's export on a busy
// machine, or to a slow client, arrives whole.
func TestExportOutlastsTheWriteTimeout(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	paid := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	const orders = 20_000
	var b strings.Builder
	for i := range orders {
		if i%500 == 0 {
			if b.Len() > 0 {
				if _, err := d.ExecContext(ctx, b.String()); err != nil {
					t.Fatal(err)
				}
				b.Reset()
			}
			b.WriteString(`INSERT INTO orders (number, provider, currency, subtotal_cents, tax_cents, shipping_cents, total_cents,
				created_at, updated_at, paid_at, payment_status, fulfillment_status) VALUES `)
		} else {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "('SF-T%09d', 'demo_card', 'USD', 4997, 500, 0, 5497, '%[2]s', '%[2]s', '%[2]s', 'paid', 'delivered')", i, paid.Format("2006-01-02 15:04:05-07:00"))
	}
	if _, err := d.ExecContext(ctx, b.String()); err != nil {
		t.Fatal(err)
	}
	s := New(d, Parts{Pricing: testPricing}, Settings{}, nil)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(auth.WithCaller(r.Context(), auth.Caller{UserID: "owner", Role: auth.RoleOwner, AAL: "aal2"}))
		if err := s.ExportOrders(w, r); err != nil {
			t.Errorf("export: %v", err)
		}
	}))
	srv.Config.WriteTimeout = time.Second
	srv.Start()
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/?from=2026-06-01&to=2026-06-01")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	lines, buf := 0, make([]byte, 16<<10)
	for {
		time.Sleep(10 * time.Millisecond) // a slow reader: about 1.5 MB a second
		n, err := resp.Body.Read(buf)
		lines += strings.Count(string(buf[:n]), "\n")
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the export was cut after %d lines: %v", lines, err)
		}
	}
	if lines != orders+1 {
		t.Errorf("%d lines, want the header and %d orders", lines, orders)
	}
}
