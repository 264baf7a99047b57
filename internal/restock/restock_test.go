package restock_test

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

const notify = "/api/books/3/notify"

// setStock has the editor save book 3's stock, as the book editor does.
func setStock(t *testing.T, e *apitest.Env, stock int) {
	t.Helper()
	var b struct{ Version int }
	e.Do("GET", "/api/admin/books/3", nil, "ed").Expect(t, 200).Decode(t, &b)
	e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": b.Version, "stock": stock}, "ed").Expect(t, 200)
}

// soldOut is a shop whose book 3 has no copies left.
func soldOut(t *testing.T, e *apitest.Env) {
	t.Helper()
	e.Staff("ed", auth.RoleEditor)
	setStock(t, e, 0)
}

var confirmLink = regexp.MustCompile(`/back-in-stock/confirm\?token=([A-Za-z0-9_-]+)`)

func confirm(t *testing.T, e *apitest.Env, addr string) {
	t.Helper()
	m := confirmLink.FindStringSubmatch(e.LastMail(addr))
	if m == nil {
		t.Fatalf("no confirmation link to %s: %q", addr, e.LastMail(addr))
	}
	e.Do("POST", "/api/back-in-stock/confirm", map[string]any{"token": m[1]}, "").Expect(t, 200)
}

func backInStockMails(t *testing.T, e *apitest.Env, addr string) int {
	t.Helper()
	return e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE to_address = ? AND subject = 'Good news: "Our First Adventure" is back'`, addr)
}

func TestNotify(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a visitor's address waits once confirmed, and hears once when the editor restocks", Method: "POST", URL: notify,
			Body: map[string]any{"email": "Visitor@example.com"}, BeforeTest: soldOut,
			ExpectedStatus: 200, ExpectedContent: []string{`{"status":"check_inbox","email":"visitor@example.com"}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				ctx := context.Background()
				if n, _ := e.Server.Restock().AlertPass(ctx); n != 0 {
					t.Fatal("an alert before anything changed")
				}
				waiting := e.Do("GET", "/api/admin/books/3/waiting", nil, "ed").Expect(t, 200)
				if !strings.Contains(waiting.Body, `{"pending":1,"waiting":0}`) {
					t.Errorf("waiting: %s", waiting.Body)
				}
				confirm(t, e, "visitor@example.com")
				// Asking again changes nothing and mails nothing.
				e.Do("POST", notify, map[string]any{"email": "visitor@example.com"}, "").Expect(t, 200)
				if n := e.MailCount("visitor@example.com"); n != 1 {
					t.Errorf("%d e-mails before the restock", n)
				}
				if n, _ := e.Server.Restock().AlertPass(ctx); n != 0 {
					t.Fatal("an alert while still sold out")
				}
				setStock(t, e, 5)
				if n, err := e.Server.Restock().AlertPass(ctx); n != 1 || err != nil {
					t.Fatalf("after the restock: %d, %v", n, err)
				}
				if n, _ := e.Server.Restock().AlertPass(ctx); n != 0 {
					t.Error("a second alert")
				}
				if n := backInStockMails(t, e, "visitor@example.com"); n != 1 {
					t.Errorf("%d back-in-stock e-mails", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM stock_alerts`); n != 0 {
					t.Errorf("%d addresses kept after the alert", n)
				}
				if !strings.Contains(e.LastMail("visitor@example.com"), "http://shop.test/books/our-first-adventure") {
					t.Errorf("the e-mail lacks the book's link: %s", e.LastMail("visitor@example.com"))
				}
			}},
		{Name: "a signed-in parent waits in one click; the export shows it and deletion erases it", Method: "POST", URL: notify, As: "owner", BeforeTest: soldOut,
			ExpectedStatus: 200, ExpectedContent: []string{`{"status":"waiting","email":"owner@example.com"}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				export := e.Do("GET", "/api/account/export", nil, "owner").Expect(t, 200)
				if !strings.Contains(export.Body, `"back_in_stock":[{"bookId":3,"email":"owner@example.com","status":"waiting"`) {
					t.Errorf("export: %s", export.Body)
				}
				e.Do("DELETE", "/api/account", map[string]any{"password": apitest.Password}, "owner").Expect(t, 204)
				if n := e.Count(`SELECT COUNT(*) FROM stock_alerts`); n != 0 {
					t.Errorf("%d alerts after the deletion", n)
				}
			}},
		{Name: "a book in stock needs no alert", Method: "POST", URL: notify, Body: map[string]any{"email": "v@example.com"},
			ExpectedStatus: 409, ExpectedContent: []string{"this book is in stock"}},
		{Name: "an unknown book", Method: "POST", URL: "/api/books/9999/notify", Body: map[string]any{"email": "v@example.com"},
			ExpectedStatus: 404, ExpectedContent: []string{"Book not found."}},
		{Name: "a book id that is not a number", Method: "POST", URL: "/api/books/abc/notify", Body: map[string]any{"email": "v@example.com"},
			ExpectedStatus: 404, ExpectedContent: []string{"Book not found."}},
		{Name: "a visitor must give an address", Method: "POST", URL: notify, BeforeTest: soldOut,
			ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"email":"Email is required"}`}},
		{Name: "a bad address", Method: "POST", URL: notify, Body: map[string]any{"email": "nope"}, BeforeTest: soldOut,
			ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"email":"Invalid email address"}`}},
		{Name: "a forged confirmation", Method: "POST", URL: "/api/back-in-stock/confirm", Body: map[string]any{"token": "forged"},
			ExpectedStatus: 400, ExpectedContent: []string{`"token":"This link has expired or was already used"`}},
		{Name: "a customer may not read the count", Method: "GET", URL: "/api/admin/books/3/waiting", As: "owner",
			ExpectedStatus: 403, ExpectedContent: []string{"Access Denied"}},
	})
}

// TestOneAlertWithTwoInstances: instances passing at once tell each
// address once.
func TestOneAlertWithTwoInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		soldOut(t, e)
		for _, u := range []string{"a", "b", "c"} {
			e.Do("POST", notify, nil, u).Expect(t, 200)
		}
		setStock(t, e, 2)
		other := apitest.NewEnv(t, d, nil)
		var wg sync.WaitGroup
		for _, env := range []*apitest.Env{e, other, e, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := env.Server.Restock().AlertPass(context.Background()); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		for _, u := range []string{"a", "b", "c"} {
			if n := backInStockMails(t, e, u+"@example.com"); n != 1 {
				t.Errorf("%s: %d alerts", u, n)
			}
		}
	})
}
