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
	last, claimed, err := s.tryEmailSlot(ctx, tx, email, emailType)
	if err != nil || claimed {
		return err
	}
	emailCooldown := s.cfg.EmailCooldown
	left := int((emailCooldown - s.clock().Sub(last) + time.Second - 1) / time.Second)
	left = max(1, min(left, int(emailCooldown/time.Second)))
	e := tooManyRequests("over_email_send_rate_limit", "For security purposes, you can only request this after %d seconds.", left)
	e.RetryAfter = time.Duration(left) * time.Second
	return e
}

// tryEmailSlot starts the cooldown of one type of e-mail to an address if
// none is running, and reports whether it did; otherwise last is when the
// running one started.
func (s *Service) tryEmailSlot(ctx context.Context, tx db.Querier, email, emailType string) (last time.Time, claimed bool, err error) {
	return claimCooldown(ctx, tx, emailType+":"+normalizeEmail(email), s.clock(), s.cfg.EmailCooldown)
}

// Limits per account, beside the per-IP ones: an attacker with many
// addresses must still not guess one account's password or code.
const (
	// maxFailedSignIns wrong passwords per address in signInFailureWindow,
	// then every password sign-in of that address waits for the next window.
	maxFailedSignIns    = 10
	signInFailureWindow = 15 * time.Minute
	// maxWrongCodes wrong 6-digit codes per code, then the code dies.
	maxWrongCodes = 5
)

func signInFailureBucket(email string) string { return "signin_failed|" + normalizeEmail(email) }

// checkSignInAllowed answers 429 over_request_rate_limit, with the wait as
// Retry-After, while an address has used up its failed sign-ins.
func (s *Service) checkSignInAllowed(ctx context.Context, email string) error {
	now := s.clock()
	window := now.Truncate(signInFailureWindow)
	hits, err := hitsIn(ctx, s.db, signInFailureBucket(email), window)
	if err != nil || hits < maxFailedSignIns {
		return err
	}
	wait := window.Add(signInFailureWindow).Sub(now).Round(time.Second)
	e := tooManyRequests("over_request_rate_limit", "Too many failed sign-in attempts for this account. Please try again in %d minutes.", int((wait+time.Minute-1)/time.Minute))
	e.RetryAfter = max(wait, time.Second)
	return e
}

// countFailedSignIn counts one wrong password for an address.
func (s *Service) countFailedSignIn(ctx context.Context, email string) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		_, err := countHit(ctx, tx, signInFailureBucket(email), s.clock().Truncate(signInFailureWindow))
		return err
	})
}
