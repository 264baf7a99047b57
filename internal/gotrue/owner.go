// What other features ask of an account: the owner's proof before an
// irreversible action, and the account's deletion.

package gotrue

import (
	"context"
	"errors"
	"fmt"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// PasswordMatches checks userID's password before an irreversible action
// (deleting the account), within the account's limit of wrong passwords and
// codes: while that is used up, the error is a 429 with Retry-After. An
// account without a password (Google, magic link) has none that matches.
func (s *Service) PasswordMatches(ctx context.Context, userID, password string) (bool, error) {
	var email, hash string
	err := s.db.QueryRowContext(ctx, `SELECT email, encrypted_password FROM users WHERE id = ?`, userID).Scan(&email, &hash)
	if db.IsNoRows(err) || (err == nil && hash == "") {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return s.passwordMatches(ctx, email, hash, password)
}

// CodeMatches spends userID's reauthentication code (GET
// /auth/v1/reauthenticate e-mails it) before an irreversible action: the
// proof an account without a password (Google, magic link) can give. Wrong
// guesses count against the code, whose fifth kills it, and against the
// account's limit of wrong passwords and codes.
func (s *Service) CodeMatches(ctx context.Context, userID, code string) (bool, error) {
	u, err := userByID(ctx, s.db, userID)
	if errors.Is(err, errNoUser) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := s.checkProofAttempts(ctx, u.Email); err != nil {
		return false, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		return s.useNonce(ctx, tx, u, code)
	})
	if errors.Is(err, errNonceInvalid) {
		return false, s.countWrongNonce(ctx, u.Email)
	}
	return err == nil, err
}

// DeleteAccount removes userID's account in q (the caller's transaction):
// the user row, and with it by ON DELETE CASCADE the profile, identities,
// sessions and refresh tokens, factors and recovery codes, e-mail tokens, and
// every other feature's rows that reference users. The access tokens still
// in the wild stop working at once, because each request looks up its session.
func DeleteAccount(ctx context.Context, q db.Querier, userID string) error {
	res, err := q.ExecContext(ctx, `DELETE FROM users WHERE id = ?`, userID)
	if err != nil {
		return fmt.Errorf("auth: delete account: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.NotFound("Account")
	}
	return nil
}
