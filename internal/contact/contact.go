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

// NewService sends every message to support (config SupportEmail); now may
// be nil (time.Now).
func NewService(d *db.DB, support string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, support: support, now: now}
}

// Send checks m, stores it and enqueues the e-mail to support, all or
// nothing. An *httpx.Error means the input was wrong.
func (s *Service) Send(ctx context.Context, m Message) error {
	m, err := m.Normalize()
	if err != nil {
		return err
	}
	if s.support == "" {
		return errors.New("contact: no support address configured")
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO contact_messages (name, email, subject, message, created_at)
			VALUES (?, ?, ?, ?, ?)`, m.Name, m.Email, m.Subject, m.Message, s.now().UTC()); err != nil {
			return fmt.Errorf("contact: store message: %w", err)
		}
		e, err := mailer.ContactEmail(s.support, mailer.ContactMessage(m))
		if err != nil {
			return err
		}
		return mailer.Enqueue(ctx, tx, e)
	})
}
