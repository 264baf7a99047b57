// Package apitest is the one way to test the shop's HTTP API: a table of
// scenarios, each run on SQLite and on PostgreSQL (when TEST_DATABASE_URL is
// set, e.g. through scripts/with-postgres.sh) against a fresh database and a
// server built by the real constructor, server.New. It follows PocketBase's
// tests.ApiScenario.
//
// Copy this into your feature's tests (package yourfeature_test, so the
// server that imports your feature can be imported back):
//
//	func TestKidsAPI(t *testing.T) {
//		apitest.Run(t, []apitest.Scenario{
//			{Name: "anonymous is refused", Method: "GET", URL: "/api/kids",
//				ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
//			{Name: "owner adds a kid", Method: "POST", URL: "/api/kids", As: "owner",
//				Body: map[string]any{"name": "Maya"},
//				ExpectedStatus: 201, ExpectedContent: []string{`"name":"Maya"`}},
//			{Name: "another user's kid is a 404", Method: "GET", URL: "/api/kids/{kid}", As: "other",
//				BeforeTest: func(t *testing.T, e *apitest.Env) {
//					r := e.Do("POST", "/api/kids", map[string]any{"name": "Maya"}, "owner")
//					e.Vars["kid"] = r.JSON(t)["id"].(string)
//				},
//				ExpectedStatus: 404, ExpectedContent: []string{`"Child not found"`}},
//		})
//	}
//
// As names the caller: "" is anonymous; any other name is a real, confirmed
// account made on first use through POST /auth/v1/signup, the confirmation
// link of its e-mail and a password sign-in ("admin" also gets the owner
// role, at aal1). For the back office (/api/admin/*), make the caller with
// Env.Staff in BeforeTest: a staff role and a two-step (aal2) session.
// {name} in URL is replaced by Env.Vars[name], so BeforeTest can create a
// row and aim the request at it. Each scenario starts from a new
// database; nothing leaks between rows, and rows run in parallel (what a
// BeforeTest hands its AfterTest belongs in Env.Vars, not in a variable of
// the test function). A response with a body must be checked (see
// Scenario.ExpectedStatus).
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pquerna/otp/totp"

	"bookshop/internal/auth"
	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/paypal/paypaltest"
	"bookshop/internal/server"
	"bookshop/internal/testclock"
)

// SiteURL is the site every test server runs as; e-mail links start with it.
const SiteURL = "http://shop.test"

// Password is every test user's password.
const Password = "Secret1!pw"

// Scenario is one request and what its response must be.
type Scenario struct {
	Name    string
	Method  string
	URL     string            // may hold {var} placeholders filled from Env.Vars
	Body    any               // nil: no body; a string is sent as is; anything else as JSON
	Headers map[string]string // sent as given; Content-Type defaults to application/json with a body
	As      string            // the caller: "" anonymous, else a user name ("owner", "other", "admin")
	Config  map[string]string // environment variables over the test defaults (e.g. RATE_LIMIT_PER_MINUTE)

	// A response with a body must be checked: by ExpectedContent,
	// NotExpectedContent or an AfterTest that decodes it (res.JSON or
	// res.Decode). A scenario that checks none fails, as PocketBase's
	// tests.ApiScenario does, so a body nobody looked at cannot pass; so does
	// an empty fragment, which checks nothing.
	ExpectedStatus     int
	ExpectedContent    []string          // fragments the body must contain
	NotExpectedContent []string          // fragments the body must not contain
	ExpectedHeaders    map[string]string // headers that must have exactly these values

	BeforeTest func(t *testing.T, e *Env)                // prepare rows, users, Vars
	AfterTest  func(t *testing.T, e *Env, res *Response) // check what the request changed
}

// Run runs every scenario on each database, each on a fresh one. Scenarios
// share nothing, so they run in parallel: a scenario mostly waits on its
// database, and a table of them would otherwise leave the cores idle.
func Run(t *testing.T, scenarios []Scenario) {
	t.Helper()
	for _, s := range scenarios {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			dbtest.Each(t, func(t *testing.T, d *db.DB) { s.run(t, d) })
		})
	}
}

