package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/ratelimit"
)

// limited counts a request of the caller's IP against the endpoint's limit
// per minute before h runs, answering 429 (GoTrue's over_request_rate_limit)
// with Retry-After when over it. Register names the endpoint of each route.
func (s *Service) limited(endpoint string, h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := s.limiter.Allow(r.Context(), r, endpoint)
		if errors.Is(err, ratelimit.ErrLimited) {
			return &httpx.Error{Code: httpx.CodeTooManyRequests, Message: "Request rate limit reached", RetryAfter: time.Minute}
		}
		if err != nil {
			return err
		}
		return h(w, r)
	}
}

// claimEmailSlot starts the cooldown (EMAIL_COOLDOWN_SECONDS) of one type
// of account e-mail to an address, or answers 429 with the seconds left.
// Each type has its own, as in GoTrue: 'forgot password' right after
// sign-up is fine. It runs in the caller's transaction, so a request that
// fails later does not use up the slot.
func (s *Service) claimEmailSlot(ctx context.Context, tx db.Querier, email, emailType string) error {
	now := s.clock()
	emailCooldown := s.cfg.EmailCooldown
	last, claimed, err := claimCooldown(ctx, tx, emailType+":"+normalizeEmail(email), now, emailCooldown)
	if err != nil || claimed {
		return err
	}
	left := int((emailCooldown - now.Sub(last) + time.Second - 1) / time.Second)
	left = max(1, min(left, int(emailCooldown/time.Second)))
	e := tooManyRequests("over_email_send_rate_limit", "For security purposes, you can only request this after %d seconds.", left)
	e.RetryAfter = time.Duration(left) * time.Second
	return e
}
