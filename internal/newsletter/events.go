package newsletter

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// MailEvent serves POST /api/mail/events, a relay's webhook for bounces and
// complaints, with Authorization: Bearer MAIL_EVENTS_SECRET: {type:
// "bounce"|"complaint", email, permanent}. A permanent bounce or a
// complaint suppresses the address for marketing (campaigns skip it; order
// and account mail still go); a temporary bounce changes nothing. An
// address that is not a subscriber is suppressed too, so a later sign-up
// does not mail it.
// Without the secret the webhook does not exist (404, as /metrics without
// its token), so a shop that never set it up shows no error.
func (s *Service) MailEvent(w http.ResponseWriter, r *http.Request) error {
	if s.set.EventsSecret == "" {
		return httpx.Errorf(httpx.CodeNotFound, "Mail events are off: set MAIL_EVENTS_SECRET.")
	}
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || subtle.ConstantTimeCompare([]byte(token), []byte(s.set.EventsSecret)) != 1 {
		w.Header().Set("WWW-Authenticate", `Bearer realm="mail events"`)
		return httpx.Errorf(httpx.CodeUnauthorized, "A valid bearer token is required.")
	}
	var ev struct {
		Type      string `json:"type"`
		Email     string `json:"email"`
		Permanent *bool  `json:"permanent"`
	}
	if err := httpx.DecodeStrictJSON(r, &ev, "Please check the event's fields."); err != nil {
		return err
	}
	fields := map[string]string{}
	if ev.Type != "bounce" && ev.Type != "complaint" {
		fields["type"] = "Say bounce or complaint"
	}
	email, err := normalize(ev.Email)
	if err != nil {
		fields["email"] = "A valid e-mail address"
	}
	if ev.Type == "bounce" && ev.Permanent == nil {
		fields["permanent"] = "Say true or false"
	}
	if len(fields) > 0 {
		return httpx.Invalid("Please check the event's fields.", fields)
	}
	suppress := ev.Type == "complaint" || *ev.Permanent
	if suppress {
		reason := "complaint"
		if ev.Type == "bounce" {
			reason = "bounce"
		}
		if err := s.suppress(r.Context(), email, reason); err != nil {
			return err
		}
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"email": email, "suppressed": suppress})
}

func (s *Service) suppress(ctx context.Context, email, reason string) error {
	now := s.now()
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO newsletter (email, subscribed, status, source, status_at, created_at, updated_at, suppressed_at, suppressed_reason)
			VALUES (?, FALSE, 'unsubscribed', 'footer', ?, ?, ?, ?, ?)
			ON CONFLICT (email) DO UPDATE SET suppressed_at = COALESCE(newsletter.suppressed_at, excluded.suppressed_at),
				suppressed_reason = COALESCE(newsletter.suppressed_reason, excluded.suppressed_reason), updated_at = excluded.updated_at`,
			email, now, now, now, now, reason)
		if err != nil {
			return fmt.Errorf("newsletter: suppress: %w", err)
		}
		return nil
	})
}