func (s Scenario) run(t *testing.T, d *db.DB) {
	if s.ExpectedStatus == 0 {
		t.Fatal("scenario has no ExpectedStatus")
	}
	if slices.Contains(s.ExpectedContent, "") || slices.Contains(s.NotExpectedContent, "") {
		t.Fatal("scenario has an empty fragment in ExpectedContent or NotExpectedContent: it checks nothing")
	}
	e := NewEnv(t, d, s.Config)
	if s.BeforeTest != nil {
		s.BeforeTest(t, e)
	}
	res := e.Request(s.Method, s.URL, s.Body, s.As, s.Headers)
	if res.Status != s.ExpectedStatus {
		t.Fatalf("%s %s: status %d, want %d; body %s", s.Method, s.URL, res.Status, s.ExpectedStatus, res.Body)
	}
	for _, want := range s.ExpectedContent {
		if !strings.Contains(res.Body, want) {
			t.Errorf("body lacks %q: %s", want, res.Body)
		}
	}
	for _, unwanted := range s.NotExpectedContent {
		if strings.Contains(res.Body, unwanted) {
			t.Errorf("body has %q: %s", unwanted, res.Body)
		}
	}
	for k, want := range s.ExpectedHeaders {
		if got := res.Header.Get(k); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}
	if s.AfterTest != nil {
		s.AfterTest(t, e, res)
	}
	if s.leavesBodyUnchecked(res) {
		t.Errorf("%s %s: the response has a body and the scenario checks nothing in it "+
			"(add ExpectedContent, NotExpectedContent or an AfterTest that decodes it): %s", s.Method, s.URL, res.Body)
	}
}

// leavesBodyUnchecked tells a response with a body that the scenario did
// not look into.
func (s Scenario) leavesBodyUnchecked(res *Response) bool {
	return res.Body != "" && len(s.ExpectedContent) == 0 && len(s.NotExpectedContent) == 0 && !res.decoded
}

// Env is one scenario's world: the database, the server, its clock, the
// fake PayPal it talks to, and the users made so far.
type Env struct {
	T         *testing.T
	DB        *db.DB
	Server    *server.Server
	Handler   http.Handler
	Clock     *testclock.Clock
	PayPal    *paypaltest.Fake  // the fake PayPal API the server talks to
	PayPalURL string            // its base URL
	Vars      map[string]string // {name} placeholders of the scenario's URL

	users map[string]User
}

// User is a confirmed account with a live session.
type User struct {
	Name, ID, Email string
	AccessToken     string
	RefreshToken    string
}

// defaults are the settings of every test server: fast enough limits for a
// table of requests, PayPal at the fake, links on SiteURL.
func defaults(paypalBase string) map[string]string {
	return map[string]string{
		"SITE_URL":              SiteURL,
		"RATE_LIMIT_PER_MINUTE": "1000",
		"PAYPAL_CLIENT_ID":      paypaltest.ClientID,
		"PAYPAL_CLIENT_SECRET":  paypaltest.ClientSecret,
		"PAYPAL_API_BASE":       paypalBase,
		"PAYPAL_SDK_URL":        paypalBase + "/sdk/js",
		"PAYPAL_WEBHOOK_ID":     paypaltest.WebhookID,
	}
}

