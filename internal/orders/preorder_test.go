package orders_test

import (
	"context"
	"crypto/rand"
	"maps"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/orders"
)

// Pre-orders (issue 39): the test clock stands on 2026-06-01 (in
// SHOP_TIME_ZONE, America/Chicago, by default); book 1 comes out on
// 2026-06-10 with its pre-orders on.

const releaseDay = "2026-06-10"

// preorderBook has the editor date book 1 and turn its pre-orders on.
func preorderBook(t *testing.T, e *apitest.Env, date string, on bool) {
	t.Helper()
	e.Staff("editor", auth.RoleEditor)
	var b struct{ Version int }
	e.Do("GET", "/api/admin/books/1", nil, "editor").Expect(t, 200).Decode(t, &b)
	e.Do("PATCH", "/api/admin/books/1", map[string]any{"version": b.Version, "publicationDate": date, "preorders": on}, "editor").Expect(t, 200)
}

// preorder is a paid demo order of the cart (book 1 pre-ordered, with
// book 3 that is out) by as, shipped to email.
func preorder(t *testing.T, e *apitest.Env, as, email string) string {
	t.Helper()
	ship := maps.Clone(shipping)
	ship["email"] = email
	return e.Request("POST", pay, demo(map[string]any{"shippingInfo": ship}), as, attempt(rand.Text())).Expect(t, 200).JSON(t)["orderNumber"].(string)
}

func fulfilmentOf(t *testing.T, e *apitest.Env, number string) string {
	t.Helper()
	var s string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT fulfillment_status FROM orders WHERE number = ?`, number).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func mails(e *apitest.Env, to, subject string) int {
	return e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE to_address = ? AND subject LIKE ?`, to, subject+"%")
}

