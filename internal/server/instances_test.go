package server_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/mail/mailtest"
	"bookshop/internal/paypal/paypaltest"
	"bookshop/internal/server"
)

// instance is one bookshop server, as `bookshop serve` runs it: the real
// constructor, a real listener and the background jobs.
type instance struct{ base string }

func startInstance(t *testing.T, databaseURL string, vars map[string]string, opts ...server.Option) instance {
	t.Helper()
	d := dbtest.Open(t, databaseURL)
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := vars[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	opts = append([]server.Option{server.WithCheapPasswordHashing(), server.WithWebApp(apitest.TestApp)}, opts...)
	srv, err := server.New(cfg, d, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return instance{base: serve(t, srv)}
}

// serve runs srv as `bookshop serve` does, background jobs included, until
// the test ends, and returns its base URL.
func serve(t *testing.T, srv *server.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// call sends a JSON request and decodes the JSON response.
func (in instance) call(t *testing.T, method, path string, body any, bearer string) (int, map[string]any) {
	t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	req, err := http.NewRequest(method, in.base+path, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", rand.Text()) // every payment call needs one
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out := map[string]any{}
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !ok(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
	}
}

var verifyLink = regexp.MustCompile(regexp.QuoteMeta(apitest.SiteURL) + `(/auth/v1/verify\?\S+)`)

// Two instances of the shop on one PostgreSQL database behave as one shop:
// each e-mail goes out once, rate limits are shared, a session made on one
// refreshes on the other, and a capture lock held by one is respected by
// the other.
func TestTwoInstancesOnOneDatabase(t *testing.T) {
	databaseURL := dbtest.PostgresURL(t) // skips without TEST_DATABASE_URL
	smtp := mailtest.StartSMTP(t, "127.0.0.1:0")
	pp, ppBase := paypaltest.Start(t)
	vars := map[string]string{"DATABASE_URL": databaseURL, "SITE_URL": apitest.SiteURL, "RATE_LIMIT_PER_MINUTE": "8", "SMTP_URL": smtp.URL(),
		"PAYPAL_CLIENT_ID": paypaltest.ClientID, "PAYPAL_CLIENT_SECRET": paypaltest.ClientSecret, "PAYPAL_API_BASE": ppBase,
		"ORDER_RECONCILE_INTERVAL_SECONDS": "1", "CLEANUP_INTERVAL_SECONDS": "1"}
	a, b := startInstance(t, databaseURL, vars), startInstance(t, databaseURL, vars)
	both := []instance{a, b}
	d := dbtest.Open(t, databaseURL)

	// Sign-ups on either instance, confirmed on the other.
	const users = 4
	emails := make([]string, users)
	for i := range users {
		emails[i] = fmt.Sprintf("twin%d@example.com", i)
		if status, out := both[i%2].call(t, "POST", "/auth/v1/signup", map[string]any{"email": emails[i], "password": apitest.Password}, ""); status != 200 {
			t.Fatalf("sign-up: %d %v", status, out)
		}
		link := verifyLink.FindStringSubmatch(lastMail(t, d, emails[i]))
		if link == nil {
			t.Fatalf("no confirmation link to %s", emails[i])
		}
		if status, _ := both[(i+1)%2].call(t, "GET", link[1], nil, ""); status != http.StatusSeeOther {
			t.Fatalf("confirming on the other instance: %d", status)
		}
	}

	t.Run("each e-mail is delivered once", func(t *testing.T) {
		waitFor(t, "the outbox is delivered", func() bool { return count(t, d, `SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL`) == 0 })
		got := smtp.Received()
		if queued := count(t, d, `SELECT COUNT(*) FROM mail_outbox`); len(got) != queued || queued != users {
			t.Fatalf("%d messages delivered for %d queued, want %d", len(got), queued, users)
		}
		for _, e := range emails {
			n := 0
			for _, m := range got {
				if strings.Contains(m, "To: "+e) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s got %d e-mails", e, n)
			}
		}
	})

	t.Run("rate limits are shared", func(t *testing.T) {
		// The limit is 8 a minute per client; a minute boundary in the middle
		// starts a new count, so the round is tried again in that case.
		for round := 0; ; round++ {
			minute := time.Now().Truncate(time.Minute)
			for i := range 8 {
				both[i%2].call(t, "POST", "/auth/v1/recover", map[string]any{"email": fmt.Sprintf("nobody%d-%d@example.com", round, i)}, "")
			}
			statusA, _ := a.call(t, "POST", "/auth/v1/recover", map[string]any{"email": "nobody-a@example.com"}, "")
			statusB, _ := b.call(t, "POST", "/auth/v1/recover", map[string]any{"email": "nobody-b@example.com"}, "")
			if statusA == 429 && statusB == 429 {
				return
			}
			if round > 0 || time.Now().Truncate(time.Minute).Equal(minute) {
				t.Fatalf("after 8 requests split over both instances: %d on A, %d on B, want 429 on both", statusA, statusB)
			}
		}
	})

	t.Run("a session made on one refreshes on the other", func(t *testing.T) {
		status, session := a.call(t, "POST", "/auth/v1/token?grant_type=password", map[string]any{"email": emails[0], "password": apitest.Password}, "")
		if status != 200 {
			t.Fatalf("sign-in on A: %d %v", status, session)
		}
		if status, _ := b.call(t, "GET", "/auth/v1/user", nil, session["access_token"].(string)); status != 200 {
			t.Fatalf("A's access token on B: %d", status)
		}
		status, refreshed := b.call(t, "POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": session["refresh_token"]}, "")
		if status != 200 || refreshed["access_token"] == "" {
			t.Fatalf("refresh on B: %d %v", status, refreshed)
		}
		if status, _ := a.call(t, "GET", "/auth/v1/user", nil, refreshed["access_token"].(string)); status != 200 {
			t.Fatalf("B's refreshed token on A: %d", status)
		}
	})

	t.Run("a capture lock held by one is respected by the other", func(t *testing.T) {
		_, session := a.call(t, "POST", "/auth/v1/token?grant_type=password", map[string]any{"email": emails[1], "password": apitest.Password}, "")
		token := session["access_token"].(string)
		cart := []map[string]any{{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99}}
		status, created := a.call(t, "POST", "/functions/v1/process-payment", map[string]any{"action": "create_order", "items": cart, "amount": 21.99}, token)
		if status != 200 {
			t.Fatalf("create_order: %d %v", status, created)
		}
		id := created["id"].(string)
		capture := map[string]any{"action": "capture_order", "orderID": id, "items": cart, "amount": 21.99,
			"shippingInfo": map[string]any{"fullName": "Twin Reader", "email": emails[1], "address": "12 Story Lane", "city": "Springfield",
				"state": "IL", "zipCode": "62701", "country": "United States"}}
		arrived, release := pp.HoldCaptures()
		defer release()
		numbers := make(chan string, 2)
		var wg sync.WaitGroup
		captureOn := func(in instance) {
			wg.Go(func() {
				status, out := in.call(t, "POST", "/functions/v1/process-payment", capture, token)
				if status != 200 {
					t.Errorf("capture: %d %v", status, out)
				}
				number, _ := out["orderNumber"].(string)
				numbers <- number
			})
		}
		captureOn(a)
		<-arrived // A holds the lock and is at PayPal
		captureOn(b)
		select {
		case <-arrived:
			t.Error("B went to PayPal while A held the capture lock")
		case <-time.After(time.Second):
		}
		release()
		wg.Wait()
		close(numbers)
		first, second := <-numbers, <-numbers
		if first == "" || first != second {
			t.Errorf("order numbers %q and %q, want one order", first, second)
		}
		if pp.CaptureCalls(id) != 1 || pp.Captures(id) != 1 {
			t.Errorf("%d capture calls, %d captures at PayPal, want 1", pp.CaptureCalls(id), pp.Captures(id))
		}
		if n := count(t, d, `SELECT COUNT(*) FROM mail_outbox WHERE to_address = ? AND subject LIKE ?`, emails[1], "%"+first); n != 1 {
			t.Errorf("%d confirmation e-mails, want 1", n)
		}
	})
}

func lastMail(t *testing.T, d *db.DB, addr string) string {
	t.Helper()
	var text string
	if err := d.QueryRowContext(context.Background(), `SELECT text_body FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1`, addr).Scan(&text); err != nil {
		t.Fatal(err)
	}
	return text
}

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
