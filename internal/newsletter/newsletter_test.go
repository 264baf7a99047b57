package newsletter_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

const url = "/api/newsletter"

var confirmLink = regexp.MustCompile(`/newsletter/confirm\?token=([A-Za-z0-9_-]+)`)

// confirmToken is the token of the newest confirmation e-mail to addr.
func confirmToken(t *testing.T, e *apitest.Env, addr string) string {
	t.Helper()
	m := confirmLink.FindStringSubmatch(e.LastMail(addr))
	if m == nil {
		t.Fatalf("no confirmation link in the e-mail to %s: %q", addr, e.LastMail(addr))
	}
	return m[1]
}

// subscribe signs addr up and confirms it from its e-mail.
func subscribe(t *testing.T, e *apitest.Env, addr string) {
	t.Helper()
	e.Do("POST", url, map[string]any{"email": addr}, "").Expect(t, 200)
	e.Do("POST", url+"/confirm", map[string]any{"token": confirmToken(t, e, addr)}, "").Expect(t, 200)
}

func status(t *testing.T, e *apitest.Env, addr string) string {
	t.Helper()
	var st string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT CASE WHEN suppressed_at IS NOT NULL THEN 'suppressed' ELSE status END
		FROM newsletter WHERE email = ?`, addr).Scan(&st); err != nil {
		return "none"
	}
	return st
}

const sameAnswer = `{"email":"reader@example.com","message":"Thank you! Please check your inbox and confirm your address to start getting our newsletter."}`

func TestDoubleOptIn(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a new address is pending and gets one confirmation e-mail", Method: "POST", URL: url, Body: `{"email":"  Reader@Example.com "}`,
			ExpectedStatus: 200, ExpectedContent: []string{sameAnswer},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if st := status(t, e, "reader@example.com"); st != "pending" {
					t.Errorf("status %s, want pending", st)
				}
				if n := e.MailCount("reader@example.com"); n != 1 {
					t.Errorf("%d e-mails, want 1", n)
				}
				var subject string
				_ = e.DB.QueryRowContext(context.Background(), `SELECT subject FROM mail_outbox WHERE to_address = ?`, "reader@example.com").Scan(&subject)
				if subject != "Confirm your subscription to Siso & Friends" {
					t.Errorf("subject %q", subject)
				}
				if strings.Contains(e.LastMail("reader@example.com"), "List-Unsubscribe") {
					t.Error("a confirmation is not marketing")
				}
			}},
		{Name: "a pending address within the cooldown: the same answer, no second e-mail", Method: "POST", URL: url, Body: `{"email":"reader@example.com"}`,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Do("POST", url, map[string]any{"email": "reader@example.com"}, "").Expect(t, 200)
				e.Clock.Advance(30 * time.Second)
			},
			ExpectedStatus: 200, ExpectedContent: []string{sameAnswer},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.MailCount("reader@example.com"); n != 1 {
					t.Errorf("%d e-mails, want 1", n)
				}
				e.Clock.Advance(31 * time.Second) // the cooldown (60 s) is over: a new link
				e.Do("POST", url, map[string]any{"email": "reader@example.com"}, "").Expect(t, 200)
				if n := e.MailCount("reader@example.com"); n != 2 {
					t.Errorf("%d e-mails after the cooldown, want 2", n)
				}
			}},
		{Name: "a subscribed address: the same answer, no e-mail, still subscribed", Method: "POST", URL: url, Body: `{"email":"reader@example.com"}`,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				subscribe(t, e, "reader@example.com")
				e.Clock.Advance(time.Hour)
			},
			ExpectedStatus: 200, ExpectedContent: []string{sameAnswer},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n, st := e.MailCount("reader@example.com"), status(t, e, "reader@example.com"); n != 1 || st != "subscribed" {
					t.Errorf("%d e-mails, status %s; want 1, subscribed", n, st)
				}
			}},
		{Name: "an unsubscribed address: the same answer, pending again with a new e-mail", Method: "POST", URL: url, Body: `{"email":"reader@example.com"}`,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				subscribe(t, e, "reader@example.com")
				e.Clock.Advance(time.Hour)
				unsubscribeAll(t, e)
			},
			ExpectedStatus: 200, ExpectedContent: []string{sameAnswer},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n, st := e.MailCount("reader@example.com"), status(t, e, "reader@example.com"); n != 2 || st != "pending" {
					t.Errorf("%d e-mails, status %s; want 2, pending", n, st)
				}
			}},
		{Name: "a suppressed address: the same answer, no e-mail", Method: "POST", URL: url, Body: `{"email":"reader@example.com"}`,
			Config: map[string]string{"MAIL_EVENTS_SECRET": secret},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Request("POST", "/api/mail/events", map[string]any{"type": "complaint", "email": "reader@example.com"}, "",
					map[string]string{"Authorization": "Bearer " + secret}).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{sameAnswer},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n, st := e.MailCount("reader@example.com"), status(t, e, "reader@example.com"); n != 0 || st != "suppressed" {
					t.Errorf("%d e-mails, status %s; want 0, suppressed", n, st)
				}
			}},
		{Name: "the link confirms once; a replay is refused", Method: "POST", URL: url, Body: `{"email":"reader@example.com","source":"checkout"}`,
			ExpectedStatus: 200, ExpectedContent: []string{sameAnswer},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				e.Vars["token"] = confirmToken(t, e, "reader@example.com")
				ok := e.Do("POST", url+"/confirm", map[string]any{"token": e.Vars["token"]}, "").Expect(t, 200)
				if !strings.Contains(ok.Body, `{"email":"reader@example.com","status":"subscribed"}`) {
					t.Errorf("confirm: %s", ok.Body)
				}
				replay := e.Do("POST", url+"/confirm", map[string]any{"token": e.Vars["token"]}, "").Expect(t, 400)
				if !strings.Contains(replay.Body, `"token":"This link has expired or was already used"`) {
					t.Errorf("replay: %s", replay.Body)
				}
				var source string
				var consent *time.Time
				_ = e.DB.QueryRowContext(context.Background(), `SELECT source, consent_at FROM newsletter WHERE email = ?`, "reader@example.com").Scan(&source, &consent)
				if source != "checkout" || consent == nil || !consent.Equal(e.Clock.Now()) {
					t.Errorf("source %q, consent %v; want checkout at %v", source, consent, e.Clock.Now())
				}
			}},
		{Name: "a link older than 7 days is refused", Method: "POST", URL: url, Body: `{"email":"reader@example.com"}`,
			ExpectedStatus: 200, ExpectedContent: []string{sameAnswer},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				token := confirmToken(t, e, "reader@example.com")
				e.Clock.Advance(7*24*time.Hour + time.Second)
				late := e.Do("POST", url+"/confirm", map[string]any{"token": token}, "").Expect(t, 400)
				if !strings.Contains(late.Body, `"fields":{"token":"This link has expired or was already used"}`) || status(t, e, "reader@example.com") != "pending" {
					t.Errorf("late confirm: %s", late.Body)
				}
			}},
		{Name: "a forged token is refused", Method: "POST", URL: url + "/confirm", Body: `{"token":"forged-token-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}`,
			ExpectedStatus: 400, ExpectedContent: []string{`"token":"This link has expired or was already used"`}},
		{Name: "no token", Method: "POST", URL: url + "/confirm", Body: `{}`, ExpectedStatus: 400, ExpectedContent: []string{`"token"`}},
		{Name: "a token that is not text", Method: "POST", URL: url + "/confirm", Body: `{"token":7}`, ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "an unknown source names the field", Method: "POST", URL: url, Body: `{"email":"reader@example.com","source":"radio"}`,
			ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"source":"Say footer, profile or checkout"}`}},
		{Name: "empty e-mail", Method: "POST", URL: url, Body: `{"email":""}`, ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"email":"Email is required"}`}},
		{Name: "not an e-mail", Method: "POST", URL: url, Body: `{"email":"not-an-email"}`, ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"email":"Invalid email address"}`}},
		{Name: "display-name form", Method: "POST", URL: url, Body: `{"email":"Bob <bob@example.com>"}`, ExpectedStatus: 400, ExpectedContent: []string{`"Invalid email address"`}},
		{Name: "wrong type", Method: "POST", URL: url, Body: `{"email":42}`, ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "not JSON", Method: "POST", URL: url, Body: `email=x`, ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "over the rate limit", Method: "POST", URL: url, Body: `{"email":"reader@example.com"}`, Config: map[string]string{"RATE_LIMIT_PER_MINUTE": "2"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				for range 2 {
					e.Do("POST", url, `{"email":"reader@example.com"}`, "").Expect(t, 200)
				}
			},
			ExpectedStatus: 429, ExpectedContent: []string{`"Too many sign-ups. Please wait a minute and try again."`},
			ExpectedHeaders: map[string]string{"Retry-After": "60"}},
	})
}

// unsubscribeAll unsubscribes every subscriber by their own tokens' one-click POST.
func unsubscribeAll(t *testing.T, e *apitest.Env) {
	t.Helper()
	rows, err := e.DB.QueryContext(context.Background(), `SELECT unsubscribe_token FROM newsletter WHERE unsubscribe_token IS NOT NULL`)
	if err != nil {
		t.Fatal(err)
	}
	var tokens []string
	for rows.Next() {
		var tok string
		_ = rows.Scan(&tok)
		tokens = append(tokens, tok)
	}
	rows.Close()
	for _, tok := range tokens {
		oneClick(t, e, tok).Expect(t, 200)
	}
}

// oneClick is a mail client's RFC 8058 POST: a form body, no session, no cookie.
func oneClick(t *testing.T, e *apitest.Env, token string) *apitest.Response {
	t.Helper()
	return e.Request("POST", "/newsletter/unsubscribe?token="+token, "List-Unsubscribe=One-Click", "",
		map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
}

const secret = "relay-secret-0123456789-abcdefghijklmnop"

func TestCommunicationsSwitchIsTheSubscription(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a parent with no sign-up is off", Method: "GET", URL: "/api/communications", As: "owner",
			ExpectedStatus: 200, ExpectedContent: []string{`"subscribed":false`}},
		{Name: "turning it on subscribes the confirmed account at once, without an e-mail", Method: "PUT", URL: "/api/communications", As: "owner",
			Body: map[string]any{"subscribed": true}, ExpectedStatus: 200, ExpectedContent: []string{`"subscribed":true`, `"status":"subscribed"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.MailCount("owner@example.com"); n != 1 { // the sign-up's own confirmation only
					t.Errorf("%d e-mails, want the sign-up's one", n)
				}
				var source string
				_ = e.DB.QueryRowContext(context.Background(), `SELECT source FROM newsletter WHERE email = ?`, "owner@example.com").Scan(&source)
				if source != "profile" {
					t.Errorf("source %q, want profile", source)
				}
				// The footer's form with the same address changes nothing and mails nothing.
				e.Do("POST", url, map[string]any{"email": "owner@example.com"}, "").Expect(t, 200)
				if n := e.MailCount("owner@example.com"); n != 1 {
					t.Errorf("%d e-mails after the footer form, want 1", n)
				}
				e.Do("PUT", "/api/communications", map[string]any{"subscribed": false}, "owner").Expect(t, 200)
				if st := status(t, e, "owner@example.com"); st != "unsubscribed" {
					t.Errorf("off: %s", st)
				}
			}},
		{Name: "a footer sign-up confirmed shows on in the profile", Method: "GET", URL: "/api/communications", As: "owner",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.User("owner"); subscribe(t, e, "owner@example.com") },
			ExpectedStatus: 200, ExpectedContent: []string{`"subscribed":true`}},
		{Name: "the export shows the consent with its time and source, and deletion erases it", Method: "GET", URL: "/api/account/export", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.User("owner")
				e.Do("POST", url, map[string]any{"email": "owner@example.com", "source": "checkout"}, "owner").Expect(t, 200)
				e.Do("POST", url+"/confirm", map[string]any{"token": confirmToken(t, e, "owner@example.com")}, "").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"newsletter":[{"email":"owner@example.com","status":"subscribed","subscribed":true,"source":"checkout","consent_at":"2026-06-01T12:00:00Z"`,
				`"communications":{"subscribed":true`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				e.Do("DELETE", "/api/account", map[string]any{"password": apitest.Password}, "owner").Expect(t, 204)
				if n := e.Count(`SELECT COUNT(*) FROM newsletter`); n != 0 {
					t.Errorf("%d subscribers left after the deletion", n)
				}
			}},
	})
}

func TestSubscribersBackOffice(t *testing.T) {
	list := "/api/admin/newsletter/subscribers"
	apitest.Run(t, []apitest.Scenario{
		{Name: "a manager lists with status, source and since, and searches", Method: "GET", URL: list + "?q=READ", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				subscribe(t, e, "reader@example.com")
				e.Do("POST", url, map[string]any{"email": "reading.pending@example.com", "source": "checkout"}, "").Expect(t, 200)
				e.Do("POST", url, map[string]any{"email": "other@example.com"}, "").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`{"email":"reader@example.com","status":"subscribed","source":"footer","since":"2026-06-01T12:00:00Z"}`,
				`{"email":"reading.pending@example.com","status":"pending","source":"checkout"`},
			NotExpectedContent: []string{"other@example.com"}},
		{Name: "the CSV has every subscriber", Method: "GET", URL: list + ".csv", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("owner", auth.RoleOwner)
				subscribe(t, e, "reader@example.com")
			},
			ExpectedStatus: 200, ExpectedContent: []string{"email,status,source,since\nreader@example.com,subscribed,footer,2026-06-01T12:00:00Z"},
			ExpectedHeaders: map[string]string{"Content-Type": "text/csv; charset=utf-8"}},
		{Name: "an editor may not read the addresses", Method: "GET", URL: list, As: "editor",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("editor", auth.RoleEditor) },
			ExpectedStatus: 403, ExpectedContent: []string{"Your role does not allow this."}},
		{Name: "a manager without the two-step session is refused", Method: "GET", URL: list, As: "manager",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Grant("manager", auth.RoleManager) },
			ExpectedStatus: 403, ExpectedContent: []string{`"insufficient_aal"`}},
		{Name: "a too long search names q", Method: "GET", URL: list + "?q=" + strings.Repeat("a", 201), As: "manager",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("manager", auth.RoleManager) },
			ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"q":"At most 200 characters"}`}},
		{Name: "unsubscribe on request, audited without the address", Method: "POST", URL: "/api/admin/newsletter/unsubscribe", As: "manager",
			Body: map[string]any{"email": "Reader@example.com"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				subscribe(t, e, "reader@example.com")
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"unsubscribed"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if st := status(t, e, "reader@example.com"); st != "unsubscribed" {
					t.Errorf("status %s", st)
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'subscriber.unsubscribe' AND after_json NOT LIKE '%reader%'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
			}},
		{Name: "a manager lifts a suppression, audited; the address is subscribed again", Method: "POST", URL: "/api/admin/newsletter/unsuppress", As: "manager",
			Body: map[string]any{"email": "Reader@example.com"}, Config: map[string]string{"MAIL_EVENTS_SECRET": secret},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				subscribe(t, e, "reader@example.com")
				e.Request("POST", "/api/mail/events", map[string]any{"type": "complaint", "email": "reader@example.com"}, "",
					map[string]string{"Authorization": "Bearer " + secret}).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`{"email":"reader@example.com","status":"subscribed"}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if st := status(t, e, "reader@example.com"); st != "subscribed" {
					t.Errorf("status %s", st)
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'subscriber.unsuppress' AND before_json LIKE '%complaint%'
					AND after_json NOT LIKE '%reader%'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
				// Lifted once: a second call finds nothing suppressed.
				e.Do("POST", "/api/admin/newsletter/unsuppress", map[string]any{"email": "reader@example.com"}, "manager").Expect(t, 404)
			}},
		{Name: "an editor may not lift a suppression", Method: "POST", URL: "/api/admin/newsletter/unsuppress", As: "editor",
			Body:           map[string]any{"email": "reader@example.com"},
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("editor", auth.RoleEditor) },
			ExpectedStatus: 403, ExpectedContent: []string{"Your role does not allow this."}},
		{Name: "lifting an address that is not suppressed is a 404", Method: "POST", URL: "/api/admin/newsletter/unsuppress", As: "manager",
			Body: map[string]any{"email": "reader@example.com"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				subscribe(t, e, "reader@example.com")
			},
			ExpectedStatus: 404, ExpectedContent: []string{"No suppressed subscriber with that address."}},
		{Name: "unsubscribe an unknown address is a 404", Method: "POST", URL: "/api/admin/newsletter/unsubscribe", As: "manager",
			Body:           map[string]any{"email": "nobody@example.com"},
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("manager", auth.RoleManager) },
			ExpectedStatus: 404, ExpectedContent: []string{"No subscriber with that address."}},
	})
}

func TestMailEvents(t *testing.T) {
	events := "/api/mail/events"
	bearer := map[string]string{"Authorization": "Bearer " + secret}
	cfg := map[string]string{"MAIL_EVENTS_SECRET": secret}
	apitest.Run(t, []apitest.Scenario{
		{Name: "off without a secret", Method: "POST", URL: events, Body: `{"type":"complaint","email":"a@example.com"}`,
			ExpectedStatus: 404, ExpectedContent: []string{"MAIL_EVENTS_SECRET"}},
		{Name: "no bearer", Method: "POST", URL: events, Config: cfg, Body: `{"type":"complaint","email":"a@example.com"}`,
			ExpectedStatus: 401, ExpectedContent: []string{"bearer token"}},
		{Name: "a wrong bearer", Method: "POST", URL: events, Config: cfg, Body: `{"type":"complaint","email":"a@example.com"}`,
			Headers: map[string]string{"Authorization": "Bearer " + strings.Repeat("x", len(secret))}, ExpectedStatus: 401, ExpectedContent: []string{"bearer token"}},
		{Name: "a permanent bounce suppresses", Method: "POST", URL: events, Config: cfg, Headers: bearer,
			Body:           `{"type":"bounce","email":"Reader@example.com","permanent":true}`,
			BeforeTest:     func(t *testing.T, e *apitest.Env) { subscribe(t, e, "reader@example.com") },
			ExpectedStatus: 200, ExpectedContent: []string{`{"email":"reader@example.com","suppressed":true}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if st := status(t, e, "reader@example.com"); st != "suppressed" {
					t.Errorf("status %s", st)
				}
			}},
		{Name: "a temporary bounce changes nothing", Method: "POST", URL: events, Config: cfg, Headers: bearer,
			Body:           `{"type":"bounce","email":"reader@example.com","permanent":false}`,
			BeforeTest:     func(t *testing.T, e *apitest.Env) { subscribe(t, e, "reader@example.com") },
			ExpectedStatus: 200, ExpectedContent: []string{`"suppressed":false`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if st := status(t, e, "reader@example.com"); st != "subscribed" {
					t.Errorf("status %s", st)
				}
			}},
		{Name: "bad fields are named", Method: "POST", URL: events, Config: cfg, Headers: bearer, Body: `{"type":"open","email":"x"}`,
			ExpectedStatus: 400, ExpectedContent: []string{`"type":"Say bounce or complaint"`, `"email":"A valid e-mail address"`}},
		{Name: "a bounce must say permanent", Method: "POST", URL: events, Config: cfg, Headers: bearer, Body: `{"type":"bounce","email":"a@example.com"}`,
			ExpectedStatus: 400, ExpectedContent: []string{`"permanent":"Say true or false"`}},
		{Name: "an unknown field is named", Method: "POST", URL: events, Config: cfg, Headers: bearer, Body: `{"type":"bounce","email":"a@example.com","permanent":true,"x":1}`,
			ExpectedStatus: 400, ExpectedContent: []string{`"x":"Unknown field"`}},
	})
}

