package newsletter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

const campaigns = "/api/admin/campaigns"

var draft = map[string]any{"subject": "A new adventure!", "preview": "Siso has a new friend", "markdown": "# Hello\n\nMeet our new book:\n\n{{book 3}}\n\nHappy reading!"}

// newDraft writes the draft as the named staff member and returns its id.
func newDraft(t *testing.T, e *apitest.Env, as string) string {
	t.Helper()
	var c struct{ ID int64 }
	e.Do("POST", campaigns, draft, as).Expect(t, 201).Decode(t, &c)
	return fmt.Sprint(c.ID)
}

func TestCampaignAPI(t *testing.T) {
	editor := func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) }
	withDraft := func(t *testing.T, e *apitest.Env) {
		e.Staff("ed", auth.RoleEditor)
		e.Staff("boss", auth.RoleManager)
		e.Vars["id"] = newDraft(t, e, "ed")
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "an editor writes a draft", Method: "POST", URL: campaigns, As: "ed", Body: draft, BeforeTest: editor,
			ExpectedStatus: 201, ExpectedContent: []string{`"status":"draft"`, `"version":1`, `"subject":"A new adventure!"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'campaign.create'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
			}},
		{Name: "a subject is required and a card needs a book of the shop", Method: "POST", URL: campaigns, As: "ed", BeforeTest: editor,
			Body:           map[string]any{"subject": " ", "markdown": "{{book 9999}}"},
			ExpectedStatus: 400, ExpectedContent: []string{`"subject":"A subject is required"`, `"markdown":"Book 9999 is not in the shop`}},
		{Name: "an unknown field is named", Method: "POST", URL: campaigns, As: "ed", BeforeTest: editor,
			Body: map[string]any{"subject": "x", "body": "y"}, ExpectedStatus: 400, ExpectedContent: []string{`"body":"Unknown field"`}},
		{Name: "a customer may not", Method: "POST", URL: campaigns, As: "owner", Body: draft,
			ExpectedStatus: 403, ExpectedContent: []string{"Access Denied"}},
		{Name: "a change over an old version is a 409", Method: "PATCH", URL: campaigns + "/{id}", As: "ed", BeforeTest: func(t *testing.T, e *apitest.Env) {
			withDraft(t, e)
			e.Do("PATCH", campaigns+"/"+e.Vars["id"], map[string]any{"version": 1, "subject": "Changed"}, "ed").Expect(t, 200)
		}, Body: map[string]any{"version": 1, "subject": "Mine"}, ExpectedStatus: 409, ExpectedContent: []string{"Someone changed this campaign"}},
		{Name: "a change needs its version", Method: "PATCH", URL: campaigns + "/{id}", As: "ed", BeforeTest: withDraft,
			Body: map[string]any{"subject": "Mine"}, ExpectedStatus: 400, ExpectedContent: []string{`"version":"Send the version you changed"`}},
		{Name: "an unknown campaign", Method: "GET", URL: campaigns + "/abc", As: "ed", BeforeTest: editor,
			ExpectedStatus: 404, ExpectedContent: []string{"Campaign not found."}},
		{Name: "an editor may not send", Method: "POST", URL: campaigns + "/{id}/send", As: "ed", BeforeTest: withDraft,
			Body: map[string]any{"version": 1}, ExpectedStatus: 403, ExpectedContent: []string{"Your role does not allow this."}},
		{Name: "a bad time names at", Method: "POST", URL: campaigns + "/{id}/send", As: "boss", BeforeTest: withDraft,
			Body: map[string]any{"version": 1, "at": "tomorrow"}, ExpectedStatus: 400, ExpectedContent: []string{`"at":"A date and time such as 2026-12-24T09:00:00Z"`}},
		{Name: "a manager sends at a time: scheduled until then", Method: "POST", URL: campaigns + "/{id}/send", As: "boss", BeforeTest: func(t *testing.T, e *apitest.Env) {
			withDraft(t, e)
			subscribe(t, e, "a@example.com")
		}, Body: map[string]any{"version": 1, "at": "2026-06-01T12:30:00Z"},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"scheduled"`, `"sendAt":"2026-06-01T12:30:00Z"`, `"recipients":0`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				ctx := context.Background()
				if n, _ := e.Server.Newsletter().DispatchPass(ctx); n != 0 {
					t.Errorf("%d sent before the time", n)
				}
				e.Clock.Advance(31 * time.Minute)
				if n, err := e.Server.Newsletter().DispatchPass(ctx); n != 1 || err != nil {
					t.Errorf("at the time: %d sent, %v", n, err)
				}
				again := e.Do("POST", campaigns+"/"+e.Vars["id"]+"/send", map[string]any{"version": 2}, "boss").Expect(t, 409)
				if !strings.Contains(again.Body, "already") {
					t.Errorf("a second send: %s", again.Body)
				}
			}},
		{Name: "the preview is the e-mail with the book's card", Method: "POST", URL: campaigns + "/preview", As: "ed", BeforeTest: editor, Body: draft,
			ExpectedStatus: 200, ExpectedContent: []string{`Our First Adventure`, `http://shop.test/books/our-first-adventure`, `"from":"\"Siso \u0026 Friends News\" \u003chello@sisoandfriends.test\u003e"`, `Unsubscribe`}},
		{Name: "send me a test: to myself, with the campaign's headers", Method: "POST", URL: campaigns + "/{id}/test", As: "ed", BeforeTest: withDraft,
			ExpectedStatus: 200, ExpectedContent: []string{`"sentTo":"ed@example.com"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				var subject, headers string
				_ = e.DB.QueryRowContext(context.Background(), `SELECT subject, headers_json FROM mail_outbox WHERE to_address = 'ed@example.com' ORDER BY id DESC LIMIT 1`).Scan(&subject, &headers)
				if subject != "[Test] A new adventure!" || !strings.Contains(headers, "List-Unsubscribe-Post") {
					t.Errorf("test: %q %s", subject, headers)
				}
			}},
	})
}

// header returns the value of the named header of an outbox row's headers.
func header(t *testing.T, raw, name string) string {
	t.Helper()
	var hs []struct{ Name, Value string }
	if raw == "" {
		return ""
	}
	if err := json.Unmarshal([]byte(raw), &hs); err != nil {
		t.Fatal(err)
	}
	for _, h := range hs {
		if h.Name == name {
			return h.Value
		}
	}
	return ""
}

type outboxRow struct{ To, From, Headers, Text, HTML string }

func campaignMail(t *testing.T, d *db.DB) []outboxRow {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), `SELECT to_address, from_address, headers_json, text_body, html_body FROM mail_outbox
		WHERE subject = 'A new adventure!' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []outboxRow
	for rows.Next() {
		var r outboxRow
		if err := rows.Scan(&r.To, &r.From, &r.Headers, &r.Text, &r.HTML); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// sendingEnv is a shop with subscribers, a manager and a campaign started.
func sendingEnv(t *testing.T, d *db.DB, cfg map[string]string, subscribers int) *apitest.Env {
	t.Helper()
	e := apitest.NewEnv(t, d, cfg)
	e.Staff("boss", auth.RoleManager)
	for i := range subscribers {
		subscribe(t, e, fmt.Sprintf("reader%d@example.com", i))
	}
	id := newDraft(t, e, "boss")
	e.Vars["id"] = id
	e.Do("POST", campaigns+"/"+id+"/send", map[string]any{"version": 1}, "boss").Expect(t, 200)
	return e
}

func TestCampaignSending(t *testing.T) {
	ctx := context.Background()
	t.Run("only confirmed, not suppressed subscribers, once each, with RFC 8058 headers", func(t *testing.T) {
		dbtest.Each(t, func(t *testing.T, d *db.DB) {
			e := apitest.NewEnv(t, d, map[string]string{"MAIL_EVENTS_SECRET": secret})
			e.Staff("boss", auth.RoleManager)
			for _, a := range []string{"a@example.com", "b@example.com", "c@example.com", "bounced@example.com"} {
				subscribe(t, e, a)
			}
			e.Do("POST", url, map[string]any{"email": "pending@example.com"}, "").Expect(t, 200)
			e.Request("POST", "/api/mail/events", map[string]any{"type": "bounce", "email": "bounced@example.com", "permanent": true}, "",
				map[string]string{"Authorization": "Bearer " + secret}).Expect(t, 200)
			id := newDraft(t, e, "boss")
			sent := e.Do("POST", campaigns+"/"+id+"/send", map[string]any{"version": 1}, "boss").Expect(t, 200)
			if !strings.Contains(sent.Body, `"status":"sending"`) || !strings.Contains(sent.Body, `"recipients":3`) {
				t.Fatalf("send: %s", sent.Body)
			}
			n, err := e.Server.Newsletter().DispatchPass(ctx)
			if n != 3 || err != nil {
				t.Fatalf("first pass wrote %d, %v", n, err)
			}
			if n, _ := e.Server.Newsletter().DispatchPass(ctx); n != 0 {
				t.Errorf("a second pass wrote %d", n)
			}
			mails := campaignMail(t, d)
			if len(mails) != 3 {
				t.Fatalf("%d campaign e-mails, want 3", len(mails))
			}
			for i, m := range mails {
				if want := []string{"a@example.com", "b@example.com", "c@example.com"}[i]; m.To != want {
					t.Errorf("mail %d to %s, want %s", i, m.To, want)
				}
				lu := header(t, m.Headers, "List-Unsubscribe")
				if !strings.HasPrefix(lu, "<http://shop.test/newsletter/unsubscribe?token=") || !strings.HasSuffix(lu, ">, <mailto:hello@sisoandfriends.test?subject=unsubscribe>") {
					t.Errorf("List-Unsubscribe %q", lu)
				}
				if v := header(t, m.Headers, "List-Unsubscribe-Post"); v != "List-Unsubscribe=One-Click" {
					t.Errorf("List-Unsubscribe-Post %q", v)
				}
				if v := header(t, m.Headers, "List-Id"); v != "Siso & Friends News <news.shop.test>" {
					t.Errorf("List-Id %q", v)
				}
				if m.From != `"Siso & Friends News" <hello@sisoandfriends.test>` {
					t.Errorf("From %q", m.From)
				}
				url := strings.TrimSuffix(strings.TrimPrefix(strings.SplitN(lu, ">", 2)[0], "<"), "")
				if !strings.Contains(m.Text, url) || !strings.Contains(m.HTML, strings.ReplaceAll(url, "&", "&amp;")) {
					t.Errorf("the visible unsubscribe link is missing from mail %d", i)
				}
				if strings.Contains(m.HTML, "<img") && !strings.Contains(m.HTML, "/covers/") {
					t.Errorf("an image that is not a cover (a tracking pixel?) in %s", m.HTML)
				}
			}
			// One subscriber unsubscribes with one click: no session, no page.
			tok := strings.TrimPrefix(strings.SplitN(header(t, mails[1].Headers, "List-Unsubscribe"), ">", 2)[0], "<http://shop.test/newsletter/unsubscribe?token=")
			oneClick(t, e, tok).Expect(t, 200)
			st := e.Do("GET", campaigns+"/"+id, nil, "boss").Expect(t, 200)
			for _, want := range []string{`"status":"sent"`, `"recipients":3`, `"unsubscribed":1`, `"queued":0`, `"failed":0`} {
				if !strings.Contains(st.Body, want) {
					t.Errorf("campaign lacks %s: %s", want, st.Body)
				}
			}
			// Order mail carries none of the marketing headers nor its sender.
			e.DemoOrder("boss", "buyer@example.com", "order-1")
			var from, headers string
			if err := d.QueryRowContext(ctx, `SELECT from_address, headers_json FROM mail_outbox WHERE to_address = 'buyer@example.com'`).Scan(&from, &headers); err != nil {
				t.Fatal(err)
			}
			if from != "" || headers != "" {
				t.Errorf("order mail has sender %q and headers %q", from, headers)
			}
		})
	})

	t.Run("the rate holds, across passes and minutes", func(t *testing.T) {
		dbtest.Each(t, func(t *testing.T, d *db.DB) {
			e := sendingEnv(t, d, map[string]string{"CAMPAIGN_RATE_PER_MINUTE": "2"}, 5)
			for i, want := range []int{2, 0, -1, 2, -1, 1, 0} {
				if want < 0 {
					e.Clock.Advance(61 * time.Second)
					continue
				}
				if n, err := e.Server.Newsletter().DispatchPass(ctx); n != want || err != nil {
					t.Fatalf("pass %d wrote %d (%v), want %d", i, n, err, want)
				}
			}
			if n := len(campaignMail(t, d)); n != 5 {
				t.Errorf("%d e-mails, want 5", n)
			}
		})
	})

	t.Run("a process killed mid-pass: nothing half written, the next instance resumes", func(t *testing.T) {
		dbtest.Each(t, func(t *testing.T, d *db.DB) {
			e := sendingEnv(t, d, map[string]string{"CAMPAIGN_RATE_PER_MINUTE": "100"}, 4)
			// The database refuses the third campaign e-mail, as a process
			// killed while writing it would leave its transaction unfinished.
			crash(t, d, 2)
			if _, err := e.Server.Newsletter().DispatchPass(ctx); err == nil {
				t.Fatal("the pass did not fail")
			}
			if n := len(campaignMail(t, d)); n != 0 {
				t.Fatalf("%d e-mails written by the failed pass", n)
			}
			if n := e.Count(`SELECT COUNT(*) FROM newsletter_sends WHERE status <> 'queued'`); n != 0 {
				t.Fatalf("%d sends marked by the failed pass", n)
			}
			heal(t, d)
			// A new instance on the same database carries on.
			other := apitest.NewEnv(t, d, map[string]string{"CAMPAIGN_RATE_PER_MINUTE": "100"})
			if n, err := other.Server.Newsletter().DispatchPass(ctx); n != 4 || err != nil {
				t.Fatalf("the next instance wrote %d, %v", n, err)
			}
			if n := len(campaignMail(t, d)); n != 4 {
				t.Errorf("%d e-mails, want 4", n)
			}
		})
	})

	t.Run("two instances at once send each address once", func(t *testing.T) {
		dbtest.Each(t, func(t *testing.T, d *db.DB) {
			e := sendingEnv(t, d, map[string]string{"CAMPAIGN_RATE_PER_MINUTE": "7"}, 12)
			other := apitest.NewEnv(t, d, map[string]string{"CAMPAIGN_RATE_PER_MINUTE": "7"})
			for round := 0; round < 3; round++ {
				var wg sync.WaitGroup
				for _, env := range []*apitest.Env{e, other, e, other} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if _, err := env.Server.Newsletter().DispatchPass(ctx); err != nil {
							t.Error(err)
						}
					}()
				}
				wg.Wait()
				if n := len(campaignMail(t, d)); n != min(12, 7*(round+1)) {
					t.Errorf("round %d: %d e-mails, want %d", round, n, min(12, 7*(round+1)))
				}
				e.Clock.Advance(61 * time.Second)
				other.Clock.Advance(61 * time.Second)
			}
			if n := e.Count(`SELECT COUNT(DISTINCT to_address) FROM mail_outbox WHERE subject = 'A new adventure!'`); n != 12 {
				t.Errorf("%d addresses, want 12", n)
			}
		})
	})

	t.Run("a subscriber who leaves before their turn is skipped", func(t *testing.T) {
		dbtest.Each(t, func(t *testing.T, d *db.DB) {
			e := sendingEnv(t, d, nil, 2)
			unsubscribeAll(t, e)
			if n, _ := e.Server.Newsletter().DispatchPass(ctx); n != 0 {
				t.Errorf("wrote %d to unsubscribed addresses", n)
			}
			st := e.Do("GET", campaigns+"/"+e.Vars["id"], nil, "boss").Expect(t, 200)
			if !strings.Contains(st.Body, `"skipped":2`) || !strings.Contains(st.Body, `"status":"sent"`) {
				t.Errorf("campaign: %s", st.Body)
			}
		})
	})
}

// crash makes the database refuse campaign e-mails after the first n.
func crash(t *testing.T, d *db.DB, n int) {
	t.Helper()
	ctx := context.Background()
	stmts := []string{fmt.Sprintf(`CREATE TRIGGER crash BEFORE INSERT ON mail_outbox
		WHEN NEW.from_address <> '' AND (SELECT COUNT(*) FROM mail_outbox WHERE from_address <> '') >= %d
		BEGIN SELECT RAISE(ABORT, 'killed'); END`, n)}
	if d.Dialect == db.Postgres {
		stmts = []string{fmt.Sprintf(`CREATE FUNCTION crash() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
			IF NEW.from_address <> '' AND (SELECT COUNT(*) FROM mail_outbox WHERE from_address <> '') >= %d THEN RAISE EXCEPTION 'killed'; END IF;
			RETURN NEW; END $$`, n),
			`CREATE TRIGGER crash BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION crash()`}
	}
	for _, s := range stmts {
		if _, err := d.ExecContext(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
}

func heal(t *testing.T, d *db.DB) {
	t.Helper()
	stmt := `DROP TRIGGER crash`
	if d.Dialect == db.Postgres {
		stmt = `DROP TRIGGER crash ON mail_outbox`
	}
	if _, err := d.ExecContext(context.Background(), stmt); err != nil {
		t.Fatal(err)
	}
}
