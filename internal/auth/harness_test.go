package auth

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/testclock"
)

const site = "http://shop.test"

// harness is the account service behind its routes, on a fresh database.
type harness struct {
	t     *testing.T
	db    *db.DB
	svc   *Service
	clock *testclock.Clock
	h     http.Handler
}

// testSettings reads env (environment variables over the tests' defaults)
// as the server does, and hands the service the settings it reads: the
// fields of config.Config that Settings names.
func testSettings(t *testing.T, env map[string]string) Settings {
	t.Helper()
	base := map[string]string{"SITE_URL": site, "RATE_LIMIT_PER_MINUTE": "1000"}
	for k, v := range env {
		base[k] = v
	}
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := base[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	var out Settings
	from, to := reflect.ValueOf(cfg), reflect.ValueOf(&out).Elem()
	for i := range to.NumField() {
		f := from.FieldByName(to.Type().Field(i).Name)
		if !f.IsValid() {
			t.Fatalf("config.Config has no field %s", to.Type().Field(i).Name)
		}
		to.Field(i).Set(f)
	}
	return out
}

func newHarness(t *testing.T, d *db.DB, env map[string]string) *harness {
	t.Helper()
	clock := testclock.At(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))
	svc, err := NewService(context.Background(), testSettings(t, env), d, WithClock(clock.Now), WithCheapPasswordHashing())
	if err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, db: d, svc: svc, clock: clock, h: testRoutes(svc)}
}

// testRoutes are the service's own routes, as internal/server registers them.
func testRoutes(s *Service) http.Handler {
	mux := http.NewServeMux()
	s.Register(mux)
	return s.Middleware(mux)
}

// response is a recorded answer with its JSON body decoded.
type response struct {
	status int
	header http.Header
	raw    string
	json   map[string]any
}

func (r response) str(key string) string {
	s, _ := r.json[key].(string)
	return s
}

// do sends a request; body may be a string or a value to encode as JSON.
func (h *harness) do(method, path string, body any, headers ...string) response {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, _ := json.Marshal(b)
		rd = strings.NewReader(string(buf))
	}
	req := httptest.NewRequest(method, path, rd)
	req.RemoteAddr = "192.0.2.1:1234"
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.h.ServeHTTP(rec, req)
	out := response{status: rec.Code, header: rec.Header(), raw: rec.Body.String()}
	_ = json.Unmarshal(rec.Body.Bytes(), &out.json)
	return out
}

func (h *harness) expect(r response, status int, code string) {
	h.t.Helper()
	if r.status != status {
		h.t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	if code != "" && r.str("error_code") != code && r.str("code") != code {
		h.t.Fatalf("error code %q, want %q: %s", r.str("error_code"), code, r.raw)
	}
}

// mailTo returns the text of the newest e-mail to an address.
func (h *harness) mailTo(addr string) (string, bool) {
	h.t.Helper()
	var text string
	err := h.db.QueryRowContext(context.Background(), `SELECT text_body FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1`, addr).Scan(&text)
	if db.IsNoRows(err) {
		return "", false
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return text, true
}

func (h *harness) mailCount(addr string) int {
	var n int
	if err := h.db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM mail_outbox WHERE to_address = ?`, addr).Scan(&n); err != nil {
		h.t.Fatal(err)
	}
	return n
}

var linkRe = regexp.MustCompile(`http://shop\.test/auth/v1/verify\?\S+`)
var codeRe = regexp.MustCompile(`code: (\d{6})`)

// link returns the verify link and code of the newest e-mail to addr, as a
// path for the test handler.
func (h *harness) link(addr string) (path, code string) {
	h.t.Helper()
	text, ok := h.mailTo(addr)
	if !ok {
		h.t.Fatalf("no e-mail to %s", addr)
	}
	return strings.TrimPrefix(linkRe.FindString(text), site), codeRe.FindStringSubmatch(text)[1]
}

// follow opens a link and returns where it redirects.
func (h *harness) follow(path string) *url.URL {
	h.t.Helper()
	r := h.do("GET", path, nil)
	if r.status != http.StatusSeeOther {
		h.t.Fatalf("status %d, want 303: %s", r.status, r.raw)
	}
	u, err := url.Parse(r.header.Get("Location"))
	if err != nil {
		h.t.Fatal(err)
	}
	return u
}

func fragment(u *url.URL) url.Values {
	v, _ := url.ParseQuery(u.Fragment)
	return v
}

const password = "Secret1!pw"

func (h *harness) signup(email string, extra map[string]any) response {
	h.t.Helper()
	body := map[string]any{"email": email, "password": password,
		"data": map[string]any{"first_name": "Ann", "last_name": "Lee", "account_status": "Pending Verification"}}
	for k, v := range extra {
		body[k] = v
	}
	return h.do("POST", "/auth/v1/signup", body)
}

// confirmedUser signs up and confirms an account, and returns a session.
func (h *harness) confirmedUser(email string) response {
	h.t.Helper()
	h.expect(h.signup(email, nil), 200, "")
	link, _ := h.link(email)
	h.follow(link)
	return h.login(email, password)
}

func (h *harness) login(email, pw string) response {
	h.t.Helper()
	r := h.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": email, "password": pw})
	h.expect(r, 200, "")
	return r
}

func authHeader(r response) []string {
	return []string{"Authorization", "Bearer " + r.str("access_token")}
}

func s256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func mustCompile(p string) *regexp.Regexp { return regexp.MustCompile(p) }
