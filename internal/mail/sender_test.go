package mail

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"mime/multipart"
	"net"
	"net/http/httptest"
	"net/mail"
	"strings"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/httpx"
	"bookshop/internal/mail/mailtest"
)

// testFrom is the sender address of the tests' e-mails.
const testFrom = "Siso & Friends <hello@shop.test>"

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestSMTPDeliveryRetriesUntilTheServerIsUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		addr := freeAddr(t) // nothing listens here yet: the server is down
		s, now := senderWithOneMail(t, d, addr, time.Minute)

		if n, err := s.DeliverPending(ctx); n != 0 || err != nil {
			t.Fatalf("delivered %d (err %v) with the server down", n, err)
		}
		var attempts int
		var lastErr string
		if err := d.QueryRowContext(ctx, `SELECT attempts, last_error FROM mail_outbox`).Scan(&attempts, &lastErr); err != nil || attempts != 1 || lastErr == "" {
			t.Fatalf("after a failed attempt: attempts %d, last_error %q, %v", attempts, lastErr, err)
		}

		srv := mailtest.StartSMTP(t, addr)
		if n, _ := s.DeliverPending(ctx); n != 0 {
			t.Fatal("retried before the backoff was over")
		}
		*now = now.Add(61 * time.Second)
		if n, err := s.DeliverPending(ctx); n != 1 || err != nil {
			t.Fatalf("delivered %d (err %v) once the server is up", n, err)
		}
		if n, _ := s.DeliverPending(ctx); n != 0 {
			t.Fatal("delivered twice")
		}
		got := srv.Received()
		if len(got) != 1 {
			t.Fatalf("server received %d messages", len(got))
		}
		checkMIME(t, got[0])
	})
}

// checkMIME parses a received message: headers, and a multipart/alternative
// body with a text part and an HTML part.
func checkMIME(t *testing.T, raw string) {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if msg.Header.Get("To") != "kid@example.com" || !strings.Contains(subject, "Siso & Friends") || !strings.Contains(msg.Header.Get("From"), "hello@shop.test") {
		t.Fatalf("headers: %v (subject %q)", msg.Header, subject)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("content type %q: %v", mt, err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	var types []string
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		types = append(types, strings.Split(p.Header.Get("Content-Type"), ";")[0])
	}
	if strings.Join(types, ",") != "text/plain,text/html" {
		t.Fatalf("parts %v", types)
	}
}

func TestDevelopmentMailbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		dev, err := NewSender(SenderSettings{From: testFrom, Dev: true}, d)
		if err != nil {
			t.Fatal(err)
		}
		for i, to := range []string{"first@example.com", "second@example.com"} {
			if err := Enqueue(ctx, d, accountEmail(t, MagicLink, to, fmt.Sprintf("http://shop.test/auth/v1/verify?token=t%d&type=magiclink", i), "111111")); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := dev.DeliverPending(ctx); n != 2 || err != nil {
			t.Fatalf("dev delivered %d, %v", n, err)
		}

		rec := httptest.NewRecorder()
		httpx.Handle(dev.DevMailboxJSON).ServeHTTP(rec, httptest.NewRequest("GET", "/api/dev/mail", nil))
		var msgs []map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &msgs); err != nil || rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		if len(msgs) != 2 || msgs[0]["to"] != "second@example.com" || msgs[0]["html"] == "" || msgs[0]["created_at"] == nil {
			t.Fatalf("mailbox JSON: %s", rec.Body)
		}

		rec = httptest.NewRecorder()
		httpx.Handle(dev.DevMailboxPage).ServeHTTP(rec, httptest.NewRequest("GET", "/dev/mail", nil))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `<a href="http://shop.test/auth/v1/verify?token=t0&amp;type=magiclink">`) {
			t.Fatalf("mailbox page: %d %s", rec.Code, rec.Body)
		}
		// The HTML part is shown as mail clients would, sandboxed.
		if !strings.Contains(rec.Body.String(), `<iframe sandbox srcdoc="&lt;!doctype html&gt;`) {
			t.Errorf("mailbox page does not preview the HTML part:\n%s", rec.Body)
		}

		prod, _ := NewSender(SenderSettings{From: testFrom}, d)
		for _, h := range []httpx.HandlerFunc{prod.DevMailboxJSON, prod.DevMailboxPage} {
			rec = httptest.NewRecorder()
			httpx.Handle(h).ServeHTTP(rec, httptest.NewRequest("GET", "/api/dev/mail", nil))
			if rec.Code != 404 {
				t.Fatalf("without dev mode: %d", rec.Code)
			}
		}
		// Without SMTP or dev mode nothing is marked delivered: it waits.
		if err := Enqueue(ctx, d, accountEmail(t, ResetPassword, "third@example.com", "http://shop.test/x", "222222")); err != nil {
			t.Fatal(err)
		}
		if n, _ := prod.DeliverPending(ctx); n != 0 {
			t.Fatal("delivered without SMTP")
		}
	})
}

func TestRunStopsWithItsContext(t *testing.T) {
	d := dbtest.SQLite(t)
	s, _ := NewSender(SenderSettings{From: testFrom, Dev: true}, d, WithPollInterval(10*time.Millisecond))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	time.Sleep(30 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Run did not stop")
	}
}

// After many failures the next attempt is still at most a minute away, so
// mail flows again soon after a long SMTP outage ends.
func TestRetryBackoffIsCappedAtAMinute(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, now := senderWithOneMail(t, d, freeAddr(t), 5*time.Second) // nothing listens: down
		for attempt := 1; attempt <= 8; attempt++ {
			if n, _ := s.DeliverPending(ctx); n != 0 {
				t.Fatal("delivered with the server down")
			}
			var next time.Time
			if err := d.QueryRowContext(ctx, `SELECT next_attempt_at FROM mail_outbox`).Scan(&next); err != nil {
				t.Fatal(err)
			}
			if wait := next.Sub(*now); wait > time.Minute {
				t.Fatalf("attempt %d: next try in %s, want at most a minute", attempt, wait)
			}
			*now = next.Add(time.Second)
		}
	})
}

// senderWithOneMail is a sender to the SMTP server at addr with backoff,
// one e-mail in its outbox, and a clock the test moves through *now.
func senderWithOneMail(t *testing.T, d *db.DB, addr string, backoff time.Duration) (*Sender, *time.Time) {
	t.Helper()
	s, err := NewSender(SenderSettings{SMTPURL: "smtp://" + addr, From: testFrom}, d, WithBackoff(backoff))
	if err != nil {
		t.Fatal(err)
	}
	if err := Enqueue(context.Background(), d, accountEmail(t, ConfirmSignup, "kid@example.com", "http://shop.test/auth/v1/verify?token=abc&type=signup", "123456")); err != nil {
		t.Fatal(err)
	}
	now := time.Now().Add(time.Second)
	s.now = func() time.Time { return now }
	return s, &now
}

// accountEmail renders an account e-mail for a test, failing it on a
// template error.
func accountEmail(t *testing.T, kind AccountEmailKind, to, link, code string) Message {
	t.Helper()
	m, err := AccountEmail(kind, to, link, code)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
