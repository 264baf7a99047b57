package orders_test

import (
	"context"
	"crypto/rand"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/paypal"
	"bookshop/internal/paypal/paypaltest"
)

// Digital formats (issue 37): bought like books, delivered at payment to
// the buyer's account by whichever payment path gets there first, once,
// and taken back by a refund of their line.

const (
	readerPage = "/api/storybooks/our-first-adventure/pages/great-balloon-ride"
	testPDF    = "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
)

// Lines of the carts: Our First Adventure's interactive edition ($6.99)
// and e-book ($4.99, withEbook), and one printed copy of book 1 ($14.99).
var (
	interactive = map[string]any{"id": 3, "name": "Our First Adventure", "format": "interactive", "quantity": 1, "unitPrice": 6.99}
	ebook       = map[string]any{"id": 3, "name": "Our First Adventure", "format": "ebook", "quantity": 1, "unitPrice": 4.99}
	printed     = map[string]any{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 1, "unitPrice": 14.99}
)

// digitalDemo is a demo card payment of items for amount, with no address.
func digitalDemo(amount float64, items ...map[string]any) map[string]any {
	return map[string]any{"action": "demo_payment", "method": "card", "items": items, "amount": amount}
}

// mixedDemo is the printed book and the e-book, shipped: 19.98 + 2.00 tax.
func mixedDemo() map[string]any {
	return map[string]any{"action": "demo_payment", "method": "card", "items": []map[string]any{printed, ebook}, "amount": 21.98,
		"shippingInfo": shipping}
}

// withEbook puts Our First Adventure's e-book on sale at $4.99.
func withEbook(t *testing.T, e *apitest.Env) {
	t.Helper()
	e.Staff("editor", auth.RoleEditor)
	file := e.Request("POST", "/api/admin/files?name=adventure.pdf", testPDF, "editor",
		map[string]string{"Content-Type": "application/octet-stream"}).Expect(t, http.StatusCreated).JSON(t)["id"].(string)
	e.Vars["file"] = file
	e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": 1, "stock": 5, "formats": []map[string]any{
		{"format": "print", "priceCents": 1999}, {"format": "interactive", "priceCents": 699},
		{"format": "ebook", "priceCents": 499, "files": []string{file}}}}, "editor").Expect(t, 200)
	// The next request reads the new catalogue: the change reloaded it.
}

// grants counts the account's live deliveries: purchases, storybook
// entitlements bought, and download grants.
func grants(t *testing.T, e *apitest.Env, name string) (purchases, editions, files int) {
	t.Helper()
	id := e.User(name).ID
	return e.Count(`SELECT COUNT(*) FROM digital_purchases WHERE user_id = ? AND revoked_at IS NULL`, id),
		e.Count(`SELECT COUNT(*) FROM storybook_entitlements WHERE user_id = ? AND source = 'purchase' AND revoked_at IS NULL`, id),
		e.Count(`SELECT COUNT(*) FROM download_grants WHERE user_id = ? AND revoked_at IS NULL`, id)
}

func expectGrants(t *testing.T, e *apitest.Env, name string, purchases, editions, files int) {
	t.Helper()
	if p, ed, f := grants(t, e, name); p != purchases || ed != editions || f != files {
		t.Errorf("%s has %d purchases, %d editions, %d files; want %d, %d, %d", name, p, ed, f, purchases, editions, files)
	}
}

