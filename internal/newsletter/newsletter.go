// Package newsletter keeps the newsletter: its subscribers, confirmed by
// e-mail before anything is sent to them (double opt-in), and the campaigns
// the back office writes and sends to them through the outbox
// (campaigns.go, dispatch.go), with one-click unsubscribe (RFC 8058) and a
// relay's bounces and complaints suppressing an address (events.go).
//
// A subscriber is one row per address (lower-case): pending until the
// link of its confirmation e-mail is followed, then subscribed, and
// unsubscribed when they leave. suppressed_at, set by a permanent bounce
// or a complaint, keeps marketing from an address whatever its status.
package newsletter

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/linktoken"
	"bookshop/internal/mail"
)

// Settings are what the newsletter reads of the configuration.
type Settings struct {
	SiteURL       string
	Cooldown      time.Duration // EMAIL_COOLDOWN_SECONDS: no second confirmation e-mail to a pending address within it
	MarketingFrom string        // MAIL_FROM_MARKETING
	RatePerMinute int           // CAMPAIGN_RATE_PER_MINUTE
	EventsSecret  string        // MAIL_EVENTS_SECRET; "" refuses the webhook
}

// Books gives a campaign's book cards without importing the catalogue.
type Books interface {
	Card(id int) (BookCard, bool)
}

// BookCard is a published book as a campaign shows it.
type BookCard struct {
	ID       int
	Title    string
	Price    string // "$14.99"
	CoverURL string // absolute
	URL      string // absolute
}

// Service is the newsletter's subscribers and campaigns.
type Service struct {
	db    *db.DB
	set   Settings
	books Books
	now   func() time.Time
}

// New returns the newsletter service; now may be nil (time.Now).
func New(d *db.DB, set Settings, books Books, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	if set.RatePerMinute <= 0 {
		set.RatePerMinute = 60
	}
	return &Service{db: d, set: set, books: books, now: func() time.Time { return now().UTC() }}
}

// confirmValidity is how long a confirmation link works.
const confirmValidity = 7 * 24 * time.Hour

// Statuses of a subscriber; "suppressed" is shown for any of them with
// suppressed_at set.
const (
	StatusPending      = "pending"
	StatusSubscribed   = "subscribed"
	StatusUnsubscribed = "unsubscribed"
	StatusSuppressed   = "suppressed"
)

// Sources of a consent.
var sources = []string{"footer", "profile", "checkout"}

// SignUp is the response to every sign-up, whatever the address's state:
// the same words for a new, pending, subscribed, unsubscribed or suppressed
// address, so that nobody learns who subscribes.
type SignUp struct {
	Email   string `json:"email"`
	Message string `json:"message"`
}

const checkInbox = "Thank you! Please check your inbox and confirm your address to start getting our newsletter."

// CreateSubscription serves POST /api/newsletter {email, source?}: the
// address is recorded as pending and sent a confirmation e-mail (unless
// one went out within the cooldown, or it is subscribed already).
func (s *Service) CreateSubscription(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Email  string `json:"email"`
		Source string `json:"source"`
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		return err
	}
	email, err := normalize(body.Email)
	if err != nil {
		return err
	}
	source := strings.TrimSpace(body.Source)
	if source == "" {
		source = "footer"
	}
	if !validSource(source) {
		return httpx.Invalid("Please check the highlighted fields.", map[string]string{"source": "Say footer, profile or checkout"})
	}
	var userID string // "": anonymous; an earlier signed-in sign-up keeps its user
	if c, ok := auth.CallerFrom(r.Context()); ok {
		userID = c.UserID
	}
	if err := s.signUp(r.Context(), email, userID, source); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, SignUp{Email: email, Message: checkInbox})
}

func validSource(s string) bool {
	for _, v := range sources {
		if v == s {
			return true
		}
	}
	return false
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

// subscriber is a row of the newsletter.
type subscriber struct {
	Status        string
	ConfirmSentAt *time.Time
	Suppressed    bool
}

func subscriberOf(ctx context.Context, q db.Querier, email string) (*subscriber, error) {
	var sub subscriber
	var suppressedAt *time.Time
	err := q.QueryRowContext(ctx, `SELECT status, confirm_sent_at, suppressed_at FROM newsletter WHERE email = ?`, email).
		Scan(&sub.Status, &sub.ConfirmSentAt, &suppressedAt)
	if db.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("newsletter: read a subscriber: %w", err)
	}
	sub.Suppressed = suppressedAt != nil
	return &sub, nil
}

