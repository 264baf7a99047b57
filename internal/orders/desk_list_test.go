package orders_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// TestDeskListRepeatedStatus: a status filter that names one status many
// times (more than the database's limit of SQL variables) is read as that
// status once, not a 500.
func TestDeskListRepeatedStatus(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{{Name: "paid 70,000 times", Method: "GET",
		URL: "/api/admin/orders?status=" + strings.Repeat("paid,", 70_000) + "fulfilled", As: "manager",
		BeforeTest: func(t *testing.T, e *apitest.Env) {
			e.Staff("manager", auth.RoleManager)
			demoOrder(t, e, "buyer")
		},
		ExpectedStatus: 200, ExpectedContent: []string{`"total":1`, `"status":"paid"`}}})
}

// TestDeskListKeysetPages: in every sort, following nextCursor from the
// first page and then prevCursor back gives the pages that their numbers
// give (issue 40: keyset pages), with no cursor past either end; orders
// made at the same instant keep one place. A cursor that names no order,
// or both cursors at once, is a 400 naming it.
func TestDeskListKeysetPages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Staff("manager", auth.RoleManager)
		var numbers []string
		for i := range 10 {
			if i%4 == 0 {
				e.Clock.Advance(time.Minute) // the others share an instant
			}
			numbers = append(numbers, demoOrder(t, e, ""))
		}
		act(e, numbers[1], "fulfil", shipBody, "").Expect(t, 200)
		act(e, numbers[4], "cancel", map[string]any{"reason": "Asked by the buyer"}, "c4").Expect(t, 200)
		type page struct {
			Orders                 []struct{ Number string }
			Total                  int
			NextCursor, PrevCursor *string
		}
		get := func(query string) page {
			t.Helper()
			var p page
			if err := json.Unmarshal([]byte(e.Do("GET", "/api/admin/orders?perPage=2&"+query, nil, "manager").Expect(t, 200).Body), &p); err != nil {
				t.Fatal(err)
			}
			return p
		}
		of := func(p page) (out []string) {
			for _, o := range p.Orders {
				out = append(out, o.Number)
			}
			return out
		}
		for _, sort := range []string{"createdAt", "-createdAt", "totalCents", "-totalCents", "number", "-number", "status", "-status"} {
			var byNumber [][]string
			for n := 1; n <= 5; n++ {
				byNumber = append(byNumber, of(get(fmt.Sprintf("sort=%s&page=%d", sort, n))))
			}
			p := get("sort=" + sort)
			if p.PrevCursor != nil || p.Total != 10 {
				t.Errorf("%s: the first page has a page before it, or %d orders", sort, p.Total)
			}
			var walked []page
			for {
				walked = append(walked, p)
				if p.NextCursor == nil || len(walked) > 5 {
					break
				}
				p = get("sort=" + sort + "&after=" + *p.NextCursor)
			}
			for i := len(walked) - 1; i > 0; i-- {
				if walked[i].PrevCursor == nil {
					t.Fatalf("%s: page %d has no page before it", sort, i+1)
				}
				if back := get("sort=" + sort + "&before=" + *walked[i].PrevCursor); !slices.Equal(of(back), of(walked[i-1])) {
					t.Errorf("%s: back from page %d: %v, want %v", sort, i+1, of(back), of(walked[i-1]))
				}
			}
			if len(walked) != 5 {
				t.Fatalf("%s: %d pages by cursor, want 5", sort, len(walked))
			}
			for i, w := range walked {
				if !slices.Equal(of(w), byNumber[i]) {
					t.Errorf("%s: page %d by cursor %v, by number %v", sort, i+1, of(w), byNumber[i])
				}
			}
		}
		filtered := get("paymentStatus=paid&sort=-createdAt&after=" + numbers[6])
		if len(filtered.Orders) != 2 || slices.Contains(of(filtered), numbers[4]) {
			t.Errorf("a filtered list's next page: %v", of(filtered))
		}
		for query, want := range map[string]string{
			"after=SF-GONE": `"after":"The number of an order of the list"`,
			"after=" + numbers[0] + "&before=" + numbers[1]: `"before":"Either after or before, not both"`,
		} {
			if res := e.Do("GET", "/api/admin/orders?"+query, nil, "manager").Expect(t, 400); !strings.Contains(res.Body, want) {
				t.Errorf("%s: %s", query, res.Body)
			}
		}
	})
}

// TestDeskListCountsUpTo400Pages: the list counts its orders up to 400
// pages (10,000 at 25 a page) and then says it has at least that many
// (totalCapped), as counting a year's orders for every page was 55-110 ms
// on PostgreSQL; its last page is still reached by its cursor.
func TestDeskListCountsUpTo400Pages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Staff("manager", auth.RoleManager)
		if _, err := d.ExecContext(t.Context(), `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 402)
			INSERT INTO orders (number, email, provider, currency, subtotal_cents, tax_cents, shipping_cents, total_cents, created_at, updated_at)
			SELECT 'SF-CAP-' || i, 'cap@example.com', 'demo_card', 'USD', 100, 0, 0, 100, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM n`); err != nil {
			t.Fatal(err)
		}
		type page struct {
			Orders      []struct{ Number string }
			Total       int
			TotalCapped bool
			NextCursor  *string
		}
		get := func(query string) page {
			t.Helper()
			var p page
			if err := json.Unmarshal([]byte(e.Do("GET", "/api/admin/orders?"+query, nil, "manager").Expect(t, 200).Body), &p); err != nil {
				t.Fatal(err)
			}
			return p
		}
		if p := get("perPage=1"); p.Total != 400 || !p.TotalCapped {
			t.Errorf("one a page: total %d, capped %v; want 400, true", p.Total, p.TotalCapped)
		}
		if p := get("perPage=100"); p.Total != 402 || p.TotalCapped {
			t.Errorf("100 a page: total %d, capped %v; want 402, false", p.Total, p.TotalCapped)
		}
		if p := get("perPage=1&q=cap@example.com"); p.Total != 400 || !p.TotalCapped {
			t.Errorf("searched, one a page: total %d, capped %v; want 400, true", p.Total, p.TotalCapped)
		}
		last := get("perPage=1&page=402")
		if len(last.Orders) != 1 || last.NextCursor != nil {
			t.Errorf("page 402 of one a page: %d orders, next %v", len(last.Orders), last.NextCursor)
		}
	})
}
