package gotrue

import (
	"context"
	"errors"
	"net/http"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// GetUser handles GET /user: the user behind the access token.
func (s *Service) GetUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	b, err := s.requireBearer(ctx, s.db, r)
	if err != nil {
		return err
	}
	out, err := s.userResponse(ctx, s.db, b.user)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

type updateUserRequest struct {
	Email    *string `json:"email"`
	Password *string `json:"password"`
	// CurrentPassword proves the password again for a change made from a
	// password session (auth-js sends it with updateUser).
	CurrentPassword *string `json:"current_password"`
	// Nonce is the code GET /reauthenticate e-mailed, the other proof.
	Nonce *string        `json:"nonce"`
	Data  map[string]any `json:"data"`
	pkceParams
}

// UpdateUser handles PUT /user: a new password, user metadata, or a new
// e-mail address, which takes effect once its link is opened. The password
// is checked and hashed before the transaction opens: argon2id takes tens of
// milliseconds, and on SQLite a transaction holds the only write lock.
func (s *Service) UpdateUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in updateUserRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	b, err := s.requireBearer(ctx, s.db, r)
	if err != nil {
		return err
	}
	if err := s.requireSecondStep(ctx, s.db, b, "update the user"); err != nil {
		return err
	}
	var newHash string
	if in.Password != nil {
		if newHash, err = s.newPasswordHash(ctx, b, in); err != nil {
			return err
		}
	}
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*userJSON, error) {
		current, err := s.requireBearer(ctx, tx, r) // the session may have ended meanwhile
		if err != nil {
			return nil, err
		}
		u := current.user
		if in.Password != nil {
			if err := s.setPassword(ctx, tx, current, b.user.PasswordHash, newHash, in.Nonce); err != nil {
				return nil, err
			}
		}
		if in.Data != nil {
			if err := s.mergeUserMetadata(ctx, tx, u, in.Data); err != nil {
				return nil, err
			}
		}
		if in.Email != nil {
			if err := s.requestEmailChange(ctx, tx, u, *in.Email, in.pkceParams, s.redirectTarget(r.URL.Query().Get("redirect_to"))); err != nil {
				return nil, err
			}
		}
		u, err = userByID(ctx, tx, u.ID)
		if err != nil {
			return nil, err
		}
		return s.userResponse(ctx, tx, u)
	})
	if errors.Is(err, errNonceInvalid) {
		if err := s.countWrongNonce(ctx, b.user.Email); err != nil {
			return err
		}
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// newPasswordHash checks a password change before any transaction: the new
// password's length, the current password when it is the proof (an e-mailed
// reauthentication code is checked in the transaction, where it is spent),
// that the new one differs from it; and returns the new password's hash.
func (s *Service) newPasswordHash(ctx context.Context, b *bearer, in updateUserRequest) (string, error) {
	password := *in.Password
	if err := checkNewPasswordLength(password); err != nil {
		return "", err
	}
	u := b.user
	if in.Nonce != nil && *in.Nonce != "" {
		if err := s.checkProofAttempts(ctx, u.Email); err != nil {
			return "", err
		}
	} else if err := s.checkCurrentPassword(ctx, u, b.session, in.CurrentPassword); err != nil {
		return "", err
	}
	if u.PasswordHash != "" {
		same, err := checkPassword(password, u.PasswordHash)
		if err != nil {
			return "", err
		}
		if same {
			return "", unprocessable("same_password", "New password should be different from the old password.")
		}
	}
	return hashPassword(password, s.hashParams)
}

// setPassword stores the new hash once the proof holds: the e-mailed code is
// spent here, and the hash the password was checked against must still be
// the stored one. Whoever knew the old password is signed out everywhere else.
func (s *Service) setPassword(ctx context.Context, tx db.Querier, b *bearer, checkedHash, newHash string, nonce *string) error {
	u := b.user
	if nonce != nil && *nonce != "" {
		if err := s.useNonce(ctx, tx, u, *nonce); err != nil {
			return err
		}
	}
	if u.PasswordHash != checkedHash {
		return newError(http.StatusConflict, "conflict", "The password was changed by another request. Please try again.")
	}
	if err := setUserColumn(ctx, tx, u.ID, "encrypted_password", newHash, s.clock()); err != nil {
		return err
	}
	return deleteSessions(ctx, tx, u.ID, b.session.ID, scopeOthers)
}

// checkCurrentPassword asks a session that began with the password for the
// password again before it is changed, so a stolen access token alone cannot
// lock the owner out. A session from an e-mailed link (the reset flow) or from
// Google has no password to prove, and an account without one has none to ask.
func (s *Service) checkCurrentPassword(ctx context.Context, u *user, sess *session, current *string) error {
	if u.PasswordHash == "" || !sess.startedWith("password") {
		return nil
	}
	if current == nil || *current == "" {
		return badRequest("current_password_required", "Current password required when setting new password.")
	}
	ok, err := s.passwordMatches(ctx, u.Email, u.PasswordHash, *current)
	if err != nil {
		return err
	}
	if !ok {
		return badRequest("current_password_mismatch", "Current password that was provided is incorrect.")
	}
	return nil
}

// mergeUserMetadata sets the given keys; a null value removes a key.
func (s *Service) mergeUserMetadata(ctx context.Context, tx db.Querier, u *user, data map[string]any) error {
	for k, v := range data {
		if v == nil {
			delete(u.UserMetadata, k)
		} else {
			u.UserMetadata[k] = v
		}
	}
	if err := checkMetadataSize(u.UserMetadata); err != nil {
		return err
	}
	return setUserMetadata(ctx, tx, u.ID, u.UserMetadata, s.clock())
}

func (s *Service) requestEmailChange(ctx context.Context, tx db.Querier, u *user, raw string, p pkceParams, redirect string) error {
	email, err := validEmail(raw)
	if err != nil {
		return err
	}
	if email == u.Email {
		return nil
	}
	if _, err := userByEmail(ctx, tx, email); err == nil {
		return unprocessable("email_exists", "A user with this email address has already been registered")
	} else if !errors.Is(err, errNoUser) {
		return err
	}
	if err := s.claimEmailSlot(ctx, tx, email, typeEmailChange); err != nil {
		return err
	}
	return s.sendEmailChange(ctx, tx, u, email, p, redirect)
}
