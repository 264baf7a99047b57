package orders_test

import (
	"crypto/rand"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

// The order desk: a paid order is shipped, delivered, cancelled or
// refunded by a manager; each move is checked against the state machine.

const desk = "/api/admin/orders/"

// demoOrder is a paid demo-card order of cart (54.97) by the buyer as.
func demoOrder(t *testing.T, e *apitest.Env, as string) string {
	t.Helper()
	return e.Request("POST", pay, demo(nil), as, attempt(rand.Text())).Expect(t, 200).JSON(t)["orderNumber"].(string)
}

// paypalOrder is a PayPal order of cart paid by the buyer as; it returns
// the order number and PayPal's capture id.
func paypalOrder(t *testing.T, e *apitest.Env, as string) (string, string) {
	t.Helper()
	created := e.Request("POST", pay, map[string]any{"action": "create_order", "items": cart, "amount": 54.97}, as, attempt(rand.Text())).Expect(t, 200)
	out := e.Request("POST", pay, map[string]any{"action": "capture_order", "orderID": created.JSON(t)["id"], "items": cart, "amount": 54.97,
		"shippingInfo": shipping}, as, attempt(rand.Text())).Expect(t, 200).JSON(t)
	return out["orderNumber"].(string), out["captureId"].(string)
}

// act sends a desk action as the manager; key "" sends none.
func act(e *apitest.Env, number, action string, body any, key string) *apitest.Response {
	e.T.Helper()
	h := map[string]string{}
	if key != "" {
		h["Idempotency-Key"] = key
	}
	return e.Request("POST", desk+number+"/"+action, body, "manager", h)
}

var shipBody = map[string]any{"carrier": "USPS", "trackingNumber": "9400 1000 0000 0000 0000 00", "trackingUrl": "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000"}

// states builds an order in each state the desk knows, by its own moves.
var states = map[string]func(t *testing.T, e *apitest.Env) string{
	"pending_payment": func(t *testing.T, e *apitest.Env) string {
		e.Request("POST", pay, map[string]any{"action": "create_order", "items": cart, "amount": 54.97}, "buyer", attempt("p")).Expect(t, 200)
		var n string
		if err := e.DB.QueryRowContext(t.Context(), `SELECT number FROM orders`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	},
	"paid": func(t *testing.T, e *apitest.Env) string { return demoOrder(t, e, "buyer") },
	"fulfilled": func(t *testing.T, e *apitest.Env) string {
		n := demoOrder(t, e, "buyer")
		act(e, n, "fulfil", shipBody, "").Expect(t, 200)
		return n
	},
	"delivered": func(t *testing.T, e *apitest.Env) string {
		n := demoOrder(t, e, "buyer")
		act(e, n, "fulfil", shipBody, "").Expect(t, 200)
		act(e, n, "deliver", nil, "").Expect(t, 200)
		return n
	},
	"cancelled": func(t *testing.T, e *apitest.Env) string {
		n := demoOrder(t, e, "buyer")
		act(e, n, "cancel", map[string]any{"reason": "Asked by the buyer"}, "c1").Expect(t, 200)
		return n
	},
	"partially_refunded (not shipped)": func(t *testing.T, e *apitest.Env) string {
		n := demoOrder(t, e, "buyer")
		act(e, n, "refund", map[string]any{"amountCents": 500, "reason": "Dented cover"}, "r1").Expect(t, 200)
		return n
	},
	"partially_refunded (shipped)": func(t *testing.T, e *apitest.Env) string {
		n := demoOrder(t, e, "buyer")
		act(e, n, "fulfil", shipBody, "").Expect(t, 200)
		act(e, n, "refund", map[string]any{"amountCents": 500, "reason": "Dented cover"}, "r1").Expect(t, 200)
		return n
	},
	"refunded": func(t *testing.T, e *apitest.Env) string {
		n := demoOrder(t, e, "buyer")
		act(e, n, "refund", map[string]any{"amountCents": 5497, "reason": "Lost in the post"}, "r1").Expect(t, 200)
		return n
	},
}

// TestStateMachine runs every action from every state: the allowed moves
// land where they should, with a timeline entry and an audit entry; every
// other one is a 409 that says why and changes nothing.
func TestStateMachine(t *testing.T) {
	type want struct {
		status  int
		to      string // the status after an allowed move
		message string // part of the refusal
	}
	table := map[string]map[string]want{
		"pending_payment": {
			"fulfil": {409, "", "is still awaiting payment: it cannot be shipped"}, "deliver": {409, "", "cannot be marked delivered"},
			"cancel": {409, "", "cannot be cancelled"}, "refund": {409, "", "cannot be refunded"}},
		"paid": {
			"fulfil": {200, "fulfilled", ""}, "deliver": {409, "", "is paid: it cannot be marked delivered"},
			"cancel": {200, "cancelled", ""}, "refund": {200, "partially_refunded", ""}},
		"fulfilled": {
			"fulfil": {409, "", "is shipped: it cannot be shipped"}, "deliver": {200, "delivered", ""},
			"cancel": {409, "", "is shipped: it cannot be cancelled"}, "refund": {200, "partially_refunded", ""}},
		"delivered": {
			"fulfil": {409, "", "is delivered: it cannot be shipped"}, "deliver": {409, "", "is delivered: it cannot be marked delivered"},
			"cancel": {409, "", "is delivered: it cannot be cancelled"}, "refund": {200, "partially_refunded", ""}},
		"cancelled": {
			"fulfil": {409, "", "is cancelled: it cannot be shipped"}, "deliver": {409, "", "is cancelled"},
			"cancel": {409, "", "is cancelled: it cannot be cancelled"}, "refund": {409, "", "is cancelled: it cannot be refunded"}},
		"partially_refunded (not shipped)": { // shipping keeps the refund's status (the old one status lost it)
			"fulfil": {200, "partially_refunded", ""}, "deliver": {409, "", "has not shipped yet"},
			"cancel": {200, "cancelled", ""}, "refund": {200, "partially_refunded", ""}},
		"partially_refunded (shipped)": {
			"fulfil": {409, "", "has already shipped."}, "deliver": {200, "partially_refunded", ""},
			"cancel": {409, "", "has already shipped: it can no longer be cancelled. Refund it instead."}, "refund": {200, "partially_refunded", ""}},
		"refunded": {
			"fulfil": {409, "", "is refunded in full: it cannot be shipped"}, "deliver": {409, "", "is refunded in full"},
			"cancel": {409, "", "is refunded in full: it cannot be cancelled"}, "refund": {409, "", "is refunded in full: it cannot be refunded"}},
	}
	// Another parcel than the one the states shipped: the same one again is
	// a retry, answered with the order (TestDeskReads).
	bodies := map[string]any{"fulfil": map[string]any{"carrier": "UPS", "trackingNumber": "1Z999AA10123456784"}, "deliver": nil, "cancel": map[string]any{"reason": "Out of print"},
		"refund": map[string]any{"amountCents": 100, "reason": "Goodwill"}}
	var scenarios []apitest.Scenario
	for state, actions := range table {
		for _, action := range []string{"fulfil", "deliver", "cancel", "refund"} {
			w := actions[action]
			s := apitest.Scenario{Name: state + " → " + action, Method: "POST", URL: desk + "{number}/" + action, As: "manager",
				Body: bodies[action], Headers: map[string]string{"Idempotency-Key": "move-" + action}, ExpectedStatus: w.status,
				BeforeTest: func(t *testing.T, e *apitest.Env) {
					e.Staff("manager", auth.RoleManager)
					e.Vars["number"] = states[state](t, e)
					e.Vars["audits"] = fmt.Sprint(e.Count(`SELECT COUNT(*) FROM audit_log`))
					e.Vars["events"] = fmt.Sprint(e.Count(`SELECT COUNT(*) FROM order_status_history`))
				}}
			if w.status == 200 {
				s.ExpectedContent = []string{`"status":"` + w.to + `"`}
				s.AfterTest = func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
					if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ?`, "order."+action, e.Vars["number"]); n < 1 {
						t.Errorf("no audit entry order.%s", action)
					}
					if fmt.Sprint(e.Count(`SELECT COUNT(*) FROM order_status_history`)) == e.Vars["events"] {
						t.Error("the move left no timeline entry")
					}
				}
			} else {
				s.ExpectedContent = []string{`"code":"conflict"`, w.message}
				s.AfterTest = func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
					if got := fmt.Sprint(e.Count(`SELECT COUNT(*) FROM audit_log`)); got != e.Vars["audits"] {
						t.Errorf("a refused move wrote to the audit log (%s entries, before %s)", got, e.Vars["audits"])
					}
					if got := fmt.Sprint(e.Count(`SELECT COUNT(*) FROM order_status_history`)); got != e.Vars["events"] {
						t.Error("a refused move wrote to the timeline")
					}
				}
			}
			scenarios = append(scenarios, s)
		}
	}
	apitest.Run(t, scenarios)
}

// TestDeskRoles: who may read and act on the desk.
func TestDeskRoles(t *testing.T) {
	type call struct{ method, path string }
	read := call{"GET", desk + "{number}"}
	list := call{"GET", "/api/admin/orders"}
	ship := call{"POST", desk + "{number}/fulfil"}
	refund := call{"POST", desk + "{number}/refund"}
	resend := call{"POST", desk + "{number}/resend-confirmation"}
	note := call{"POST", desk + "{number}/notes"}
	bodies := map[call]any{ship: shipBody, refund: map[string]any{"amountCents": 100, "reason": "Goodwill"}, note: map[string]any{"text": "Called the buyer"}}
	cases := []struct {
		who    string
		role   auth.Role
		aal2   bool
		calls  map[call]int
		detail string
	}{
		{"anonymous", "", false, map[call]int{read: 401, list: 401, ship: 401, refund: 401, resend: 401, note: 401}, "No user logged in"},
		{"customer", auth.RoleUser, true, map[call]int{read: 403, list: 403, ship: 403, refund: 403, resend: 403, note: 403}, "Access Denied"},
		{"editor", auth.RoleEditor, true, map[call]int{read: 403, list: 403, ship: 403, refund: 403, resend: 403, note: 403}, "Your role does not allow this."},
		{"support", auth.RoleSupport, true, map[call]int{read: 200, list: 200, ship: 403, refund: 403, resend: 200, note: 403}, "Your role does not allow this."},
		{"manager", auth.RoleManager, true, map[call]int{read: 200, list: 200, ship: 200, refund: 200, resend: 200, note: 200}, ""},
		{"owner", auth.RoleOwner, true, map[call]int{read: 200, list: 200, ship: 200, refund: 200, resend: 200, note: 200}, ""},
		{"manager at aal1", auth.RoleManager, false, map[call]int{read: 403, list: 403, ship: 403, refund: 403, resend: 403, note: 403}, "two-step sign-in"},
	}
	var scenarios []apitest.Scenario
	for _, c := range cases {
		for k, status := range c.calls {
			as := ""
			if c.who != "anonymous" {
				as = "staffer"
			}
			s := apitest.Scenario{Name: c.who + " " + k.method + " " + strings.TrimPrefix(k.path, desk), Method: k.method, URL: k.path, As: as,
				Body: bodies[k], Headers: map[string]string{"Idempotency-Key": "k1"}, ExpectedStatus: status,
				BeforeTest: func(t *testing.T, e *apitest.Env) {
					e.Vars["number"] = demoOrder(t, e, "buyer")
					switch {
					case c.who == "anonymous":
					case c.aal2:
						e.Staff("staffer", c.role)
					default:
						e.Grant("staffer", c.role)
					}
				}}
			if status == 200 {
				s.ExpectedContent = []string{`"number":"SF-`}
			} else {
				s.ExpectedContent = []string{c.detail}
				s.AfterTest = func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
					if n := e.Count(`SELECT COUNT(*) FROM orders WHERE status <> 'paid'`); n != 0 {
						t.Error("a refused caller moved the order")
					}
				}
			}
			scenarios = append(scenarios, s)
		}
	}
	apitest.Run(t, scenarios)
}

// TestDeskReads: the list's search, filters and pages, the order page, and
// bad input answered with the fields to correct.
func TestDeskReads(t *testing.T) {
	before := func(t *testing.T, e *apitest.Env) {
		e.Staff("manager", auth.RoleManager)
		e.Vars["a"] = demoOrder(t, e, "buyer")
		e.Vars["b"] = demoOrder(t, e, "")
		act(e, e.Vars["b"], "fulfil", shipBody, "").Expect(t, 200)
	}
	// Order a shipped with the key ship-1, whose response was lost, and
	// delivered meanwhile.
	delivered := func(t *testing.T, e *apitest.Env) {
		before(t, e)
		act(e, e.Vars["a"], "fulfil", shipBody, "ship-1").Expect(t, 200)
		act(e, e.Vars["a"], "deliver", nil, "").Expect(t, 200)
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "the list, newest first", Method: "GET", URL: "/api/admin/orders", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":2`, `"name":"Alice Reader"`, `"email":"alice.ship@example.com"`, `"items":3`, `"totalCents":5497`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if strings.Index(res.Body, e.Vars["b"]) > strings.Index(res.Body, e.Vars["a"]) {
					t.Error("the newer order is not first")
				}
			}},
		{Name: "filtered by status", Method: "GET", URL: "/api/admin/orders?status=fulfilled", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":1`, `"status":"fulfilled"`}, NotExpectedContent: []string{`"status":"paid"`}},
		{Name: "filtered by fulfilment", Method: "GET", URL: "/api/admin/orders?fulfillmentStatus=shipped,delivered", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":1`, `"paymentStatus":"paid","fulfillmentStatus":"shipped"`}, NotExpectedContent: []string{`"fulfillmentStatus":"unfulfilled"`}},
		{Name: "filtered by payment and fulfilment", Method: "GET", URL: "/api/admin/orders?paymentStatus=paid&fulfillmentStatus=unfulfilled", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":1`, `"fulfillmentStatus":"unfulfilled"`}, NotExpectedContent: []string{`"fulfillmentStatus":"shipped"`}},
		{Name: "filtered by a payment status no order has", Method: "GET", URL: "/api/admin/orders?paymentStatus=refunded", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":0`}},
		{Name: "bad status filters are named", Method: "GET", URL: "/api/admin/orders?paymentStatus=lost&fulfillmentStatus=shipped,fulfilled", As: "manager", BeforeTest: before,
			ExpectedStatus: 400, ExpectedContent: []string{`"paymentStatus":"One or more of: pending_payment, paid, partially_refunded, refunded, payment_failed, expired"`,
				`"fulfillmentStatus":"One or more of: awaiting_release, unfulfilled, shipped, delivered, cancelled"`}},
		{Name: "searched by order number", Method: "GET", URL: "/api/admin/orders?q={a}", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":1`, `"status":"paid"`}},
		{Name: "searched by a whole e-mail address, any case", Method: "GET", URL: "/api/admin/orders?q=Alice.Ship@Example.com", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":2`, `"email":"alice.ship@example.com"`}},
		{Name: "searched by the start of words of an address", Method: "GET", URL: "/api/admin/orders?q=ship@EXAM", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":2`}},
		{Name: "searched by the start of an order number", Method: "GET", URL: "/api/admin/orders?q={start}", As: "manager",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { before(t, e); e.Vars["start"] = e.Vars["a"][:8] },
			ExpectedStatus: 200, ExpectedContent: []string{`"total":1`, `"status":"paid"`}},
		{Name: "searched by the start of the buyer's names", Method: "GET", URL: "/api/admin/orders?q=rea%20ALI", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":2`}},
		{Name: "the middle of a word is not searched", Method: "GET", URL: "/api/admin/orders?q=lice", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":0`}},
		{Name: "a search of punctuation alone finds nothing", Method: "GET", URL: "/api/admin/orders?q=%25_%5C%22*", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":0`}},
		{Name: "a search is words, never SQL", Method: "GET", URL: "/api/admin/orders?q=alice%27%20OR%201%3D1%20--", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":0`}},
		{Name: "searched by name, any case", Method: "GET", URL: "/api/admin/orders?q=alice%20READER&method=demo_card&from=2026-06-01&to=2026-06-01", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":2`}},
		{Name: "a date range with no orders", Method: "GET", URL: "/api/admin/orders?from=2026-06-02", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":0`, `"orders":[]`}},
		{Name: "pages", Method: "GET", URL: "/api/admin/orders?perPage=1&page=2&sort=createdAt", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"total":2`, `"page":2`, `"perPage":1`, `"status":"fulfilled"`}},
		{Name: "bad filters are named", Method: "GET", URL: "/api/admin/orders?status=lost&from=yesterday&sort=colour&page=0&method=cash", As: "manager", BeforeTest: before,
			ExpectedStatus: 400, ExpectedContent: []string{`"status":`, `"from":"A date as YYYY-MM-DD, from year 2000 to 2999"`, `"sort":`, `"page":`, `"method":`}},
		{Name: "the order page", Method: "GET", URL: desk + "{b}", As: "manager", BeforeTest: before,
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"fulfilled"`, `"carrier":"USPS"`, `"trackingUrl":"https://tools.usps.com/`,
				`"provider":"demo_card","demo":true`, `"kind":"email"`, `"message":"E-mail to the buyer: Your books are on their way`,
				`"actions":["deliver","refund"]`, `"refundableCents":5497`, `"fullName":"Alice Reader"`}},
		{Name: "an unknown order", Method: "GET", URL: desk + "SF-NOPE", As: "manager", BeforeTest: before,
			ExpectedStatus: 404, ExpectedContent: []string{`"code":"not_found"`}},
		{Name: "shipping needs a carrier and a tracking number", Method: "POST", URL: desk + "{a}/fulfil", As: "manager", BeforeTest: before,
			Body:           map[string]any{"carrier": " ", "trackingUrl": "javascript:alert(1)"},
			ExpectedStatus: 400, ExpectedContent: []string{`"carrier":"Enter the carrier (e.g. USPS)."`, `"trackingNumber":"Enter the tracking number."`, `"trackingUrl":`}},
		{Name: "a body that is not JSON", Method: "POST", URL: desk + "{a}/fulfil", As: "manager", BeforeTest: before, Body: "{carrier",
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "a field of the wrong type", Method: "POST", URL: desk + "{a}/refund", As: "manager", BeforeTest: before, Body: `{"amountCents":"lots","reason":"x"}`,
			Headers: map[string]string{"Idempotency-Key": "k"}, ExpectedStatus: 400, ExpectedContent: []string{`"amountCents":"Wrong type"`}},
		{Name: "a refund needs a reason and an amount or lines", Method: "POST", URL: desk + "{a}/refund", As: "manager", BeforeTest: before, Body: map[string]any{},
			Headers: map[string]string{"Idempotency-Key": "k"}, ExpectedStatus: 400, ExpectedContent: []string{`"reason":`, `"amountCents":`}},
		{Name: "a refund needs an Idempotency-Key", Method: "POST", URL: desk + "{a}/refund", As: "manager", BeforeTest: before,
			Body: map[string]any{"amountCents": 100, "reason": "x"}, ExpectedStatus: 400, ExpectedContent: []string{`"Idempotency-Key":"Required"`}},
		{Name: "never more than what is left", Method: "POST", URL: desk + "{a}/refund", As: "manager", BeforeTest: before,
			Body: map[string]any{"amountCents": 5498, "reason": "x"}, Headers: map[string]string{"Idempotency-Key": "k"},
			ExpectedStatus: 400, ExpectedContent: []string{`"amountCents":"At most 5497 cents"`, "At most $54.97 is left to refund"}},
		{Name: "lines not in the order", Method: "POST", URL: desk + "{a}/refund", As: "manager", BeforeTest: before,
			Body: map[string]any{"lines": []map[string]any{{"bookId": 2, "quantity": 1}, {"bookId": 1, "quantity": 3}}, "reason": "x"}, Headers: map[string]string{"Idempotency-Key": "k"},
			ExpectedStatus: 400, ExpectedContent: []string{`"lines.0":"This book is not in the order."`, `"lines.1":"A quantity from 1 to 2."`}},
		{Name: "a stale version is refused", Method: "POST", URL: desk + "{a}/fulfil", As: "manager", BeforeTest: before,
			Body: map[string]any{"carrier": "UPS", "trackingNumber": "1Z", "version": 7}, ExpectedStatus: 409,
			ExpectedContent: []string{"Someone else changed order"}},
		{Name: "a resend needs an Idempotency-Key", Method: "POST", URL: desk + "{a}/resend-confirmation", As: "manager", BeforeTest: before,
			ExpectedStatus: 400, ExpectedContent: []string{`"Idempotency-Key":"Required"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE 'Your Siso & Friends order %'`); n != 2 {
					t.Errorf("%d confirmations, want the 2 first ones", n)
				}
			}},
		{Name: "a date past year 2999 is refused", Method: "GET", URL: "/api/admin/orders?to=9999-12-31", As: "manager", BeforeTest: before,
			ExpectedStatus: 400, ExpectedContent: []string{`"to":"A date as YYYY-MM-DD, from year 2000 to 2999"`}},
		{Name: "a retried fulfil with the same tracking answers the order", Method: "POST", URL: desk + "{b}/fulfil", As: "manager", BeforeTest: before,
			Body: map[string]any{"carrier": "USPS", "trackingNumber": shipBody["trackingNumber"], "version": 2}, ExpectedStatus: 200,
			ExpectedContent: []string{`"status":"fulfilled"`, `"carrier":"USPS"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE 'Your books are on their way%'`); n != 1 {
					t.Errorf("%d shipping e-mails, want 1", n)
				}
			}},
		{Name: "a fulfil retried with its key after the order was delivered gets its first answer", Method: "POST", URL: desk + "{a}/fulfil", As: "manager",
			BeforeTest: delivered,
			Body:       shipBody, Headers: map[string]string{"Idempotency-Key": "ship-1"}, ExpectedStatus: 200,
			ExpectedContent: []string{`"status":"fulfilled"`, `"carrier":"USPS"`, `"deliveredAt":null`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if res.Header.Get("Idempotent-Replayed") != "true" {
					t.Error("the retry was not answered with the first response")
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE number = ? AND status = 'delivered'`, e.Vars["a"]); n != 1 {
					t.Error("the retry moved the delivered order")
				}
				if n := e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE 'Your books are on their way%'`); n != 2 {
					t.Errorf("%d shipping e-mails, want one for each order", n)
				}
			}},
		{Name: "a new fulfil of a delivered order is refused", Method: "POST", URL: desk + "{a}/fulfil", As: "manager",
			BeforeTest: delivered,
			Body:       shipBody, Headers: map[string]string{"Idempotency-Key": "ship-2"}, ExpectedStatus: 409,
			ExpectedContent: []string{"is delivered: it cannot be shipped"}},
		{Name: "fulfil with other tracking is still refused", Method: "POST", URL: desk + "{b}/fulfil", As: "manager", BeforeTest: before,
			Body: map[string]any{"carrier": "UPS", "trackingNumber": "1Z"}, ExpectedStatus: 409, ExpectedContent: []string{"cannot be shipped"}},
		{Name: "support is told its role does not allow shipping, whatever the body", Method: "POST", URL: desk + "{a}/fulfil", As: "support",
			BeforeTest: func(t *testing.T, e *apitest.Env) { before(t, e); e.Staff("support", auth.RoleSupport) },
			Body:       map[string]any{"carrier": "USPS", "trackingNumber": "1", "colour": "blue"}, ExpectedStatus: 403, ExpectedContent: []string{"Your role does not allow this."}},
		{Name: "a note only staff see", Method: "POST", URL: desk + "{a}/notes", As: "manager", BeforeTest: before,
			Body: map[string]any{"text": "Buyer called: gift wrap please"}, ExpectedStatus: 200,
			ExpectedContent: []string{`"kind":"note"`, `"message":"Buyer called: gift wrap please"`, `"actor":"manager@example.com"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				mine := e.Do("GET", "/api/orders/"+e.Vars["a"], nil, "buyer").Expect(t, 200)
				if strings.Contains(mine.Body, "gift wrap") {
					t.Error("the buyer sees the staff's note")
				}
			}},
		{Name: "an empty note", Method: "POST", URL: desk + "{a}/notes", As: "manager", BeforeTest: before,
			Body: map[string]any{"text": "  "}, ExpectedStatus: 400, ExpectedContent: []string{`"text":"Write the note first."`}},
		{Name: "resend the confirmation", Method: "POST", URL: desk + "{a}/resend-confirmation", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				before(t, e)
				// The same click sent again (a lost response): one e-mail.
				act(e, e.Vars["a"], "resend-confirmation", nil, "resend-1").Expect(t, 200)
			},
			Headers: map[string]string{"Idempotency-Key": "resend-1"}, ExpectedStatus: 200, ExpectedContent: []string{`"kind":"email"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE 'Your Siso & Friends order %'`); n != 3 {
					t.Errorf("%d confirmations, want 2 and the resent one", n)
				}
			}},
		{Name: "at most 3 resends an hour per order (issue 38, item 10)", Method: "POST", URL: desk + "{a}/resend-confirmation", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				before(t, e)
				for i := range 3 {
					act(e, e.Vars["a"], "resend-confirmation", nil, fmt.Sprint("resend-", i)).Expect(t, 200)
				}
			},
			Headers: map[string]string{"Idempotency-Key": "resend-4"}, ExpectedStatus: 429,
			ExpectedContent: []string{"was already resent 3 times in the last hour"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE 'Your Siso & Friends order %'`); n != 5 {
					t.Errorf("%d confirmations, want 2 and 3 resent", n)
				}
				// An hour later, once more.
				e.Clock.Advance(61 * time.Minute)
				e.Staff("manager2", auth.RoleManager)
				e.Request("POST", desk+e.Vars["a"]+"/resend-confirmation", nil, "manager2", map[string]string{"Idempotency-Key": "resend-5"}).Expect(t, 200)
			}},
		{Name: "ten resends at once send three (issue 38, item 22)", Method: "GET", URL: desk + "{a}", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				before(t, e)
				statuses := make([]int, 10)
				var wg sync.WaitGroup
				for i := range statuses {
					wg.Go(func() {
						statuses[i] = act(e, e.Vars["a"], "resend-confirmation", nil, fmt.Sprint("at-once-", i)).Status
					})
				}
				wg.Wait()
				sent := 0
				for _, s := range statuses {
					if s == 200 {
						sent++
					} else if s != 429 {
						t.Errorf("a resend answered %d", s)
					}
				}
				if sent != 3 {
					t.Errorf("%d resends sent at once, want 3: %v", sent, statuses)
				}
				if n := e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE 'Your Siso & Friends order %'`); n != 5 {
					t.Errorf("%d confirmations, want 2 and 3 resent", n)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"kind":"email"`}},
	})
}

// TestBuyerSeesShipmentAndRefunds: My Orders shows the status, the tracking
// link and the refunds, and the e-mails say the same.
func TestBuyerSeesShipmentAndRefunds(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "shipped, then partly refunded by lines", Method: "GET", URL: "/api/orders/{number}", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				n := demoOrder(t, e, "buyer")
				e.Vars["number"] = n
				act(e, n, "fulfil", shipBody, "").Expect(t, 200)
				mail := e.LastMail("alice.ship@example.com")
				for _, want := range []string{"Your books are on their way!", "Tracking number: 9400 1000", "Track your parcel: https://tools.usps.com/", "http://shop.test/profile",
					"Order status: Shipped · Paid"} {
					if !strings.Contains(mail, want) {
						t.Errorf("shipping e-mail lacks %q:\n%s", want, mail)
					}
				}
				act(e, n, "refund", map[string]any{"lines": []map[string]any{{"bookId": 1, "quantity": 1}}, "reason": "Torn page"}, "r1").Expect(t, 200)
				mail = e.LastMail("alice.ship@example.com")
				// One of two copies of 14.99: 14.99 of 49.97 of books, with tax.
				for _, want := range []string{"We have refunded $16.49 for your order", "1 × Siso and the Stripe That Got Away", "Reason: Torn page", "demo payment",
					"Order status: Shipped · Partly refunded"} {
					if !strings.Contains(mail, want) {
						t.Errorf("refund e-mail lacks %q:\n%s", want, mail)
					}
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"partially_refunded"`, `"paymentStatus":"partially_refunded","fulfillmentStatus":"shipped"`, `"carrier":"USPS"`, `"trackingUrl":"https://tools.usps.com/`,
				`"refundedCents":1649`, `"refunds":[{"amountCents":1649`}, NotExpectedContent: []string{"Torn page", "manager@"}},
		{Name: "cancelled before shipping: refunded in full and told", Method: "GET", URL: "/api/orders", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				n := demoOrder(t, e, "buyer")
				act(e, n, "cancel", map[string]any{"reason": "Out of print"}, "c1").Expect(t, 200)
				mail := e.LastMail("alice.ship@example.com")
				for _, want := range []string{"was cancelled before it shipped", "Reason: Out of print", "Order status: Cancelled · Refunded"} {
					if !strings.Contains(mail, want) {
						t.Errorf("cancellation e-mail lacks %q:\n%s", want, mail)
					}
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"cancelled"`, `"paymentStatus":"refunded","fulfillmentStatus":"cancelled"`,
				`"refundedCents":5497`, `"cancelledAt":"2026-06-01T12:00:00Z"`}},
	})
}
