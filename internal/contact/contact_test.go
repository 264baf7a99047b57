package contact_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bookshop/internal/contact"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/ratelimit"
)

const support = "support@sisoandfriends.test"

func post(t *testing.T, h http.Handler, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/functions/v1/send-contact-email", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("answer is not JSON: %q", rec.Body)
	}
	return rec.Code, got
}

func count(t *testing.T, d *db.DB, table string) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func jsonBody(m map[string]string) string {
	b, _ := json.Marshal(m)
	return string(b)
}

func valid() map[string]string {
	return map[string]string{
		"name":    "  Maya Parent ",
		"email":   "maya@example.com",
		"subject": "Question about Our First Adventure",
		"message": "Hello!\nDoes the hardcover come gift-wrapped?\n\nThanks, Maya",
	}
}

func TestSendStoresMessageAndEnqueuesEmail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := contact.NewHandler(contact.NewService(d, support), nil)
		status, got := post(t, h, jsonBody(valid()))
		if status != http.StatusOK || got["success"] != true {
			t.Fatalf("status %d, answer %v", status, got)
		}
		if _, ok := got["error"]; ok {
			t.Errorf("success answer carries an error: %v", got)
		}

		var name, email, subject, message string
		err := d.QueryRowContext(context.Background(), "SELECT name, email, subject, message FROM contact_messages").Scan(&name, &email, &subject, &message)
		if err != nil {
			t.Fatal(err)
		}
		if name != "Maya Parent" || email != "maya@example.com" || subject != "Question about Our First Adventure" || !strings.Contains(message, "gift-wrapped") {
			t.Errorf("stored %q %q %q %q", name, email, subject, message)
		}

		if n := count(t, d, "mail_outbox"); n != 1 {
			t.Fatalf("outbox has %d rows, want 1", n)
		}
		var to, mailSubject, text, html string
		err = d.QueryRowContext(context.Background(), "SELECT to_address, subject, text_body, html_body FROM mail_outbox").Scan(&to, &mailSubject, &text, &html)
		if err != nil {
			t.Fatal(err)
		}
		if to != support {
			t.Errorf("mail to %q, want %q", to, support)
		}
		if !strings.Contains(mailSubject, "Question about Our First Adventure") {
			t.Errorf("mail subject %q", mailSubject)
		}
		for _, want := range []string{"Reply to: maya@example.com", "From: Maya Parent <maya@example.com>", "gift-wrapped"} {
			if !strings.Contains(text, want) {
				t.Errorf("mail text lacks %q:\n%s", want, text)
			}
		}
		if !strings.Contains(html, "mailto:maya@example.com") {
			t.Errorf("mail HTML lacks reply link:\n%s", html)
		}
	})
}

func TestSendEscapesHTMLInTheEmail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := contact.NewHandler(contact.NewService(d, support), nil)
		m := valid()
		m["message"] = `<script>alert(1)</script>`
		if status, got := post(t, h, jsonBody(m)); status != http.StatusOK {
			t.Fatalf("status %d, answer %v", status, got)
		}
		var html string
		if err := d.QueryRowContext(context.Background(), "SELECT html_body FROM mail_outbox").Scan(&html); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(html, "<script>") || !strings.Contains(html, "&lt;script&gt;") {
			t.Errorf("HTML part not escaped:\n%s", html)
		}
	})
}

func TestSendRejectsBadInput(t *testing.T) {
	with := func(field, value string) string {
		m := valid()
		m[field] = value
		return jsonBody(m)
	}
	without := func(field string) string {
		m := valid()
		delete(m, field)
		return jsonBody(m)
	}
	tests := []struct {
		name, body string
		wantStatus int
		wantError  string
	}{
		{"name missing", without("name"), 400, "Name is required"},
		{"name blank", with("name", "   "), 400, "Name is required"},
		{"email missing", without("email"), 400, "Email is required"},
		{"subject missing", without("subject"), 400, "Subject is required"},
		{"message missing", without("message"), 400, "Message is required"},
		{"message blank", with("message", "\n\t "), 400, "Message is required"},
		{"email without @", with("email", "maya.example.com"), 400, "Please enter a valid email address"},
		{"email without domain dot", with("email", "maya@example"), 400, "Please enter a valid email address"},
		{"email with display name", with("email", "Maya <maya@example.com>"), 400, "Please enter a valid email address"},
		{"email with two addresses", with("email", "a@example.com, b@example.com"), 400, "Please enter a valid email address"},
		{"name too long", with("name", strings.Repeat("n", contact.MaxName+1)), 400, "Name must be at most 100 characters"},
		{"subject too long", with("subject", strings.Repeat("s", contact.MaxSubject+1)), 400, "Subject must be at most 200 characters"},
		{"message too long", with("message", strings.Repeat("m", contact.MaxMessage+1)), 400, "Message must be at most 5000 characters"},
		{"subject with a line break", with("subject", "Hi\r\nBcc: everyone@example.com"), 400, "Subject must be a single line of text"},
		{"field of the wrong type", `{"name":1,"email":"maya@example.com","subject":"s","message":"m"}`, 400, "A field has the wrong type."},
		{"not JSON", `name=Maya`, 400, "The request body is not valid JSON."},
		{"empty body", ``, 400, "The request body is empty."},
		{"oversized body", with("message", strings.Repeat("x", 64<<10)), 413, "The message is too large."},
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := contact.NewHandler(contact.NewService(d, support), nil)
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				status, got := post(t, h, tc.body)
				if status != tc.wantStatus || got["success"] != false || got["error"] != tc.wantError {
					t.Errorf("status %d, answer %v; want %d with error %q", status, got, tc.wantStatus, tc.wantError)
				}
			})
		}
		if n := count(t, d, "contact_messages"); n != 0 {
			t.Errorf("%d messages stored from bad input", n)
		}
		if n := count(t, d, "mail_outbox"); n != 0 {
			t.Errorf("%d e-mails enqueued from bad input", n)
		}
	})
}

func TestSendAcceptsLongestValidMessage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := contact.NewHandler(contact.NewService(d, support), nil)
		m := valid()
		m["message"] = strings.Repeat("🐯", contact.MaxMessage) // 4 bytes each: still under the body limit
		m["name"] = strings.Repeat("n", contact.MaxName)
		if status, got := post(t, h, jsonBody(m)); status != http.StatusOK {
			t.Fatalf("status %d, answer %v", status, got)
		}
	})
}

func TestSendIsRateLimited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := contact.NewHandler(contact.NewService(d, support), ratelimit.New(d, 2, nil))
		for i := range 2 {
			if status, got := post(t, h, jsonBody(valid())); status != http.StatusOK {
				t.Fatalf("message %d: %d %v", i+1, status, got)
			}
		}
		status, got := post(t, h, jsonBody(valid()))
		if status != http.StatusTooManyRequests || got["success"] != false || got["error"] != "Too many messages. Please wait a minute and try again." {
			t.Fatalf("third message: %d %v", status, got)
		}
		if n := count(t, d, "mail_outbox"); n != 2 {
			t.Errorf("%d e-mails enqueued, want 2", n)
		}
	})
}