func TestBuyingDigitalFormats(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "the interactive edition is bought without an address and opens at once", Method: "POST", URL: pay, As: "buyer",
			Headers: attempt("1"), Body: digitalDemo(7.69, interactive),
			ExpectedStatus: 200, ExpectedContent: []string{`"success":true`, `"status":"delivered"`, `"total":"7.69"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				expectGrants(t, e, "buyer", 1, 1, 0)
				number := res.JSON(t)["orderNumber"].(string)
				if n := e.Count(`SELECT COUNT(*) FROM storybook_entitlements WHERE order_number = ?`, number); n != 1 {
					t.Errorf("the entitlement does not name order %s", number)
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE number = ? AND payment_status = 'paid' AND fulfillment_status = 'delivered'
					AND shipping_cents = 0 AND shipping_method = 'none' AND shipping_info NOT LIKE '%Story Lane%'`, number); n != 1 {
					t.Error("the order is not paid and delivered without shipping")
				}
				e.Do("GET", readerPage, nil, "buyer").Expect(t, 200)
				e.Staff("manager", auth.RoleManager)
				if o := e.Do("GET", desk+number, nil, "manager").Expect(t, 200).Body; strings.Contains(o, `"fulfil"`) || !strings.Contains(o, `"digital":true`) {
					t.Errorf("the desk offers to ship a digital order: %s", o)
				}
				lib := e.Do("GET", "/api/library", nil, "buyer").Expect(t, 200)
				if !strings.Contains(lib.Body, `"slug":"our-first-adventure"`) || !strings.Contains(lib.Body, `"files":[]`) {
					t.Errorf("library: %s", lib.Body)
				}
				mail := e.LastMail(e.User("buyer").Email)
				if !strings.Contains(mail, "Our First Adventure (Interactive)") || !strings.Contains(mail, apitest.SiteURL+"/library") {
					t.Errorf("confirmation: %s", mail)
				}
			}},
		{Name: "a digital format needs a session", Method: "POST", URL: pay, Headers: attempt("1"), Body: digitalDemo(7.69, interactive),
			ExpectedStatus: 401, ExpectedContent: []string{`"error":"Please log in to buy digital books."`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 0 {
					t.Errorf("%d orders", n)
				}
			}},
		{Name: "PayPal's create_order asks for the same session", Method: "POST", URL: pay, Headers: attempt("1"),
			Body:           map[string]any{"action": "create_order", "items": []map[string]any{interactive}, "amount": 7.69},
			ExpectedStatus: 401, ExpectedContent: []string{`"error":"Please log in to buy digital books."`}},
		{Name: "a format the family has is refused before payment", Method: "POST", URL: pay, As: "buyer", Headers: attempt("2"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Request("POST", pay, digitalDemo(7.69, interactive), "buyer", attempt("1")).Expect(t, 200)
			},
			Body:           digitalDemo(7.69, interactive),
			ExpectedStatus: 409, ExpectedContent: []string{`"error":"Your family already has \"Our First Adventure\" (Interactive). Find it in your Library."`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				expectGrants(t, e, "buyer", 1, 1, 0)
				// PayPal is refused before anything is created there.
				r := e.Request("POST", pay, map[string]any{"action": "create_order", "items": []map[string]any{interactive}, "amount": 7.69}, "buyer", attempt("3"))
				if r.Expect(t, 409); !strings.Contains(r.Body, "Find it in your Library.") {
					t.Errorf("create_order: %s", r.Body)
				}
			}},
		{Name: "an edition given by staff counts as the family's", Method: "POST", URL: pay, As: "buyer", Headers: attempt("2"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				e.Do("POST", "/api/admin/storybooks/1/grants", map[string]any{"email": e.User("buyer").Email}, "manager").Expect(t, 201)
			},
			Body:           digitalDemo(7.69, interactive),
			ExpectedStatus: 409, ExpectedContent: []string{`(Interactive). Find it in your Library.`}},
		{Name: "a digital format is bought once per cart", Method: "POST", URL: pay, As: "buyer", Headers: attempt("1"),
			Body:           digitalDemo(15.38, interactive, interactive),
			ExpectedStatus: 400, ExpectedContent: []string{`"items":"A digital format is bought once"`}},
		{Name: "a digital format's quantity is 1", Method: "POST", URL: pay, As: "buyer", Headers: attempt("1"),
			Body:           digitalDemo(15.38, map[string]any{"id": 3, "name": "Our First Adventure", "format": "interactive", "quantity": 2, "unitPrice": 6.99}),
			ExpectedStatus: 400, ExpectedContent: []string{`"items":"A digital format's quantity is 1"`}},
		{Name: "a format the book is not sold in is refused", Method: "POST", URL: pay, As: "buyer", Headers: attempt("1"),
			Body:           digitalDemo(5.49, ebook),
			ExpectedStatus: 409, ExpectedContent: []string{`'Our First Adventure' is not sold as E-book at the moment.`}},
		{Name: "an unknown format is a 400", Method: "POST", URL: pay, As: "buyer", Headers: attempt("1"),
			Body:           digitalDemo(5.49, map[string]any{"id": 3, "name": "Our First Adventure", "format": "vinyl", "quantity": 1, "unitPrice": 4.99}),
			ExpectedStatus: 400, ExpectedContent: []string{`"items":"Unknown format"`}},
		{Name: "the interactive edition at the print price is a stale cart", Method: "POST", URL: pay, As: "buyer", Headers: attempt("1"),
			Body:           digitalDemo(21.99, map[string]any{"id": 3, "name": "Our First Adventure", "format": "interactive", "quantity": 1, "unitPrice": 19.99}),
			ExpectedStatus: 400, ExpectedContent: []string{`The price of 'Our First Adventure' is $6.99, not $19.99.`}},
		{Name: "a mixed cart ships its print lines and delivers the rest", Method: "POST", URL: pay, As: "buyer", Headers: attempt("1"),
			BeforeTest: withEbook, Body: mixedDemo(),
			ExpectedStatus: 200, ExpectedContent: []string{`"success":true`, `"status":"paid"`, `"total":"21.98"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				expectGrants(t, e, "buyer", 1, 0, 1)
				number := res.JSON(t)["orderNumber"].(string)
				e.Staff("manager", auth.RoleManager)
				o := e.Do("GET", desk+number, nil, "manager").Expect(t, 200)
				for _, want := range []string{`"fulfillmentStatus":"unfulfilled"`, `"format":"print","digital":false`, `"format":"ebook","digital":true`, `"fulfil"`} {
					if !strings.Contains(o.Body, want) {
						t.Errorf("desk order lacks %s: %s", want, o.Body)
					}
				}
				lib := e.Do("GET", "/api/library", nil, "buyer").Expect(t, 200).Body
				for _, want := range []string{`"purchaseId":"` + number + `-2"`, `"fileId":"` + e.Vars["file"] + `"`, `"bookId":3`, `"title":"Our First Adventure"`,
					`"format":"ebook"`, `"kind":"pdf"`, `"name":"Our First Adventure.pdf"`, `"contentType":"application/pdf"`, `"downloadsLeft":10`} {
					if !strings.Contains(lib, want) {
						t.Errorf("library lacks %s: %s", want, lib)
					}
				}
				e.Do("GET", "/api/library/downloads/"+number+"-2/"+e.Vars["file"], nil, "buyer").Expect(t, 200)
				if n := e.Count(`SELECT stock FROM books WHERE id = 3`); n != 5 {
					t.Errorf("the e-book took stock of book 3: %d left of 5", n)
				}
			}},
	})
}

// Twenty purchases of one format at once by one account: one is paid and
// delivered; the others are refused with the 409 that names the Library,
// and record nothing paid.
func TestParallelPurchasesOfOneFormat(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "20 at once", Method: "GET", URL: "/api/library", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.User("buyer")
				var wg sync.WaitGroup
				statuses, bodies := make([]int, 20), make([]string, 20)
				for i := range statuses {
					wg.Go(func() {
						r := e.Request("POST", pay, digitalDemo(7.69, interactive), "buyer", attempt(rand.Text()))
						if statuses[i] = r.Status; r.Status != 200 {
							bodies[i] = r.Body
						}
					})
				}
				wg.Wait()
				ok := 0
				for _, s := range statuses {
					switch s {
					case 200:
						ok++
					case 409:
					default:
						t.Errorf("a purchase answered %d", s)
					}
				}
				if ok != 1 {
					t.Errorf("%d purchases paid, want 1 (%v)", ok, statuses)
				}
				for _, body := range bodies {
					if body != "" && !strings.Contains(body, `"error":"Your family already has \"Our First Adventure\" (Interactive). Find it in your Library."`) {
						t.Errorf("a refused purchase answered %s", body)
					}
				}
				expectGrants(t, e, "buyer", 1, 1, 0)
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE paid_at IS NOT NULL`); n != 1 {
					t.Errorf("%d paid orders", n)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"slug":"our-first-adventure"`}},
	})
}

// createDigital starts a PayPal checkout of the e-book and the printed
// book; Vars paypalOrder names it.
func createDigital(t *testing.T, e *apitest.Env) {
	t.Helper()
	withEbook(t, e)
	created := e.Request("POST", pay, map[string]any{"action": "create_order", "items": []map[string]any{printed, ebook}, "amount": 21.98,
		"shippingInfo": shipping}, "buyer", attempt(rand.Text())).Expect(t, 200)
	e.Vars["paypalOrder"] = created.JSON(t)["id"].(string)
}

// captureAtPayPal captures the checkout at the fake as a request that died
// afterwards would have; Vars capture names the capture.
func captureAtPayPal(t *testing.T, e *apitest.Env) {
	t.Helper()
	client := paypal.New(e.PayPalURL, paypaltest.ClientID, paypaltest.ClientSecret)
	pp, err := client.CaptureOrder(context.Background(), "bookshop-capture-lost", e.Vars["paypalOrder"])
	if err != nil {
		t.Fatal(err)
	}
	c, _ := pp.FirstCapture()
	e.Vars["capture"] = c.ID
}

func completedEvent(e *apitest.Env) (map[string]string, []byte) {
	c := paypal.CaptureResource{Capture: paypal.Capture{ID: e.Vars["capture"], Status: paypal.StatusCompleted, Amount: paypal.Money{CurrencyCode: "USD", Value: "21.98"}}}
	c.SupplementaryData.RelatedIDs.OrderID = e.Vars["paypalOrder"]
	return event("WH-"+rand.Text(), paypal.EventCaptureCompleted, c)
}

// Each way an order becomes paid delivers its digital lines, once, even
// when another way finds the order paid a moment later.
func TestEachPaymentPathDeliversOnce(t *testing.T) {
	delivered := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		expectGrants(t, e, "buyer", 1, 0, 1)
		if n := e.Count(`SELECT COUNT(*) FROM orders WHERE payment_status = 'paid' AND fulfillment_status = 'unfulfilled'`); n != 1 {
			t.Error("the mixed order is not paid and waiting for its print line")
		}
	}
	capture := func(t *testing.T, e *apitest.Env) *apitest.Response {
		return e.Request("POST", pay, map[string]any{"action": "capture_order", "orderID": e.Vars["paypalOrder"], "items": []map[string]any{printed, ebook},
			"amount": 21.98, "shippingInfo": shipping}, "buyer", attempt(rand.Text()))
	}
	reconcile := func(t *testing.T, e *apitest.Env) {
		if _, err := e.Server.Orders().Reconcile(t.Context(), 3*time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "PayPal capture, then the webhook of the same capture", Method: "GET", URL: "/api/library", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				createDigital(t, e)
				out := capture(t, e).Expect(t, 200).JSON(t)
				e.Vars["capture"] = out["captureId"].(string)
				h, body := completedEvent(e)
				deliver(t, e, h, body, 200, `"outcome"`)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"format":"ebook"`}, AfterTest: delivered},
		{Name: "the webhook, then the buyer's capture", Method: "GET", URL: "/api/library", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				createDigital(t, e)
				captureAtPayPal(t, e)
				h, body := completedEvent(e)
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
				capture(t, e).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"format":"ebook"`}, AfterTest: delivered},
		{Name: "the reconciler after a crash mid-capture, twice", Method: "GET", URL: "/api/library", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				createDigital(t, e)
				captureAtPayPal(t, e)
				// The capture request died holding its lock, which expired.
				if _, err := e.DB.ExecContext(t.Context(), `UPDATE orders SET capture_lock_until = 1 WHERE provider_order_id = ?`, e.Vars["paypalOrder"]); err != nil {
					t.Fatal(err)
				}
				reconcile(t, e)
				reconcile(t, e)
				h, body := completedEvent(e)
				deliver(t, e, h, body, 200, `"outcome"`)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"format":"ebook"`}, AfterTest: delivered},
	})
}

