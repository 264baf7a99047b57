package gotrue

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	bsmail "bookshop/internal/mail"
)

// typeReauthentication is the one-time token of GET /reauthenticate: a
// 6-digit nonce e-mailed to a signed-in user, which PUT /user accepts in
// place of the current password (auth-js: reauthenticate, then updateUser
// with nonce).
const typeReauthentication = "reauthentication"

var errNonceInvalid = unprocessable("reauthentication_not_valid", "Nonce has expired or is invalid")

// Reauthenticate handles GET /reauthenticate: it e-mails the signed-in user
// a code, with its own cooldown, and responds {}.
func (s *Service) Reauthenticate(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		b, err := s.requireBearer(ctx, tx, r)
		if err != nil {
			return err
		}
		if err := s.requireSecondStep(ctx, tx, b, "reauthenticate"); err != nil {
			return err
		}
		u := b.user
		if !u.confirmed() {
			return unprocessable("email_not_confirmed", "Please verify your email first.")
		}
		if err := s.claimEmailSlot(ctx, tx, u.Email, typeReauthentication); err != nil {
			return err
		}
		tok, err := s.issueEmailToken(ctx, tx, u, typeReauthentication, u.Email, "", "")
		if err != nil {
			return err
		}
		return s.sendAccountEmail(ctx, tx, bsmail.Reauthentication, u.Email, &emailToken{Code: tok.Code})
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, emptyObject)
}

// useNonce spends the user's reauthentication code: it works once, within
// its hour, for the account it was sent to.
func (s *Service) useNonce(ctx context.Context, tx db.Querier, u *user, nonce string) error {
	t, err := s.consumeToken(ctx, tx, "otp_hash", otpHash(u.Email, strings.TrimSpace(nonce)), typeReauthentication)
	if errors.Is(err, errOTPExpired) || (err == nil && t.UserID != u.ID) {
		return errNonceInvalid
	}
	return err
}

// countWrongNonce counts a wrong reauthentication code of the account of
// email, outside the transaction that rolled back: against the code, which
// dies after maxWrongCodes, and against the account's wrong proofs.
func (s *Service) countWrongNonce(ctx context.Context, email string) error {
	if err := countWrongCode(ctx, s.db, normalizeEmail(email), []string{typeReauthentication}, s.clock(), maxWrongCodes); err != nil {
		return err
	}
	return s.countWrongProof(ctx, email)
}