// TestApp is the tiny web app test servers serve instead of the build.
var TestApp = fstest.MapFS{
	"index.html":         {Data: []byte("<!doctype html><div id=root></div>" + strings.Repeat(" ", 2000))},
	"assets/app-1a2b.js": {Data: []byte("console.log('hi');" + strings.Repeat(" ", 2000))},
	// A shop drawing, which a storybook's page may show.
	"illustrations/siso.svg": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

// NewEnv builds the server on d through server.New, with the test defaults
// overridden by settings, and opts after the test's own. Tests that are not
// a request table (a stream of requests, a closed database) use it directly.
func NewEnv(t *testing.T, d *db.DB, settings map[string]string, opts ...server.Option) *Env {
	t.Helper()
	fake, base := paypaltest.Start(t)
	vars := defaults(base)
	vars["FILES_DIR"] = t.TempDir() // uploads stay in the test's folder, not beside ./data
	for k, v := range settings {
		vars[k] = v
	}
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := vars[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	clock := testclock.At(time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC))
	opts = append([]server.Option{server.WithClock(clock.Now), server.WithCheapPasswordHashing(), server.WithWebApp(TestApp)}, opts...)
	srv, err := server.New(cfg, d, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return &Env{T: t, DB: d, Server: srv, Handler: srv.Handler(), Clock: clock, PayPal: fake, PayPalURL: base,
		Vars: map[string]string{}, users: map[string]User{}}
}

// Do sends a request as the named user ("" anonymous); body as in Scenario.
func (e *Env) Do(method, url string, body any, as string) *Response {
	e.T.Helper()
	return e.Request(method, url, body, as, nil)
}

// Request is Do with headers.
func (e *Env) Request(method, url string, body any, as string, headers map[string]string) *Response {
	e.T.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			e.T.Fatal(err)
		}
		rd = bytes.NewReader(buf)
	}
	req := httptest.NewRequest(method, e.expand(url), rd)
	req.RemoteAddr = "192.0.2.1:1234"
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if as != "" {
		req.Header.Set("Authorization", "Bearer "+e.User(as).AccessToken)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.Handler.ServeHTTP(rec, req)
	return &Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.String()}
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

func (e *Env) expand(url string) string {
	return placeholder.ReplaceAllStringFunc(url, func(m string) string {
		if v, ok := e.Vars[m[1:len(m)-1]]; ok {
			return v
		}
		return m
	})
}

// User returns the named user, signing them up, confirming their address
// and signing them in on first use. "admin" gets the owner role and a
// two-step (aal2) session, as Staff gives, which every staff write needs.
func (e *Env) User(name string) User {
	e.T.Helper()
	if u, ok := e.users[name]; ok {
		return u
	}
	email := name + "@example.com"
	signup := e.Do("POST", "/auth/v1/signup", map[string]any{"email": email, "password": Password,
		"data": map[string]any{"first_name": strings.ToUpper(name[:1]) + name[1:], "last_name": "Test"}}, "")
	signup.Expect(e.T, http.StatusOK)
	link := confirmLink.FindString(e.LastMail(email))
	if link == "" {
		e.T.Fatalf("no confirmation link in the e-mail to %s", email)
	}
	if r := e.Do("GET", strings.TrimPrefix(link, SiteURL), nil, ""); r.Status != http.StatusSeeOther {
		e.T.Fatalf("confirming %s: status %d: %s", email, r.Status, r.Body)
	}
	if name == "admin" {
		e.setRole(email, auth.RoleOwner)
	}
	tok := e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": email, "password": Password}, "")
	tok.Expect(e.T, http.StatusOK)
	var session struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
		User         struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	tok.Decode(e.T, &session)
	u := User{Name: name, ID: session.User.ID, Email: email, AccessToken: session.AccessToken, RefreshToken: session.RefreshToken}
	e.users[name] = u
	if name == "admin" {
		return e.Staff(name, auth.RoleOwner)
	}
	return u
}

// Staff returns the named user with the staff role (auth.RoleUser for a
// customer), two-step sign-in turned on with a verified TOTP factor, and an
// aal2 session: what the back office (/api/admin/*) requires. Requests As
// name from then on use that session. A user made before keeps their
// account and gets the role and the factor.
func (e *Env) Staff(name string, role auth.Role) User {
	e.T.Helper()
	u := e.Grant(name, role)
	enrol := e.Do("POST", "/auth/v1/factors", map[string]any{"factor_type": "totp", "friendly_name": "phone"}, name).Expect(e.T, http.StatusOK).JSON(e.T)
	factorID, _ := enrol["id"].(string)
	totpInfo, _ := enrol["totp"].(map[string]any)
	secret, _ := totpInfo["secret"].(string)
	challenge := e.Do("POST", "/auth/v1/factors/"+factorID+"/challenge", nil, name).Expect(e.T, http.StatusOK).JSON(e.T)
	code, err := totp.GenerateCode(secret, e.Clock.Now())
	if err != nil {
		e.T.Fatal(err)
	}
	verified := e.Do("POST", "/auth/v1/factors/"+factorID+"/verify",
		map[string]any{"challenge_id": challenge["id"], "code": code}, name).Expect(e.T, http.StatusOK)
	var session struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
	}
	verified.Decode(e.T, &session)
	u.AccessToken, u.RefreshToken = session.AccessToken, session.RefreshToken
	e.users[name] = u
	return u
}

// Grant returns the named user (made on first use) with the role, keeping
// their session as it is: a staff member at aal1, whom the back office
// refuses.
func (e *Env) Grant(name string, role auth.Role) User {
	e.T.Helper()
	u := e.User(name)
	e.setRole(u.Email, role)
	return u
}