// A refund of a digital line takes the format back at once: the reader
// and the downloads refuse, and the timeline and the audit log say so.
func TestRefundTakesADigitalFormatBack(t *testing.T) {
	refundLine := func(format string, amount float64, items ...map[string]any) func(t *testing.T, e *apitest.Env) {
		return func(t *testing.T, e *apitest.Env) {
			withEbook(t, e)
			e.Staff("manager", auth.RoleManager)
			body := digitalDemo(amount, items...)
			e.Vars["number"] = e.Request("POST", pay, body, "buyer", attempt("1")).Expect(t, 200).JSON(t)["orderNumber"].(string)
			e.Vars["purchase"] = e.Vars["number"] + "-1"
			e.Do("GET", readerPage, nil, "buyer").Expect(t, 200)
			act(e, e.Vars["number"], "refund", map[string]any{"lines": []map[string]any{{"bookId": 3, "format": format, "quantity": 1}},
				"reason": "Goodwill"}, "refund-1").Expect(t, 200)
		}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "the interactive edition refunded: the reader answers 403", Method: "GET", URL: readerPage, As: "buyer",
			BeforeTest:     refundLine("interactive", 13.18, interactive, ebook),
			ExpectedStatus: 403, ExpectedContent: []string{`"code":"forbidden"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				expectGrants(t, e, "buyer", 1, 0, 1) // the e-book stays
				o := e.Do("GET", desk+e.Vars["number"], nil, "manager").Expect(t, 200).Body
				if !strings.Contains(o, "Our First Adventure (Interactive) taken back from the family") {
					t.Errorf("timeline: %s", o)
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'order.refund' AND after_json LIKE '%revokedFormats%Interactive%'`); n != 1 {
					t.Errorf("%d audit entries say the edition was taken back", n)
				}
			}},
		{Name: "the e-book refunded: its download link answers 403", Method: "GET", URL: "/api/library/downloads/{number}-2/{file}", As: "buyer",
			BeforeTest:     refundLine("ebook", 13.18, interactive, ebook),
			ExpectedStatus: 403, ExpectedContent: []string{`"code":"forbidden"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				expectGrants(t, e, "buyer", 1, 1, 0)
				if lib := e.Do("GET", "/api/library", nil, "buyer").Expect(t, 200).Body; !strings.Contains(lib, `"files":[]`) {
					t.Errorf("the library still lists the e-book: %s", lib)
				}
				// Refunded, the family may buy the e-book again.
				e.Request("POST", pay, digitalDemo(5.49, ebook), "buyer", attempt("2")).Expect(t, 200)
			}},
	})
}

// The parent's data export lists the digital formats bought; deleting the
// account takes them, and what they delivered, away.
func TestDigitalPurchasesInExportAndErasure(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "export, then deletion", Method: "GET", URL: "/api/account/export", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withEbook(t, e)
				e.Request("POST", pay, digitalDemo(13.18, interactive, ebook), "buyer", attempt("1")).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"downloads":[{"purchaseId":"SF-`, `"format":"ebook"`, `"format":"interactive","digital":true`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				id := e.User("buyer").ID
				e.Do("DELETE", "/api/account", map[string]any{"password": apitest.Password}, "buyer").Expect(t, 204)
				for _, table := range []string{"digital_purchases", "download_grants", "storybook_entitlements"} {
					if n := e.Count(`SELECT COUNT(*) FROM `+table+` WHERE user_id = ?`, id); n != 0 {
						t.Errorf("%d rows of %s left", n, table)
					}
				}
				if n := e.Count(`SELECT COUNT(*) FROM order_lines WHERE format IN ('ebook', 'interactive')`); n != 2 {
					t.Errorf("the order lost its lines: %d left", n)
				}
			}},
	})
}

