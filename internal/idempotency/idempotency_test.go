package idempotency_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/idempotency"
)

var leo = map[string]any{"name": "Leo", "birth_month": "2020-01"}

func key(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }

// TestParallelDuplicatesMakeOneChild: the form's double submit, fifty times
// at once with one key, makes one child, and every request gets its response.
func TestParallelDuplicatesMakeOneChild(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Consent("owner")
		const n = 50
		res := make([]*apitest.Response, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { res[i] = e.Request("POST", "/api/kids", leo, "owner", key("double-submit-1")) })
		}
		wg.Wait()
		var id string
		replayed := 0
		for i, r := range res {
			if r.Status != 201 {
				t.Fatalf("request %d: status %d: %s", i, r.Status, r.Body)
			}
			got := r.JSON(t)["id"].(string)
			if id == "" {
				id = got
			}
			if got != id {
				t.Fatalf("request %d got child %s, another got %s", i, got, id)
			}
			if r.Header.Get("Idempotent-Replayed") == "true" {
				replayed++
			}
		}
		if kids := e.Count(`SELECT COUNT(*) FROM kids`); kids != 1 {
			t.Fatalf("%d children made, want 1", kids)
		}
		if replayed != n-1 {
			t.Fatalf("%d responses replayed, want %d", replayed, n-1)
		}
	})
}

func TestKeys(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a repeat later gets the first response and makes nothing", Method: "POST", URL: "/api/kids", As: "owner",
			Body: leo, Headers: key("k1"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Consent("owner")
				first := e.Request("POST", "/api/kids", leo, "owner", key("k1")).Expect(t, 201)
				e.Vars["kid"] = first.JSON(t)["id"].(string)
				e.Clock.Advance(30 * time.Minute) // within the access token's hour
			},
			ExpectedStatus: 201, ExpectedContent: []string{`"name":"Leo"`},
			ExpectedHeaders: map[string]string{"Idempotent-Replayed": "true", "Content-Type": "application/json; charset=utf-8"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if got := res.JSON(t)["id"]; got != e.Vars["kid"] {
					t.Errorf("replayed child %v, want %s", got, e.Vars["kid"])
				}
				if n := e.Count(`SELECT COUNT(*) FROM kids`); n != 1 {
					t.Errorf("%d children, want 1", n)
				}
			}},
		{Name: "the same key with another body is a conflict", Method: "POST", URL: "/api/kids", As: "owner",
			Body: map[string]any{"name": "Mia", "birth_month": "2020-01"}, Headers: key("k1"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Consent("owner")
				e.Request("POST", "/api/kids", leo, "owner", key("k1")).Expect(t, 201)
			},
			ExpectedStatus: 409, ExpectedContent: []string{`"code":"conflict"`, "already used for a different request"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM kids WHERE name = 'Mia'`); n != 0 {
					t.Errorf("the conflicting request made a child")
				}
			}},
		{Name: "without a key every request runs", Method: "POST", URL: "/api/kids", As: "owner", Body: leo,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Consent("owner")
				e.Do("POST", "/api/kids", leo, "owner").Expect(t, 201)
			},
			ExpectedStatus: 201, ExpectedContent: []string{`"name":"Leo"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if res.Header.Get("Idempotent-Replayed") != "" {
					t.Error("a request without a key was replayed")
				}
				if n := e.Count(`SELECT COUNT(*) FROM kids`); n != 2 {
					t.Errorf("%d children, want 2", n)
				}
			}},
		{Name: "a refused request frees its key for the corrected one", Method: "POST", URL: "/api/kids", As: "owner",
			Body: leo, Headers: key("k1"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Consent("owner")
				e.Request("POST", "/api/kids", map[string]any{"name": "", "birth_month": "2020-01"}, "owner", key("k1")).Expect(t, 400)
			},
			ExpectedStatus: 201, ExpectedContent: []string{`"name":"Leo"`},
			ExpectedHeaders: map[string]string{"Idempotent-Replayed": ""}},
		{Name: "a key is the caller's own", Method: "POST", URL: "/api/kids", As: "other", Body: leo, Headers: key("k1"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Consent("owner")
				e.Consent("other")
				e.Request("POST", "/api/kids", leo, "owner", key("k1")).Expect(t, 201)
			},
			ExpectedStatus: 201, ExpectedContent: []string{`"name":"Leo"`},
			ExpectedHeaders: map[string]string{"Idempotent-Replayed": ""},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM kids WHERE user_id = ?`, e.User("other").ID); n != 1 {
					t.Errorf("the other user has %d children, want 1", n)
				}
			}},
		{Name: "a key too long is refused", Method: "POST", URL: "/api/kids", As: "owner", Body: leo,
			Headers:        key(strings.Repeat("k", 201)),
			ExpectedStatus: 400, ExpectedContent: []string{`"Idempotency-Key":"Invalid"`}},
		{Name: "a device is recorded once per key", Method: "POST", URL: "/api/devices", As: "owner",
			Body: map[string]any{"screen_resolution": "390x844"}, Headers: key("d1"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Request("POST", "/api/devices", map[string]any{"screen_resolution": "390x844"}, "owner", key("d1")).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"screen_resolution":"390x844"`},
			ExpectedHeaders: map[string]string{"Idempotent-Replayed": "true"}},
		{Name: "a contact message is sent once per key", Method: "POST", URL: "/functions/v1/send-contact-email",
			Body:    map[string]any{"name": "Maya", "email": "maya@example.com", "subject": "Hi", "message": "Hello"},
			Headers: key("c1"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Request("POST", "/functions/v1/send-contact-email",
					map[string]any{"name": "Maya", "email": "maya@example.com", "subject": "Hi", "message": "Hello"}, "", key("c1")).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedHeaders: map[string]string{"Idempotent-Replayed": "true"}, ExpectedContent: []string{`"success":true`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM contact_messages`); n != 1 {
					t.Errorf("%d messages stored, want 1", n)
				}
			}},
		{Name: "a newsletter sign-up runs once per key", Method: "POST", URL: "/api/newsletter",
			Body: map[string]any{"email": "kid@example.com"}, Headers: key("n1"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Request("POST", "/api/newsletter", map[string]any{"email": "kid@example.com"}, "", key("n1")).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"email":"kid@example.com"`},
			ExpectedHeaders: map[string]string{"Idempotent-Replayed": "true"}},
	})
}

// TestCleanupForgetsKeysAfterADay: a day later the key is gone, and with it
// the recorded response that holds the child's name.
func TestCleanupForgetsKeysAfterADay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Consent("owner")
		e.Request("POST", "/api/kids", leo, "owner", key("k1")).Expect(t, 201)
		ctx := context.Background()
		cleanup := func() (int64, error) { return idempotency.ForgetBefore(ctx, d, e.Clock.Now().Add(-idempotency.Keep)) }
		if n, err := cleanup(); err != nil || n != 0 {
			t.Fatalf("a fresh key cleaned up: %d (%v)", n, err)
		}
		e.Clock.Advance(idempotency.Keep + time.Minute)
		if n, err := cleanup(); err != nil || n != 1 {
			t.Fatalf("cleaned up %d keys (%v), want 1", n, err)
		}
	})
}
