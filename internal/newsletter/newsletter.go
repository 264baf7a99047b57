// Package newsletter keeps the newsletter's subscribers: one row per e-mail
// address, subscribed again (not duplicated) on a repeat sign-up.
package newsletter

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/mail"
)

// Service records subscriptions.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the newsletter service; now may be nil (time.Now).
func New(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, now: func() time.Time { return now().UTC() }}
}

// Subscription is the response to a sign-up, and a subscriber's row in the
// data export.
type Subscription struct {
	Email      string     `json:"email"`
	Subscribed bool       `json:"subscribed"`
	CreatedAt  *time.Time `json:"created_at,omitempty"`
}

// CreateSubscription serves POST /api/newsletter {email}: the address is
// subscribed, with the signed-in user remembered when there is one.
func (s *Service) CreateSubscription(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		return err
	}
	email, err := normalize(body.Email)
	if err != nil {
		return err
	}
	var userID string // "": anonymous; an earlier signed-in sign-up keeps its user
	if c, ok := auth.CallerFrom(r.Context()); ok {
		userID = c.UserID
	}
	if err := subscribe(r.Context(), s.db, email, userID, s.now()); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, Subscription{Email: email, Subscribed: true})
}

// normalize trims and lower-cases the address, so that one person is one
// row however they type it, and checks it is a plain address.
func normalize(email string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" {
		return "", httpx.Invalid("Email is required.", map[string]string{"email": "Email is required"})
	}
	if !mail.ValidEmail(email) {
		return "", httpx.Invalid("Please enter a valid email address.", map[string]string{"email": "Invalid email address"})
	}
	return email, nil
}

// subscribe upserts email with subscribed = true.
func subscribe(ctx context.Context, q db.Querier, email, userID string, now time.Time) error {
	var user any // NULL: anonymous
	if userID != "" {
		user = userID
	}
	_, err := q.ExecContext(ctx, `INSERT INTO newsletter (email, subscribed, user_id, created_at, updated_at)
		VALUES (?, TRUE, ?, ?, ?)
		ON CONFLICT (email) DO UPDATE SET subscribed = TRUE,
			user_id = COALESCE(excluded.user_id, newsletter.user_id), updated_at = excluded.updated_at`,
		email, user, now, now)
	if err != nil {
		return fmt.Errorf("newsletter: subscribe: %w", err)
	}
	return nil
}

// SubscriptionsOf returns the subscriptions of a person: those made while
// signed in as userID, and the one of their address.
func SubscriptionsOf(ctx context.Context, q db.Querier, userID, email string) ([]Subscription, error) {
	rows, err := q.QueryContext(ctx, `SELECT email, subscribed, created_at FROM newsletter
		WHERE user_id = ? OR email = ? ORDER BY created_at, id`, userID, strings.ToLower(email))
	if err != nil {
		return nil, fmt.Errorf("newsletter: subscriptions of a user: %w", err)
	}
	defer rows.Close()
	subs := []Subscription{}
	for rows.Next() {
		var sub Subscription
		var at time.Time
		if err := rows.Scan(&sub.Email, &sub.Subscribed, &at); err != nil {
			return nil, err
		}
		sub.CreatedAt = &at
		subs = append(subs, sub)
	}
	return subs, rows.Err()
}

// Erase deletes the subscriptions of a person (as SubscriptionsOf finds
// them); account deletion calls it in its transaction.
func Erase(ctx context.Context, q db.Querier, userID, email string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM newsletter WHERE user_id = ? OR email = ?`, userID, strings.ToLower(email)); err != nil {
		return fmt.Errorf("newsletter: erase: %w", err)
	}
	return nil
}
