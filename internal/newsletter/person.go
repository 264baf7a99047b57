package newsletter

import (
	"context"
	"fmt"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/linktoken"
	"bookshop/internal/mail"
)

// Subscription is a subscriber's row in the parent's data export: the
// consent with its time and source.
type Subscription struct {
	Email      string     `json:"email"`
	Status     string     `json:"status"` // pending, subscribed, unsubscribed or suppressed
	Subscribed bool       `json:"subscribed"`
	Source     string     `json:"source"`               // where they signed up: footer, profile, checkout
	ConsentAt  *time.Time `json:"consent_at,omitempty"` // when they confirmed
	Since      *time.Time `json:"since,omitempty"`      // when the status began
	CreatedAt  *time.Time `json:"created_at,omitempty"`
}

// SubscriptionsOf returns the subscriptions of a person: those made while
// signed in as userID, and the one of their address.
func SubscriptionsOf(ctx context.Context, q db.Querier, userID, email string) ([]Subscription, error) {
	rows, err := q.QueryContext(ctx, `SELECT email, status, suppressed_at, source, consent_at, status_at, created_at FROM newsletter
		WHERE user_id = ? OR email = ? ORDER BY created_at, id`, userID, strings.ToLower(email))
	if err != nil {
		return nil, fmt.Errorf("newsletter: subscriptions of a user: %w", err)
	}
	defer rows.Close()
	subs := []Subscription{}
	for rows.Next() {
		var sub Subscription
		var suppressed *time.Time
		var at time.Time
		if err := rows.Scan(&sub.Email, &sub.Status, &suppressed, &sub.Source, &sub.ConsentAt, &sub.Since, &at); err != nil {
			return nil, err
		}
		sub.Subscribed = sub.Status == StatusSubscribed && suppressed == nil
		if suppressed != nil {
			sub.Status = StatusSuppressed
		}
		sub.CreatedAt = &at
		subs = append(subs, sub)
	}
	return subs, rows.Err()
}

// Erase deletes the subscriptions of a person (as SubscriptionsOf finds
// them) and the campaign sends to their address; account deletion calls it
// in its transaction.
func Erase(ctx context.Context, q db.Querier, userID, email string) error {
	email = strings.ToLower(email)
	// The e-mails to the other addresses they signed up while signed in
	// (their confirmations, campaigns) go too; the account's own address
	// is forgotten by the account's deletion.
	rows, err := q.QueryContext(ctx, `SELECT email FROM newsletter WHERE user_id = ? AND email <> ?`, userID, email)
	if err != nil {
		return fmt.Errorf("newsletter: erase: %w", err)
	}
	var others []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			rows.Close()
			return err
		}
		others = append(others, a)
	}
	rows.Close()
	if err := mail.Forget(ctx, q, others...); err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `DELETE FROM newsletter_sends WHERE email = ? OR email IN (SELECT email FROM newsletter WHERE user_id = ?)`, email, userID); err != nil {
		return fmt.Errorf("newsletter: erase sends: %w", err)
	}
	if _, err := q.ExecContext(ctx, `DELETE FROM newsletter WHERE user_id = ? OR email = ?`, userID, email); err != nil {
		return fmt.Errorf("newsletter: erase: %w", err)
	}
	return nil
}

// Preference is a signed-in parent's Communications switch: on when their
// address is subscribed (and not suppressed).
type Preference struct {
	Subscribed bool
	Status     string     // "" without a row
	UpdatedAt  *time.Time // when the status began; nil without a row
}

// PreferenceOf reads the switch of the account's address.
func (s *Service) PreferenceOf(ctx context.Context, email string) (Preference, error) {
	var p Preference
	var suppressed *time.Time
	err := s.db.QueryRowContext(ctx, `SELECT status, suppressed_at, status_at FROM newsletter WHERE email = ?`, strings.ToLower(email)).
		Scan(&p.Status, &suppressed, &p.UpdatedAt)
	if db.IsNoRows(err) {
		return Preference{}, nil
	}
	if err != nil {
		return Preference{}, fmt.Errorf("newsletter: read a preference: %w", err)
	}
	p.Subscribed = p.Status == StatusSubscribed && suppressed == nil
	if suppressed != nil {
		p.Status = StatusSuppressed
	}
	return p, nil
}

// SetPreference turns the signed-in parent's subscription on or off. Their
// account's address is confirmed already (they signed in with it), so
// turning it on subscribes at once, without a second e-mail; the consent's
// source is the profile. A suppressed address stays suppressed.
func (s *Service) SetPreference(ctx context.Context, userID, email string, on bool) (Preference, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	now := s.now()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if !on {
			_, err := tx.ExecContext(ctx, `UPDATE newsletter SET status = 'unsubscribed', subscribed = FALSE, status_at = ?, updated_at = ?,
				confirm_token_hash = NULL, confirm_expires_at = NULL WHERE email = ? AND status <> 'unsubscribed'`, now, now, email)
			return err
		}
		unsub, _ := linktoken.New()
		_, err := tx.ExecContext(ctx, `INSERT INTO newsletter (email, subscribed, user_id, status, source, status_at, consent_at,
			unsubscribe_token, created_at, updated_at) VALUES (?, TRUE, ?, 'subscribed', 'profile', ?, ?, ?, ?, ?)
			ON CONFLICT (email) DO UPDATE SET subscribed = TRUE, status = 'subscribed', source = 'profile',
				user_id = COALESCE(newsletter.user_id, excluded.user_id), status_at = excluded.status_at,
				consent_at = excluded.consent_at, updated_at = excluded.updated_at,
				confirm_token_hash = NULL, confirm_expires_at = NULL,
				unsubscribe_token = COALESCE(newsletter.unsubscribe_token, excluded.unsubscribe_token)
			WHERE newsletter.status <> 'subscribed'`, email, userID, now, now, unsub, now, now)
		return err
	})
	if err != nil {
		return Preference{}, fmt.Errorf("newsletter: save a preference: %w", err)
	}
	return s.PreferenceOf(ctx, email)
}
