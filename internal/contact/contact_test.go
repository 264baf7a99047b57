package contact_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/contact"
)

const url = "/functions/v1/send-contact-email"

// support is the test server's SUPPORT_EMAIL default.
const support = "hello@sisoandfriends.test"

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

func with(field, value string) string {
	m := valid()
	m[field] = value
	return jsonBody(m)
}

func without(field string) string {
	m := valid()
	delete(m, field)
	return jsonBody(m)
}

// nothingStored checks a refused message left no row and no e-mail.
func nothingStored(t *testing.T, e *apitest.Env, _ *apitest.Response) {
	if n := e.Count(`SELECT COUNT(*) FROM contact_messages`); n != 0 {
		t.Errorf("%d messages stored from bad input", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM mail_outbox`); n != 0 {
		t.Errorf("%d e-mails enqueued from bad input", n)
	}
}

func TestSend(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "stores the message and e-mails support", Method: "POST", URL: url, Body: jsonBody(valid()),
			ExpectedStatus: 200, ExpectedContent: []string{`{"success":true}`}, NotExpectedContent: []string{`"error"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				var name, email, subject, message string
				err := e.DB.QueryRowContext(context.Background(), "SELECT name, email, subject, message FROM contact_messages").Scan(&name, &email, &subject, &message)
				if err != nil {
					t.Fatal(err)
				}
				if name != "Maya Parent" || email != "maya@example.com" || subject != "Question about Our First Adventure" || !strings.Contains(message, "gift-wrapped") {
					t.Errorf("stored %q %q %q %q", name, email, subject, message)
				}
				if n := e.Count(`SELECT COUNT(*) FROM mail_outbox`); n != 1 {
					t.Fatalf("outbox has %d rows, want 1", n)
				}
				var mailSubject, html string
				err = e.DB.QueryRowContext(context.Background(), "SELECT subject, html_body FROM mail_outbox WHERE to_address = ?", support).Scan(&mailSubject, &html)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(mailSubject, "Question about Our First Adventure") {
					t.Errorf("mail subject %q", mailSubject)
				}
				text := e.LastMail(support)
				for _, want := range []string{"Reply to: maya@example.com", "From: Maya Parent <maya@example.com>", "gift-wrapped"} {
					if !strings.Contains(text, want) {
						t.Errorf("mail text lacks %q:\n%s", want, text)
					}
				}
				if !strings.Contains(html, "mailto:maya@example.com") {
					t.Errorf("mail HTML lacks reply link:\n%s", html)
				}
			}},
		{Name: "HTML in the message is escaped in the e-mail", Method: "POST", URL: url, Body: with("message", `<script>alert(1)</script>`),
			ExpectedStatus: 200, ExpectedContent: []string{`{"success":true}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				var html string
				if err := e.DB.QueryRowContext(context.Background(), "SELECT html_body FROM mail_outbox").Scan(&html); err != nil {
					t.Fatal(err)
				}
				if strings.Contains(html, "<script>") || !strings.Contains(html, "&lt;script&gt;") {
					t.Errorf("HTML part not escaped:\n%s", html)
				}
			}},
		{Name: "the longest valid message", Method: "POST", URL: url, ExpectedStatus: 200, ExpectedContent: []string{`{"success":true}`},
			Body: func() string {
				m := valid()
				m["message"] = strings.Repeat("🐯", contact.MaxMessage) // 4 bytes each: still under the body limit
				m["name"] = strings.Repeat("n", contact.MaxName)
				return jsonBody(m)
			}()},
		{Name: "over the rate limit", Method: "POST", URL: url, Body: jsonBody(valid()), Config: map[string]string{"RATE_LIMIT_PER_MINUTE": "2"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				for range 2 {
					e.Do("POST", url, jsonBody(valid()), "").Expect(t, 200)
				}
			},
			ExpectedStatus:  429,
			ExpectedContent: []string{`{"success":false,"error":"Too many messages. Please wait a minute and try again."}`},
			ExpectedHeaders: map[string]string{"Retry-After": "60"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM mail_outbox`); n != 2 {
					t.Errorf("%d e-mails enqueued, want 2", n)
				}
			}},
	})
}

func TestSendRejectsBadInput(t *testing.T) {
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
	var scenarios []apitest.Scenario
	for _, tc := range tests {
		want, _ := json.Marshal(struct {
			Success bool   `json:"success"`
			Error   string `json:"error"`
		}{false, tc.wantError})
		scenarios = append(scenarios, apitest.Scenario{Name: tc.name, Method: "POST", URL: url, Body: tc.body,
			ExpectedStatus: tc.wantStatus, ExpectedContent: []string{string(want)}, AfterTest: nothingStored})
	}
	apitest.Run(t, scenarios)
}
