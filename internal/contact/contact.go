// Package contact is the contact form's server function: it checks a
// visitor's message, keeps it in contact_messages and e-mails it to the
// support address, both in one transaction.
package contact

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	mailer "bookshop/internal/mail"
)

// Length limits, in characters. Generous for a real message, small enough
// that nobody fills the table or a mailbox with one request.
const (
	MaxName    = 100
	MaxEmail   = mailer.MaxAddressLength
	MaxSubject = 200
	MaxMessage = 5000
)

// Message is what the contact form sends.
type Message struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

// invalid is a problem with the visitor's input; its text is safe to show.
func invalid(format string, args ...any) error {
	return httpx.Errorf(httpx.CodeInvalid, format, args...)
}

// Normalize trims the fields and checks them, returning the first problem
// in form order (name, email, subject, message).
func (m Message) Normalize() (Message, error) {
	m.Name = strings.TrimSpace(m.Name)
	m.Email = strings.TrimSpace(m.Email)
	m.Subject = strings.TrimSpace(m.Subject)
	m.Message = strings.TrimSpace(m.Message)

	single := []struct {
		label, value string
		max          int
	}{
		{"Name", m.Name, MaxName},
		{"Email", m.Email, MaxEmail},
		{"Subject", m.Subject, MaxSubject},
	}
	for _, f := range single {
		if f.value == "" {
			return m, invalid("%s is required", f.label)
		}
		if utf8.RuneCountInString(f.value) > f.max {
			return m, invalid("%s must be at most %d characters", f.label, f.max)
		}
		// Name and subject end up in an e-mail subject and header-like
		// lines: a line break or control character has no business there.
		if strings.IndexFunc(f.value, unicode.IsControl) >= 0 || !utf8.ValidString(f.value) {
			return m, invalid("%s must be a single line of text", f.label)
		}
		if f.label == "Email" && !mailer.ValidEmail(f.value) {
			return m, invalid("Please enter a valid email address")
		}
	}
	if m.Message == "" {
		return m, invalid("Message is required")
	}
	if !utf8.ValidString(m.Message) {
		return m, invalid("Message must be text")
	}
	if utf8.RuneCountInString(m.Message) > MaxMessage {
		return m, invalid("Message must be at most %d characters", MaxMessage)
	}
	return m, nil
}

// Service stores messages and e-mails them to the support address.
type Service struct {
	db      *db.DB
	support string
	now     func() time.Time
}

// New sends every message to support (config SupportEmail); now may be nil
// (time.Now).
func New(d *db.DB, support string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, support: support, now: func() time.Time { return now().UTC() }}
}

// send checks m, stores it and enqueues the e-mail to support, all or
// nothing. An *httpx.Error means the input was wrong.
func (s *Service) send(ctx context.Context, m Message) error {
	m, err := m.Normalize()
	if err != nil {
		return err
	}
	if s.support == "" {
		return errors.New("contact: no support address configured")
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := insertMessage(ctx, tx, m, s.now()); err != nil {
			return err
		}
		e, err := mailer.ContactEmail(s.support, mailer.ContactMessage(m))
		if err != nil {
			return err
		}
		return mailer.Enqueue(ctx, tx, e)
	})
}

func insertMessage(ctx context.Context, q db.Querier, m Message, at time.Time) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO contact_messages (name, email, subject, message, created_at)
		VALUES (?, ?, ?, ?, ?)`, m.Name, m.Email, m.Subject, m.Message, at); err != nil {
		return fmt.Errorf("contact: store message: %w", err)
	}
	return nil
}

// Sent is a stored message, as the data export shows it.
type Sent struct {
	Message
	CreatedAt time.Time `json:"created_at"`
}

// MessagesFrom returns the messages sent from an address (compared without
// case), oldest first.
func MessagesFrom(ctx context.Context, q db.Querier, email string) ([]Sent, error) {
	rows, err := q.QueryContext(ctx, `SELECT name, email, subject, message, created_at FROM contact_messages
		WHERE LOWER(email) = ? ORDER BY created_at, id`, strings.ToLower(email))
	if err != nil {
		return nil, fmt.Errorf("contact: messages from an address: %w", err)
	}
	defer rows.Close()
	list := []Sent{}
	for rows.Next() {
		var m Sent
		if err := rows.Scan(&m.Name, &m.Email, &m.Subject, &m.Message.Message, &m.CreatedAt); err != nil {
			return nil, err
		}
		list = append(list, m)
	}
	return list, rows.Err()
}

// Erase deletes the messages sent from an address; account deletion calls
// it in its transaction. The e-mails to support that quote them go with the
// address's mail (mail.Forget).
func Erase(ctx context.Context, q db.Querier, email string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM contact_messages WHERE LOWER(email) = ?`, strings.ToLower(email)); err != nil {
		return fmt.Errorf("contact: erase: %w", err)
	}
	return nil
}

// ForgetBefore deletes the messages sent before cutoff (the retention
// schedule) and returns how many.
func ForgetBefore(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM contact_messages WHERE created_at < ?`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("contact: forget old messages: %w", err)
	}
	return res.RowsAffected()
}