// payPalDigital starts a PayPal checkout of the interactive edition alone
// (no address, $7.69) and returns PayPal's order id.
func payPalDigital(t *testing.T, e *apitest.Env) string {
	t.Helper()
	created := e.Request("POST", pay, map[string]any{"action": "create_order", "items": []map[string]any{interactive}, "amount": 7.69},
		"buyer", attempt(rand.Text())).Expect(t, 200)
	return created.JSON(t)["id"].(string)
}

// captureDigital captures it as the buyer's browser does; it returns the
// order's number and PayPal's capture id.
func captureDigital(t *testing.T, e *apitest.Env, paypalOrder string) (string, string) {
	t.Helper()
	out := e.Request("POST", pay, map[string]any{"action": "capture_order", "orderID": paypalOrder, "items": []map[string]any{interactive}, "amount": 7.69},
		"buyer", attempt(rand.Text())).Expect(t, 200).JSON(t)
	return out["orderNumber"].(string), out["captureId"].(string)
}

func deniedEvent(e *apitest.Env, amount string) (map[string]string, []byte) {
	c := paypal.CaptureResource{Capture: paypal.Capture{ID: e.Vars["capture"], Status: "DENIED", Amount: paypal.Money{CurrencyCode: "USD", Value: amount}}}
	c.SupplementaryData.RelatedIDs.OrderID = e.Vars["paypalOrder"]
	return event("WH-DENIED-"+rand.Text(), paypal.EventCaptureDenied, c)
}

