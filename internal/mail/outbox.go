// Package mail is the shop's e-mail: the e-mail kit that renders every
// message from embedded templates in one branded layout (templates.go), an
// outbox table every message is written to first, and a sender that
// delivers it (SMTP, or the development mailbox) and retries until it is
// delivered.
package mail

import (
	"context"
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
}

// Enqueue writes m to the outbox through q, so it commits or rolls back with
// the caller's transaction. The sender delivers it afterwards.
func Enqueue(ctx context.Context, q db.Querier, m Message) error {
	if _, err := mail.ParseAddress(m.To); err != nil {
		return fmt.Errorf("mail: bad recipient %q: %w", m.To, err)
	}
	if strings.TrimSpace(m.Subject) == "" || strings.TrimSpace(m.Text) == "" {
		return errors.New("mail: a message needs a subject and a text part")
	}
	now := time.Now().UTC()
	_, err := q.ExecContext(ctx, `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, created_at, next_attempt_at)
		VALUES (?, ?, ?, ?, ?, ?)`, m.To, m.Subject, m.Text, m.HTML, now, now)
	if err != nil {
		return fmt.Errorf("mail: enqueue: %w", err)
	}
	return nil
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
