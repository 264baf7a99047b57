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
	return &Service{db: d, now: now}
}

// Subscription is the answer to a sign-up.
type Subscription struct {
	Email      string `json:"email"`
	Subscribed bool   `json:"subscribed"`
}

// Subscribe validates the address and upserts it with subscribed = true,
// remembering the signed-in user when there is one.
func (s *Service) Subscribe(ctx context.Context, email string) (Subscription, error) {
	email, err := normalize(email)
	if err != nil {
		return Subscription{}, err
	}
	var userID any // NULL: anonymous; an earlier signed-in sign-up keeps its user
	if c, ok := auth.CallerFrom(ctx); ok {
		userID = c.UserID
	}
	now := s.now().UTC()
	_, err = s.db.ExecContext(ctx, `INSERT INTO newsletter (email, subscribed, user_id, created_at, updated_at)
		VALUES (?, TRUE, ?, ?, ?)
		ON CONFLICT (email) DO UPDATE SET subscribed = TRUE,
			user_id = COALESCE(excluded.user_id, newsletter.user_id), updated_at = excluded.updated_at`,
		email, userID, now, now)
	if err != nil {
		return Subscription{}, fmt.Errorf("newsletter: subscribe: %w", err)
	}
	return Subscription{Email: email, Subscribed: true}, nil
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

// HandleSubscribe serves POST /api/newsletter {email}.
func (s *Service) HandleSubscribe(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		return err
	}
	sub, err := s.Subscribe(r.Context(), body.Email)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, sub)
}