// PayPal denying a capture after the order was paid takes back what was
// delivered: a digital-only order, delivered at payment, is cancelled and
// its format taken back; a parcel that arrived is left to the staff.
func TestDeniedCaptureTakesTheFormatsBack(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a delivered digital-only order: the reader answers 403", Method: "GET", URL: readerPage, As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				e.Vars["paypalOrder"] = payPalDigital(t, e)
				e.Vars["number"], e.Vars["capture"] = captureDigital(t, e, e.Vars["paypalOrder"])
				e.Do("GET", readerPage, nil, "buyer").Expect(t, 200)
				h, body := deniedEvent(e, "7.69")
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
			},
			ExpectedStatus: 403, ExpectedContent: []string{`"code":"forbidden"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				expectGrants(t, e, "buyer", 0, 0, 0)
				o := e.Do("GET", desk+e.Vars["number"], nil, "manager").Expect(t, 200).Body
				for _, want := range []string{`"paymentStatus":"payment_failed","fulfillmentStatus":"cancelled"`, "PayPal denied capture",
					"Our First Adventure (Interactive) taken back from the family"} {
					if !strings.Contains(o, want) {
						t.Errorf("the desk's order lacks %s: %s", want, o)
					}
				}
				if !strings.Contains(e.LastMail(e.User("buyer").Email), "PayPal denied the payment") {
					t.Error("the buyer was not told")
				}
				// Taken back, the edition may be bought again.
				e.Request("POST", pay, digitalDemo(7.69, interactive), "buyer", attempt("again")).Expect(t, 200)
			}},
		{Name: "a mixed order not shipped yet: the e-book goes with the parcel", Method: "GET", URL: "/api/library/downloads/{number}-2/{file}", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				createDigital(t, e)
				out := e.Request("POST", pay, map[string]any{"action": "capture_order", "orderID": e.Vars["paypalOrder"], "items": []map[string]any{printed, ebook},
					"amount": 21.98, "shippingInfo": shipping}, "buyer", attempt(rand.Text())).Expect(t, 200).JSON(t)
				e.Vars["number"], e.Vars["capture"] = out["orderNumber"].(string), out["captureId"].(string)
				h, body := deniedEvent(e, "21.98")
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
			},
			ExpectedStatus: 403, ExpectedContent: []string{`"code":"forbidden"`, "its payment did not go through"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				expectGrants(t, e, "buyer", 0, 0, 0)
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE payment_status = 'payment_failed' AND fulfillment_status = 'cancelled'`); n != 1 {
					t.Error("the order is not cancelled")
				}
			}},
		{Name: "a mixed order whose parcel arrived keeps its state; the staff are told", Method: "GET", URL: "/api/library", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				createDigital(t, e)
				out := e.Request("POST", pay, map[string]any{"action": "capture_order", "orderID": e.Vars["paypalOrder"], "items": []map[string]any{printed, ebook},
					"amount": 21.98, "shippingInfo": shipping}, "buyer", attempt(rand.Text())).Expect(t, 200).JSON(t)
				e.Vars["number"], e.Vars["capture"] = out["orderNumber"].(string), out["captureId"].(string)
				e.Staff("manager", auth.RoleManager)
				act(e, e.Vars["number"], "fulfil", shipBody, "").Expect(t, 200)
				act(e, e.Vars["number"], "deliver", nil, "").Expect(t, 200)
				h, body := deniedEvent(e, "21.98")
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"format":"ebook"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				o := e.Do("GET", desk+e.Vars["number"], nil, "manager").Expect(t, 200).Body
				if !strings.Contains(o, `"paymentStatus":"paid","fulfillmentStatus":"delivered"`) || !strings.Contains(o, "check the payment in PayPal") {
					t.Errorf("the delivered parcel's order: %s", o)
				}
			}},
	})
}