// TestOneClickGetIsThePage: a GET of the List-Unsubscribe URL is the app's
// page (with its button), never an unsubscribe: link scanners follow GETs.
func TestOneClickGetIsThePage(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "GET serves the app and unsubscribes nobody", Method: "GET", URL: "/newsletter/unsubscribe?token={token}",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				subscribe(t, e, "reader@example.com")
				var tok string
				_ = e.DB.QueryRowContext(context.Background(), `SELECT unsubscribe_token FROM newsletter`).Scan(&tok)
				e.Vars["token"] = tok
			},
			ExpectedStatus: 200, ExpectedContent: []string{"<div id=root>"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if st := status(t, e, "reader@example.com"); st != "subscribed" {
					t.Errorf("status %s after a GET", st)
				}
				res := oneClick(t, e, e.Vars["token"]).Expect(t, 200)
				if !strings.Contains(res.Body, `"unsubscribed"`) || status(t, e, "reader@example.com") != "unsubscribed" {
					t.Errorf("one-click POST: %s, status %s", res.Body, status(t, e, "reader@example.com"))
				}
				oneClick(t, e, e.Vars["token"]).Expect(t, 200) // twice is fine
				if r := oneClick(t, e, "forged"); r.Status != http.StatusBadRequest {
					t.Errorf("a forged token: %d", r.Status)
				}
			}},
	})
}
