package gotrue

import (
	"context"
	"fmt"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// claimEmailSlot starts the cooldown (EMAIL_COOLDOWN_SECONDS) of one type
// of account e-mail to an address, or responds with 429 with the seconds left.
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
// addresses, or with a stolen access token, must still not guess one
// account's password or code.
const (
	// maxPasswordFailures wrong proofs per account in passwordFailureWindow,
	// then every check of that account's password waits for the next window.
	// Each check counts, wherever it happens: sign-in, a password change, the
	// account's deletion, and a wrong reauthentication code.
	maxPasswordFailures   = 10
	passwordFailureWindow = 15 * time.Minute
	// maxWrongCodes wrong 6-digit codes per code, then the code dies.
	maxWrongCodes = 5
)

// checkProofAttempts responds 429 with the wait as Retry-After while the
// account of an address has used up its wrong passwords and codes. The key
// is the address, so an address without an account is limited alike.
func (s *Service) checkProofAttempts(ctx context.Context, email string) error {
	wait, err := s.proofFailures.Wait(ctx, normalizeEmail(email))
	if err != nil || wait == 0 {
		return err
	}
	minutes := int((wait + time.Minute - 1) / time.Minute)
	unit := "minutes"
	if minutes == 1 {
		unit = "minute"
	}
	return &httpx.Error{Code: httpx.CodeTooManyRequests, RetryAfter: wait,
		Message: fmt.Sprintf("Too many failed attempts for this account. Please try again in %d %s.", minutes, unit)}
}

// countWrongProof counts a wrong password or code for an address.
func (s *Service) countWrongProof(ctx context.Context, email string) error {
	return s.proofFailures.Fail(ctx, normalizeEmail(email))
}

// passwordMatches checks password against hash, the password of the account
// of email, within the account's limit of wrong proofs: while it is used up
// the response is 429, and a wrong password counts.
func (s *Service) passwordMatches(ctx context.Context, email, hash, password string) (bool, error) {
	if err := s.checkProofAttempts(ctx, email); err != nil {
		return false, err
	}
	ok, err := checkPassword(password, hash)
	if err != nil || ok {
		return ok, err
	}
	return false, s.countWrongProof(ctx, email)
}
