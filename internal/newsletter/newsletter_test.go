package newsletter

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/httpx"
	"bookshop/internal/ratelimit"
)

func TestSubscribe(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := httpx.Handle(New(d, nil).HandleSubscribe)
		post := func(caller *auth.Caller, body string) *httptest.ResponseRecorder {
			req := httptest.NewRequest("POST", "/api/newsletter", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			if caller != nil {
				req = req.WithContext(auth.WithCaller(req.Context(), *caller))
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec
		}
		tests := []struct {
			name       string
			caller     *auth.Caller
			body       string
			wantStatus int
			wantBody   string
		}{
			{"anonymous sign-up", nil, `{"email":"reader@example.com"}`, 200, `{"email":"reader@example.com","subscribed":true}`},
			{"repeat with other case and spaces", nil, `{"email":"  Reader@Example.com "}`, 200, `"subscribed":true`},
			{"signed-in repeat records the user", &auth.Caller{UserID: "u-1", Email: "reader@example.com"}, `{"email":"reader@example.com"}`, 200, `"subscribed":true`},
			{"anonymous repeat keeps the user", nil, `{"email":"reader@example.com"}`, 200, `"subscribed":true`},
			{"empty e-mail", nil, `{"email":""}`, 400, `"fields":{"email":"Email is required"}`},
			{"no e-mail field", nil, `{}`, 400, `"fields":{"email":"Email is required"}`},
			{"not an e-mail", nil, `{"email":"not-an-email"}`, 400, `"fields":{"email":"Invalid email address"}`},
			{"display-name form", nil, `{"email":"Bob <bob@example.com>"}`, 400, `"Invalid email address"`},
			{"no dot in domain", nil, `{"email":"bob@localhost"}`, 400, `"Invalid email address"`},
			{"wrong type", nil, `{"email":42}`, 400, `"code":"invalid"`},
			{"not JSON", nil, `email=x`, 400, `"code":"invalid"`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				rec := post(tc.caller, tc.body)
				if rec.Code != tc.wantStatus || !strings.Contains(rec.Body.String(), tc.wantBody) {
					t.Fatalf("%d %s, want %d with %s", rec.Code, rec.Body, tc.wantStatus, tc.wantBody)
				}
			})
		}
		var n int
		var user string
		var subscribed bool
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*), MAX(user_id), MAX(CASE WHEN subscribed THEN 1 ELSE 0 END) = 1 FROM newsletter`).Scan(&n, &user, &subscribed); err != nil {
			t.Fatal(err)
		}
		if n != 1 || user != "u-1" || !subscribed {
			t.Errorf("rows %d, user %q, subscribed %v; want one subscribed row of u-1", n, user, subscribed)
		}
	})
}

func TestSubscribeIsRateLimited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := httpx.Handle(New(d, ratelimit.New(d, 2, nil)).HandleSubscribe)
		post := func() *httptest.ResponseRecorder {
			req := httptest.NewRequest("POST", "/api/newsletter", strings.NewReader(`{"email":"reader@example.com"}`))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec
		}
		for i := range 2 {
			if rec := post(); rec.Code != 200 {
				t.Fatalf("sign-up %d: %d %s", i+1, rec.Code, rec.Body)
			}
		}
		rec := post()
		if rec.Code != 429 || !strings.Contains(rec.Body.String(), `"code":"too_many_requests"`) || rec.Header().Get("Retry-After") == "" {
			t.Fatalf("third sign-up: %d %s", rec.Code, rec.Body)
		}
	})
}