// Two checkouts of one format raced past the check before payment, and
// both were paid at PayPal: the second is not delivered twice but refunded
// through PayPal, once, whichever ways tell the shop of its payment, and
// the timeline and the buyer's e-mail say why.
func TestSecondPaymentOfAnOwnedFormatIsRefunded(t *testing.T) {
	refundedOnce := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		expectGrants(t, e, "buyer", 1, 1, 0)
		if refunds := e.PayPal.Refunds(e.Vars["capture"]); len(refunds) != 1 || refunds[0].Amount.Value != "7.69" {
			t.Errorf("PayPal refunds of the second capture: %+v", refunds)
		}
		if n := e.Count(`SELECT COUNT(*) FROM order_refunds WHERE status = 'completed' AND amount_cents = 769`); n != 1 {
			t.Errorf("%d completed refunds", n)
		}
		o := e.Do("GET", desk+e.Vars["number"], nil, "manager").Expect(t, 200).Body
		for _, want := range []string{`"paymentStatus":"refunded"`, "was not delivered: the family already has it, from another order. Its price is refunded automatically.",
			"Refunded $7.69 for 1 × Our First Adventure (Interactive): Your family already has Our First Adventure (Interactive) in your Library"} {
			if !strings.Contains(o, want) {
				t.Errorf("the second order lacks %s: %s", want, o)
			}
		}
		mail := e.LastMail(e.User("buyer").Email)
		if !strings.Contains(mail, "$7.69") || !strings.Contains(mail, "1 × Our First Adventure (Interactive)") ||
			!strings.Contains(mail, "already has Our First Adventure (Interactive) in your Library from another order") {
			t.Errorf("the refund e-mail: %s", mail)
		}
		if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'order.refund' AND actor_system = 'Siso & Friends'`); n != 1 {
			t.Errorf("%d audit entries of the refund", n)
		}
	}
	// race pays a first checkout and starts a second one before that
	// payment, as two tabs would; Vars paypalOrder names the second.
	race := func(t *testing.T, e *apitest.Env) {
		e.Staff("manager", auth.RoleManager)
		first, second := payPalDigital(t, e), payPalDigital(t, e)
		captureDigital(t, e, first)
		e.Vars["paypalOrder"] = second
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "the buyer's capture, then its webhook and the reconciler", Method: "GET", URL: "/api/library", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				race(t, e)
				e.Vars["number"], e.Vars["capture"] = captureDigital(t, e, e.Vars["paypalOrder"])
				c := paypal.CaptureResource{Capture: paypal.Capture{ID: e.Vars["capture"], Status: paypal.StatusCompleted, Amount: paypal.Money{CurrencyCode: "USD", Value: "7.69"}}}
				c.SupplementaryData.RelatedIDs.OrderID = e.Vars["paypalOrder"]
				h, body := event("WH-"+rand.Text(), paypal.EventCaptureCompleted, c)
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
				// The shop's own refund, told by PayPal's webhook, is not counted again.
				h, body = event("WH-"+rand.Text(), paypal.EventCaptureRefunded, e.PayPal.Refunds(e.Vars["capture"])[0])
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
				e.Clock.Advance(10 * time.Minute)
				if _, err := e.Server.Orders().Reconcile(t.Context(), 3*time.Hour); err != nil {
					t.Fatal(err)
				}
				captureDigital(t, e, e.Vars["paypalOrder"]) // the buyer's retry
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"slug":"our-first-adventure"`}, AfterTest: refundedOnce},
		{Name: "the webhook pays it after the buyer's capture died", Method: "GET", URL: "/api/library", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				race(t, e)
				captureAtPayPal(t, e)
				var number string
				if err := e.DB.QueryRowContext(t.Context(), `SELECT number FROM orders WHERE provider_order_id = ?`, e.Vars["paypalOrder"]).Scan(&number); err != nil {
					t.Fatal(err)
				}
				e.Vars["number"] = number
				c := paypal.CaptureResource{Capture: paypal.Capture{ID: e.Vars["capture"], Status: paypal.StatusCompleted, Amount: paypal.Money{CurrencyCode: "USD", Value: "7.69"}}}
				c.SupplementaryData.RelatedIDs.OrderID = e.Vars["paypalOrder"]
				h, body := event("WH-"+rand.Text(), paypal.EventCaptureCompleted, c)
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
				deliver(t, e, h, body, 200, `"outcome":"duplicate"`)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"slug":"our-first-adventure"`}, AfterTest: refundedOnce},
		{Name: "PayPal's answer to the refund is lost: the reconciler finishes it, once", Method: "GET", URL: "/api/library", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				race(t, e)
				e.PayPal.FailNextRefundsAfterSuccess(1)
				e.Vars["number"], e.Vars["capture"] = captureDigital(t, e, e.Vars["paypalOrder"])
				if n := e.Count(`SELECT COUNT(*) FROM order_refunds WHERE status = 'pending'`); n != 1 {
					t.Fatalf("%d pending refunds", n)
				}
				e.Clock.Advance(10 * time.Minute)
				if _, err := e.Server.Orders().Reconcile(t.Context(), 3*time.Hour); err != nil {
					t.Fatal(err)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"slug":"our-first-adventure"`}, AfterTest: refundedOnce},
	})
}
