package mail

import (
	"context"
	"html/template"
	"net/http"
	"time"

	"bookshop/internal/httpx"
)

// devMessage is a message as the development mailbox shows it.
type devMessage struct {
	From      string    `json:"from"`
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	HTML      string    `json:"html"`
	CreatedAt time.Time `json:"created_at"`
	// Headers are the message's header lines as the SMTP sender writes
	// them (the date and message id aside), its extra ones included.
	Headers []Header `json:"headers"`
	Links   []string `json:"-"`
}

func (s *Sender) recentMessages(ctx context.Context) ([]devMessage, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT to_address, subject, text_body, html_body, created_at, from_address, headers_json
		FROM mail_outbox ORDER BY id DESC LIMIT 200`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []devMessage{}
	for rows.Next() {
		var m devMessage
		var headers string
		if err := rows.Scan(&m.To, &m.Subject, &m.Text, &m.HTML, &m.CreatedAt, &m.From, &headers); err != nil {
			return nil, err
		}
		if m.From == "" {
			m.From = s.from
		}
		m.From = encodeFrom(m.From)
		m.Headers = append([]Header{{"From", m.From}, {"To", m.To}, {"Subject", m.Subject}}, parseHeaders(headers)...)
		m.CreatedAt = m.CreatedAt.UTC()
		m.Links = Links(m.Text)
		out = append(out, m)
	}
	return out, rows.Err()
}

// DevMailboxJSON serves GET /api/dev/mail: every message, newest first.
// Development mode only.
func (s *Sender) DevMailboxJSON(w http.ResponseWriter, r *http.Request) error {
	if !s.dev {
		return httpx.Errorf(httpx.CodeNotFound, "No API endpoint at %s.", r.URL.Path)
	}
	msgs, err := s.recentMessages(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, msgs)
}

// DevMailboxPage serves GET /dev/mail: the same messages as a page with
// clickable links. Development mode only.
func (s *Sender) DevMailboxPage(w http.ResponseWriter, r *http.Request) error {
	if !s.dev {
		return httpx.Errorf(httpx.CodeNotFound, "No page at %s.", r.URL.Path)
	}
	msgs, err := s.recentMessages(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	return devPage.Execute(w, msgs)
}

var devPage = template.Must(template.New("dev").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#3b2f2f;background:#fff8ec}
article{background:#fff;border:1px solid #f0d9a8;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.1rem;margin:.2rem 0} .meta{color:#7a6a5a;font-size:.9rem} pre{white-space:pre-wrap;font-size:.9rem}
a{color:#c0601f;word-break:break-all} summary{cursor:pointer}
</style></head><body>
<h1>Development mailbox</h1>
<p class="meta">Every e-mail the shop has sent, newest first. This page exists only in development mode.</p>
{{range .}}<article>
<h2>{{.Subject}}</h2>
<p class="meta">To {{.To}} · {{.CreatedAt.Format "2006-01-02 15:04:05 MST"}}</p>
<details class="headers"><summary>Headers</summary><pre>{{range .Headers}}{{.Name}}: {{.Value}}
{{end}}</pre></details>
{{range .Links}}<p><a href="{{.}}">{{.}}</a></p>{{end}}
<details><summary>Text</summary><pre>{{.Text}}</pre></details>
{{if .HTML}}<details><summary>HTML</summary><iframe sandbox srcdoc="{{.HTML}}" title="{{.Subject}}" style="width:100%;height:640px;border:0;margin-top:.5rem"></iframe></details>{{end}}
</article>{{else}}<p>No e-mails yet.</p>{{end}}
</body></html>
`))