// advance moves the envs' clocks to the release day, and their catalogues with them.
func advance(t *testing.T, envs ...*apitest.Env) {
	t.Helper()
	for _, e := range envs {
		e.Clock.Advance(9 * 24 * time.Hour)
		if err := e.Server.Catalog().Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPreorderBook(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a published book with a date to come and pre-orders on takes pre-orders", Method: "GET", URL: "/api/books/1",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { preorderBook(t, e, releaseDay, true) },
			ExpectedStatus: 200, ExpectedContent: []string{`"publicationDate":"2026-06-10"`, `"preorder":true`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'book.update' AND after_json LIKE '%"preorders":true%'`); n != 1 {
					t.Errorf("%d audit entries of the switch", n)
				}
				advance(t, e) // its day came: it is out
				if body := e.Do("GET", "/api/books/1", nil, "").Expect(t, 200).Body; !strings.Contains(body, `"preorder":false`) {
					t.Errorf("on its day: %s", body)
				}
			}},
		{Name: "pre-orders off: no pre-order", Method: "GET", URL: "/api/books/1",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { preorderBook(t, e, releaseDay, false) },
			ExpectedStatus: 200, ExpectedContent: []string{`"preorder":false`}},
		{Name: "a date already past: no pre-order", Method: "GET", URL: "/api/books/1",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { preorderBook(t, e, "2026-05-01", true) },
			ExpectedStatus: 200, ExpectedContent: []string{`"preorder":false`}},
		{Name: "the editor reads the switch", Method: "GET", URL: "/api/admin/books/1", As: "editor",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { preorderBook(t, e, releaseDay, true) },
			ExpectedStatus: 200, ExpectedContent: []string{`"preorders":true`}},
		{Name: "a switch that is not a boolean", Method: "PATCH", URL: "/api/admin/books/1", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("editor", auth.RoleEditor) },
			Body:       `{"version":1,"preorders":"yes"}`, ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
	})
}

// TestPreorderWaitsForItsDay: a pre-order is paid now, awaits release on
// the desk, in My Orders and the dashboard, cannot ship before its day,
// and is released once by two instances at once, with one "It's out!".
func TestPreorderWaitsForItsDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Staff("manager", auth.RoleManager)
		preorderBook(t, e, releaseDay, true)
		n := preorder(t, e, "buyer", "buyer.ship@example.com")
		if got := fulfilmentOf(t, e, n); got != "awaiting_release" {
			t.Fatalf("a paid pre-order is %s", got)
		}
		mine := e.Do("GET", "/api/orders", nil, "buyer").Expect(t, 200).Body
		for _, want := range []string{`"fulfillmentStatus":"awaiting_release"`, `"preorder":true`, `"releaseDate":"2026-06-10"`} {
			if !strings.Contains(mine, want) {
				t.Errorf("My Orders lacks %s: %s", want, mine)
			}
		}
		act(e, n, "fulfil", shipBody, "").Expect(t, 409)
		if list := e.Do("GET", "/api/admin/orders?fulfillmentStatus=awaiting_release", nil, "manager").Expect(t, 200).Body; !strings.Contains(list, n) {
			t.Errorf("the desk's filter lacks it: %s", list)
		}
		sales := e.Do("GET", "/api/admin/sales", nil, "manager").Expect(t, 200).Body
		for _, want := range []string{`"preorders":1,"preorderSalesCents":5497`, `"awaitingRelease":1`, `"waitingCount":0`} {
			if !strings.Contains(sales, want) {
				t.Errorf("the dashboard lacks %s: %s", want, sales)
			}
		}
		// The day before, nothing is released.
		if r, err := e.Server.Orders().ReleasePass(context.Background()); err != nil || r.Orders != 0 {
			t.Fatalf("before its day: %+v, %v", r, err)
		}
		other := apitest.NewEnv(t, d, nil)
		advance(t, e, other)
		var wg sync.WaitGroup
		for _, env := range []*apitest.Env{e, other, e, other} {
			wg.Go(func() {
				if _, err := env.Server.Orders().ReleasePass(context.Background()); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if got := fulfilmentOf(t, e, n); got != "unfulfilled" {
			t.Errorf("on its day the pre-order is %s", got)
		}
		if runs := e.Count(`SELECT COUNT(*) FROM preorder_releases WHERE book_id = 1 AND release_date = ?`, releaseDay); runs != 1 {
			t.Errorf("%d runs of the book's day", runs)
		}
		if got := mails(e, "buyer.ship@example.com", "It's out!"); got != 1 {
			t.Errorf("%d It's out! e-mails", got)
		}
		if lines := e.Count(`SELECT COUNT(*) FROM order_status_history h JOIN orders o ON o.id = h.order_id
			WHERE o.number = ? AND h.from_status = 'awaiting_release'`, n); lines != 1 {
			t.Errorf("%d release lines in the timeline", lines)
		}
		if r, _ := e.Server.Orders().ReleasePass(context.Background()); r != (orders.Released{}) {
			t.Errorf("a second pass did %+v", r)
		}
	})
}

// TestPreorderedEbookOpensOnItsDay: a pre-ordered digital format is not
// in the library before its day, nor bought twice meanwhile; it opens then.
func TestPreorderedEbookOpensOnItsDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		withEbook(t, e)
		e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": 2, "publicationDate": releaseDay, "preorders": true}, "editor").Expect(t, 200)
		body := e.Request("POST", pay, digitalDemo(5.49, ebook), "buyer", attempt("e1")).Expect(t, 200).Body
		if !strings.Contains(body, `"status":"paid"`) {
			t.Errorf("the pre-order: %s", body)
		}
		expectGrants(t, e, "buyer", 0, 0, 0)
		e.Request("POST", pay, digitalDemo(5.49, ebook), "buyer", attempt("e2")).Expect(t, 409)
		advance(t, e)
		if r, err := e.Server.Orders().ReleasePass(context.Background()); err != nil || r.Orders != 1 {
			t.Fatalf("release: %+v, %v", r, err)
		}
		expectGrants(t, e, "buyer", 1, 0, 1)
		if got := e.Count(`SELECT COUNT(*) FROM orders WHERE fulfillment_status = 'delivered'`); got != 1 {
			t.Errorf("%d delivered orders", got)
		}
		if text := e.LastMail(e.User("buyer").Email); !strings.Contains(text, "/library") || !strings.Contains(text, "Our First Adventure (E-book)") {
			t.Errorf("It's out! names no library: %s", text)
		}
	})
}

// TestPreorderDateChange: a new date tells each waiting buyer once, moves
// the release with it, and a save that keeps the date tells nobody.
func TestPreorderDateChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		preorderBook(t, e, releaseDay, true)
		preorder(t, e, "ann", "ann@example.com")
		preorder(t, e, "ann", "ann@example.com")
		preorder(t, e, "bob", "bob@example.com")
		preorderBook(t, e, "2026-06-20", true)
		preorderBook(t, e, "2026-06-20", true)
		for _, to := range []string{"ann@example.com", "bob@example.com"} {
			if got := mails(e, to, `A new date for "Siso and the Stripe That Got Away"`); got != 1 {
				t.Errorf("%s: %d date e-mails", to, got)
			}
		}
		if text := e.LastMail("bob@example.com"); !strings.Contains(text, "Saturday, June 20, 2026") {
			t.Errorf("the e-mail lacks the new date: %s", text)
		}
		advance(t, e) // June 10: the old day
		if r, _ := e.Server.Orders().ReleasePass(context.Background()); r.Orders != 0 {
			t.Errorf("released on the old day: %+v", r)
		}
		e.Clock.Advance(10 * 24 * time.Hour)
		if r, _ := e.Server.Orders().ReleasePass(context.Background()); r.Orders != 3 || r.Books != 1 {
			t.Errorf("on the new day: %+v", r)
		}
	})
}

// TestPreorderCancelAndRefund: a pre-order is cancelled (and refunded)
// or refunded in part before its day; nothing of it opens or ships then.
func TestPreorderCancelAndRefund(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Staff("manager", auth.RoleManager)
		preorderBook(t, e, releaseDay, true)
		cancelled := preorder(t, e, "buyer", "buyer.ship@example.com")
		act(e, cancelled, "cancel", map[string]any{"reason": "Changed their mind"}, "c1").Expect(t, 200)
		refunded := preorder(t, e, "buyer", "buyer.ship@example.com")
		act(e, refunded, "refund", map[string]any{"lines": []map[string]any{{"bookId": 3, "quantity": 1}}, "reason": "Only the pre-order"}, "r1").Expect(t, 200)
		var pay, ful string
		if err := e.DB.QueryRowContext(context.Background(), `SELECT payment_status, fulfillment_status FROM orders WHERE number = ?`, cancelled).Scan(&pay, &ful); err != nil {
			t.Fatal(err)
		}
		if pay != "refunded" || ful != "cancelled" {
			t.Errorf("the cancelled pre-order is %s/%s", pay, ful)
		}
		if err := e.DB.QueryRowContext(context.Background(), `SELECT payment_status, fulfillment_status FROM orders WHERE number = ?`, refunded).Scan(&pay, &ful); err != nil {
			t.Fatal(err)
		}
		if pay != "partially_refunded" || ful != "awaiting_release" {
			t.Errorf("the partly refunded pre-order is %s/%s", pay, ful)
		}
		advance(t, e)
		if r, _ := e.Server.Orders().ReleasePass(context.Background()); r.Orders != 1 {
			t.Errorf("released %+v", r)
		}
		if got := fulfilmentOf(t, e, cancelled); got != "cancelled" {
			t.Errorf("the cancelled pre-order was released: %s", got)
		}
	})
}