// setRole gives the account the role directly, as a fixture: unlike
// `bookshop admin grant` (gotrue.SetRole) it writes no audit entry, so a
// scenario's audit log holds only what its requests changed.
func (e *Env) setRole(email string, role auth.Role) {
	e.T.Helper()
	if _, err := e.DB.ExecContext(context.Background(),
		`UPDATE profiles SET role = ? WHERE id = (SELECT id FROM users WHERE email = ?)`, role, email); err != nil {
		e.T.Fatal(err)
	}
}

// Consent records the named parent's consent to the current children's
// privacy notice, unless it is recorded already: the API refuses a child
// without it.
func (e *Env) Consent(as string) {
	e.T.Helper()
	var consents struct {
		NoticeVersion string `json:"noticeVersion"`
		Current       bool   `json:"current"`
	}
	e.Do("GET", "/api/consents", nil, as).Expect(e.T, http.StatusOK).Decode(e.T, &consents)
	if !consents.Current {
		e.Do("POST", "/api/consents", map[string]any{"noticeVersion": consents.NoticeVersion, "guardian": true}, as).Expect(e.T, http.StatusCreated)
	}
}

// AddKid adds a child (birthMonth YYYY-MM) for the named parent the way the
// app does: the parent's consent first (Consent), then the child. It
// returns the child's id.
func (e *Env) AddKid(as, name, birthMonth string) string {
	e.T.Helper()
	e.Consent(as)
	var kid struct{ ID string }
	e.Do("POST", "/api/kids", map[string]any{"name": name, "birth_month": birthMonth}, as).Expect(e.T, http.StatusCreated).Decode(e.T, &kid)
	return kid.ID
}

// DemoOrder has the named buyer pay for one book with the demo card,
// shipped to Olive Owner of 12 Story Lane with the address shipTo, under
// the Idempotency-Key key; it returns the order's number.
func (e *Env) DemoOrder(as, shipTo, key string) string {
	e.T.Helper()
	pay := e.Request("POST", "/functions/v1/process-payment", map[string]any{"action": "demo_payment", "method": "card",
		"items":  []map[string]any{{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99}},
		"amount": 21.99, "shippingInfo": map[string]any{"fullName": "Olive Owner", "email": shipTo,
			"address": "12 Story Lane", "city": "Springfield", "state": "IL", "zipCode": "62701", "country": "US"}}, as,
		map[string]string{"Idempotency-Key": key})
	var paid struct {
		OrderNumber string `json:"orderNumber"`
	}
	pay.Expect(e.T, http.StatusOK).Decode(e.T, &paid)
	return paid.OrderNumber
}

var confirmLink = regexp.MustCompile(regexp.QuoteMeta(SiteURL) + `/auth/v1/verify\?\S+`)

// LastMail is the plain text of the newest e-mail to addr ("" if none).
func (e *Env) LastMail(addr string) string {
	e.T.Helper()
	var text string
	err := e.DB.QueryRowContext(context.Background(),
		`SELECT text_body FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1`, addr).Scan(&text)
	if err != nil && !db.IsNoRows(err) {
		e.T.Fatal(err)
	}
	return text
}

// MailCount is how many e-mails were queued for addr.
func (e *Env) MailCount(addr string) int {
	e.T.Helper()
	var n int
	if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM mail_outbox WHERE to_address = ?`, addr).Scan(&n); err != nil {
		e.T.Fatal(err)
	}
	return n
}

// Count runs a SELECT COUNT(*) ... and returns the number.
func (e *Env) Count(query string, args ...any) int {
	e.T.Helper()
	var n int
	if err := e.DB.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		e.T.Fatal(err)
	}
	return n
}

// Response is a recorded response.
type Response struct {
	Status int
	Header http.Header
	Body   string

	decoded bool // by Decode or JSON: the scenario looked into the body
}

// Expect fails the test unless the status is want.
func (r *Response) Expect(t *testing.T, want int) *Response {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d; body %s", r.Status, want, r.Body)
	}
	return r
}

// Decode reads the JSON body into v.
func (r *Response) Decode(t *testing.T, v any) {
	t.Helper()
	r.decoded = true
	if err := json.Unmarshal([]byte(r.Body), v); err != nil {
		t.Fatalf("body is not the JSON expected (%v): %s", err, r.Body)
	}
}

// JSON is the body as a JSON object.
func (r *Response) JSON(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	r.Decode(t, &m)
	return m
}