// askToConfirm records email as pending and queues its confirmation, in tx:
// nothing for a subscribed or suppressed address, nor for a pending one
// mailed within the cooldown.
func (s *Service) askToConfirm(ctx context.Context, tx *db.Tx, email, userID, source string) error {
	now := s.now()
	sub, err := subscriberOf(ctx, tx, email)
	if err != nil {
		return err
	}
	var user any
	if userID != "" {
		user = userID
	}
	switch {
	case sub == nil:
		if _, err := tx.ExecContext(ctx, `INSERT INTO newsletter (email, subscribed, user_id, status, source, status_at, created_at, updated_at)
			VALUES (?, FALSE, ?, 'pending', ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`, email, user, source, now, now, now); err != nil {
			return fmt.Errorf("newsletter: record a sign-up: %w", err)
		}
	case sub.Suppressed || sub.Status == StatusSubscribed:
		return s.remember(ctx, tx, email, userID)
	case sub.Status == StatusPending && sub.ConfirmSentAt != nil && now.Sub(*sub.ConfirmSentAt) < s.set.Cooldown:
		return s.remember(ctx, tx, email, userID)
	default: // pending (cooldown over) or unsubscribed: ask again
		if _, err := tx.ExecContext(ctx, `UPDATE newsletter SET status = 'pending', subscribed = FALSE, source = ?,
			user_id = COALESCE(?, user_id), status_at = CASE WHEN status = 'pending' THEN status_at ELSE ? END, updated_at = ?
			WHERE email = ?`, source, user, now, now, email); err != nil {
			return fmt.Errorf("newsletter: record a sign-up: %w", err)
		}
	}
	token, hash := linktoken.New()
	if _, err := tx.ExecContext(ctx, `UPDATE newsletter SET confirm_token_hash = ?, confirm_expires_at = ?, confirm_sent_at = ?
		WHERE email = ?`, hash, now.Add(confirmValidity), now, email); err != nil {
		return fmt.Errorf("newsletter: keep a confirmation: %w", err)
	}
	m, err := mail.NewsletterConfirmEmail(email, mail.NewsletterConfirm{
		ConfirmURL: s.set.SiteURL + "/newsletter/confirm?token=" + url.QueryEscape(token), SiteURL: s.set.SiteURL})
	if err != nil {
		return err
	}
	return mail.Enqueue(ctx, tx, m)
}

// remember notes the signed-in user on a row that changes otherwise not.
func (s *Service) remember(ctx context.Context, tx *db.Tx, email, userID string) error {
	if userID == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `UPDATE newsletter SET user_id = ? WHERE email = ? AND user_id IS NULL`, userID, email)
	return err
}

// Confirmed is the response to a followed confirmation link.
type Confirmed struct {
	Email  string `json:"email"`
	Status string `json:"status"`
}

var errBadLink = httpx.Invalid("This link has expired or was already used. Sign up again and we will send a new one.",
	map[string]string{"token": "This link has expired or was already used"})

// Confirm serves POST /api/newsletter/confirm {token}: the pending address
// whose link it is becomes subscribed, once; the consent's time is now.
func (s *Service) Confirm(w http.ResponseWriter, r *http.Request) error {
	hash, err := linktoken.Read(r, errBadLink)
	if err != nil {
		return err
	}
	email, err := s.confirm(r.Context(), hash)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, Confirmed{Email: email, Status: StatusSubscribed})
}

// unsubscribe leaves the newsletter by the token of a campaign's link;
// false for a token of no subscriber. Unsubscribing twice is no error.
func (s *Service) unsubscribe(ctx context.Context, token string) (bool, error) {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > 200 {
		return false, nil
	}
	now := s.now()
	found := false
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		var status string
		err := tx.QueryRowContext(ctx, `SELECT status FROM newsletter WHERE unsubscribe_token = ?`, token).Scan(&status)
		if db.IsNoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		_, err = tx.ExecContext(ctx, `UPDATE newsletter SET status = 'unsubscribed', subscribed = FALSE, status_at = ?, updated_at = ?,
			confirm_token_hash = NULL, confirm_expires_at = NULL WHERE unsubscribe_token = ? AND status <> 'unsubscribed'`, now, now, token)
		return err
	})
	return found, err
}

var errBadUnsubscribe = httpx.Invalid("This unsubscribe link is not one of ours. Write to us and we will take you off the list by hand.",
	map[string]string{"token": "Unknown unsubscribe link"})

// Unsubscribe serves POST /api/newsletter/unsubscribe {token}: the
// unsubscribe page's button.
func (s *Service) Unsubscribe(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		return err
	}
	ok, err := s.unsubscribe(r.Context(), body.Token)
	if err != nil {
		return err
	}
	if !ok {
		return errBadUnsubscribe
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": StatusUnsubscribed})
}

// OneClickUnsubscribe serves POST /newsletter/unsubscribe?token=…, the URL
// of a campaign's List-Unsubscribe header: RFC 8058's one-click POST (body
// List-Unsubscribe=One-Click), which a mail client sends without a session
// or a page, unsubscribes at once. A GET of the same URL is the app's page
// with a button.
func (s *Service) OneClickUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	_ = r.ParseForm() // the body is List-Unsubscribe=One-Click; the token is in the URL
	ok, err := s.unsubscribe(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	if !ok {
		return errBadUnsubscribe
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": StatusUnsubscribed})
}

// unsubscribeURL is the one-click URL of a subscriber's token.
func (s *Service) unsubscribeURL(token string) string {
	return s.set.SiteURL + "/newsletter/unsubscribe?token=" + url.QueryEscape(token)
}
