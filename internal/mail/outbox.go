// Package mail is the shop's e-mail: the e-mail kit that renders every
// message from embedded templates in one branded layout (templates.go), an
// outbox table every message is written to first, and a sender that
// delivers it (SMTP, or the development mailbox) and retries until it is
// delivered.
package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"bookshop/internal/db"
)

// Message is one e-mail. Every message has a plain-text part; HTML is the
// richer alternative.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
	// From is the sender when not MAIL_FROM's (a campaign's
	// MAIL_FROM_MARKETING); "" for order and account mail.
	From string
	// Headers are extra header lines (List-Unsubscribe, List-Id), in order;
	// order and account mail carry none.
	Headers []Header
}

// Header is one extra header line of a message.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// check refuses a message the outbox must not hold.
func (m Message) check() error {
	if _, err := mail.ParseAddress(m.To); err != nil {
		return fmt.Errorf("mail: bad recipient %q: %w", m.To, err)
	}
	if m.From != "" {
		if _, err := mail.ParseAddress(m.From); err != nil {
			return fmt.Errorf("mail: bad sender %q: %w", m.From, err)
		}
	}
	if strings.TrimSpace(m.Subject) == "" || strings.TrimSpace(m.Text) == "" {
		return errors.New("mail: a message needs a subject and a text part")
	}
	for _, h := range m.Headers {
		if h.Name == "" || strings.ContainsAny(h.Name, ": \r\n") || strings.ContainsAny(h.Value, "\r\n") {
			return fmt.Errorf("mail: bad header %q", h.Name)
		}
	}
	return nil
}

// headersJSON is how the outbox keeps Headers ("" for none).
func (m Message) headersJSON() string {
	if len(m.Headers) == 0 {
		return ""
	}
	b, _ := json.Marshal(m.Headers)
	return string(b)
}

func parseHeaders(s string) []Header {
	if s == "" {
		return nil
	}
	var hs []Header
	_ = json.Unmarshal([]byte(s), &hs)
	return hs
}

// Enqueue writes m to the outbox through q, so it commits or rolls back with
// the caller's transaction. The sender delivers it afterwards.
func Enqueue(ctx context.Context, q db.Querier, m Message) error {
	if err := m.check(); err != nil {
		return err
	}
	now := time.Now().UTC()
	_, err := q.ExecContext(ctx, `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, from_address, headers_json, created_at, next_attempt_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, m.To, m.Subject, m.Text, m.HTML, m.From, m.headersJSON(), now, now)
	if err != nil {
		return fmt.Errorf("mail: enqueue: %w", err)
	}
	return nil
}

// EnqueueReturningID is Enqueue in tx, returning the message's id in the
// outbox (a campaign keeps it to count what was delivered).
func EnqueueReturningID(ctx context.Context, tx *db.Tx, m Message) (int64, error) {
	if err := m.check(); err != nil {
		return 0, err
	}
	now := time.Now().UTC()
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, from_address, headers_json, created_at, next_attempt_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, m.To, m.Subject, m.Text, m.HTML, m.From, m.headersJSON(), now, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("mail: enqueue: %w", err)
	}
	return id, nil
}

// Forget deletes the e-mails sent to any of addresses or written about them
// (the address in the text, as in a contact message to support), sent or
// not: erasing a person's account erases their mail too. Addresses compare
// without case.
func Forget(ctx context.Context, q db.Querier, addresses ...string) error {
	for _, a := range addresses {
		a = strings.ToLower(strings.TrimSpace(a))
		if a == "" {
			continue
		}
		if _, err := q.ExecContext(ctx, `DELETE FROM mail_outbox WHERE LOWER(to_address) = ? OR LOWER(text_body) LIKE ? ESCAPE '\'`,
			a, db.LikeContaining(a)); err != nil {
			return fmt.Errorf("mail: forget an address: %w", err)
		}
	}
	return nil
}
