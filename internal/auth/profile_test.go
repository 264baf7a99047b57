package auth

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

func TestProfileAPI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.expect(h.do("GET", "/api/profile", nil), 401, "")
		s := h.confirmedUser("pat@example.com")
		p := h.do("GET", "/api/profile", nil, authHeader(s)...)
		h.expect(p, 200, "")
		for _, k := range []string{"id", "first_name", "last_name", "country", "language", "email", "account_status", "email_verification_status", "date_of_birth", "made_purchase", "role", "last_login_date", "created_at", "updated_at"} {
			if _, ok := p.json[k]; !ok {
				t.Errorf("profile lacks %s: %s", k, p.raw)
			}
		}
		tests := []struct {
			name   string
			body   string
			status int
			field  string
		}{
			{"future birthday", `{"date_of_birth":"2999-01-01"}`, 400, "date_of_birth"},
			{"not a date", `{"date_of_birth":"01/02/2010"}`, 400, "date_of_birth"},
			{"long name", `{"first_name":"` + strings.Repeat("a", 101) + `"}`, 400, "first_name"},
			{"wrong type", `{"country":5}`, 400, "country"},
			{"name of zero-width characters", `{"first_name":"\u200b\u200d"}`, 400, "first_name"},
			{"name of a Hangul filler", `{"last_name":"\u3164"}`, 400, "last_name"},
			{"valid", `{"first_name":"Pat","country":"FR","language":"fr","date_of_birth":"2015-04-03"}`, 200, ""},
			{"empty birthday clears it", `{"date_of_birth":""}`, 200, ""},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				r := h.do("PATCH", "/api/profile", tc.body, authHeader(s)...)
				if r.status != tc.status {
					t.Fatalf("status %d, want %d: %s", r.status, tc.status, r.raw)
				}
				if tc.field != "" {
					fields, _ := r.json["error"].(map[string]any)["fields"].(map[string]any)
					if _, ok := fields[tc.field]; !ok {
						t.Fatalf("no message for %s: %s", tc.field, r.raw)
					}
				}
			})
		}
		p = h.do("GET", "/api/profile", nil, authHeader(s)...)
		if p.str("first_name") != "Pat" || p.str("country") != "FR" || p.json["date_of_birth"] != nil {
			t.Fatalf("after patches: %s", p.raw)
		}

		ctx := context.Background()
		id := p.str("id")
		if err := h.svc.MarkPurchased(ctx, id); err != nil {
			t.Fatal(err)
		}
		if err := h.svc.MarkPurchased(ctx, "no-such-user"); err == nil {
			t.Fatal("MarkPurchased of an unknown user succeeded")
		}
		if err := SetAdmin(ctx, d, "PAT@example.com", true); err != nil {
			t.Fatal(err)
		}
		if err := SetAdmin(ctx, d, "ghost@example.com", true); !errors.Is(err, ErrUnknownEmail) {
			t.Fatalf("unknown e-mail: %v", err)
		}
		p = h.do("GET", "/api/profile", nil, authHeader(s)...)
		if p.json["made_purchase"] != true || p.str("role") != "admin" {
			t.Fatalf("after purchase and grant: %s", p.raw)
		}
		if c := callerFor(t, h, authHeader(s)); !c.IsAdmin || c.UserID != id {
			t.Fatalf("caller %+v", c)
		}
		if err := SetAdmin(ctx, d, "pat@example.com", false); err != nil {
			t.Fatal(err)
		}
		if c := callerFor(t, h, authHeader(s)); c.IsAdmin {
			t.Fatal("revoked admin is still admin")
		}
		// Signed out, or with a forged token, the request continues anonymous.
		h.expect(h.do("POST", "/auth/v1/logout", nil, authHeader(s)...), 204, "")
		if c := callerFor(t, h, authHeader(s)); c.UserID != "" {
			t.Fatal("a revoked session still identifies the caller")
		}
		if c := callerFor(t, h, []string{"Authorization", "Bearer forged"}); c.UserID != "" {
			t.Fatal("a forged token identifies a caller")
		}
	})
}

// callerFor runs the middleware and returns the Caller it set, if any.
func callerFor(t *testing.T, h *harness, header []string) Caller {
	t.Helper()
	var got Caller
	mw := h.svc.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ = CallerFrom(r.Context())
	}))
	req := httptest.NewRequest("GET", "/api/anything", nil)
	req.Header.Set(header[0], header[1])
	mw.ServeHTTP(httptest.NewRecorder(), req)
	return got
}

func TestJWTSecretIsKeptInTheDatabase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		a := newHarness(t, d, nil)
		b := newHarness(t, d, nil) // a second instance, or a restart
		if string(a.svc.jwtSecret) != string(b.svc.jwtSecret) || len(a.svc.jwtSecret) < 32 {
			t.Fatal("instances do not share one persisted secret")
		}
		c := newHarness(t, d, map[string]string{"JWT_SECRET": "configured-secret-of-at-least-32-characters"})
		if string(c.svc.jwtSecret) != "configured-secret-of-at-least-32-characters" {
			t.Fatal("JWT_SECRET ignored")
		}
	})
}

func TestPasswordHashing(t *testing.T) {
	hash, err := hashPassword("Secret1!pw", owaspArgonParams)
	if err != nil {
		t.Fatal(err)
	}
	for pw, want := range map[string]bool{"Secret1!pw": true, "Secret1!pW": false, "": false} {
		if ok, err := checkPassword(pw, hash); ok != want || err != nil {
			t.Errorf("checkPassword(%q) = %v, %v", pw, ok, err)
		}
	}
	if _, err := checkPassword("x", "$2a$10$bcrypt"); err == nil {
		t.Error("a non-argon2id hash was accepted")
	}
}

// The client cannot choose its account status: a sign-up that claims Active
// is Pending Verification until the e-mail is confirmed.
func TestSignupIgnoresClientAccountStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		r := h.do("POST", "/auth/v1/signup", map[string]any{"email": "eve@example.com", "password": password,
			"data": map[string]any{"first_name": "Eve", "account_status": "Active"}})
		h.expect(r, 200, "")
		p, err := profileByID(context.Background(), d, r.str("id"))
		if err != nil {
			t.Fatal(err)
		}
		if p.AccountStatus != statusPending || p.EmailVerificationStatus != statusPending || p.FirstName != "Eve" {
			t.Fatalf("profile after sign-up: %+v", p)
		}
		link, _ := h.link("eve@example.com")
		h.follow(link)
		if p, _ = profileByID(context.Background(), d, p.ID); p.AccountStatus != statusActive || p.EmailVerificationStatus != statusActive {
			t.Fatalf("profile after confirmation: %+v", p)
		}
	})
}
