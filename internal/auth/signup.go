package auth

import (
	"context"
	"errors"
	"net/http"

	"bookshop/internal/db"
)

type signupRequest struct {
	Email    string         `json:"email"`
	Password string         `json:"password"`
	Data     map[string]any `json:"data"`
	pkceParams
}

// Signup answers POST /signup: it creates an unconfirmed user with its
// profile and e-mails the confirmation link. The session comes only after
// the address is confirmed.
func (s *Service) Signup(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in signupRequest
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	email, err := validEmail(in.Email)
	if err != nil {
		return err
	}
	if in.Password == "" {
		return unprocessable("validation_failed", "Signup requires a valid password")
	}
	if err := checkPasswordStrength(in.Password); err != nil {
		return err
	}
	hash, err := hashPassword(in.Password, s.hashParams)
	if err != nil {
		return err
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	out, err := db.InTxValue(ctx, s.db, func(tx *db.Tx) (*userJSON, error) {
		u, err := s.findOrCreateSignupUser(ctx, tx, email, hash, in.Data)
		if err != nil {
			return nil, err
		}
		if err := s.claimEmailSlot(ctx, tx, u.Email); err != nil {
			return nil, err
		}
		if err := s.sendConfirmation(ctx, tx, u, in.pkceParams, redirect); err != nil {
			return nil, err
		}
		return s.userResponse(ctx, tx, u)
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// findOrCreateSignupUser returns the unconfirmed user of a repeated sign-up,
// or creates the user, its e-mail identity and its profile.
func (s *Service) findOrCreateSignupUser(ctx context.Context, tx *db.Tx, email, passwordHash string, data map[string]any) (*user, error) {
	u, err := userByEmail(ctx, tx, email)
	if err == nil {
		if u.confirmed() {
			return nil, unprocessable("user_already_exists", "User already registered")
		}
		// Unconfirmed: send the confirmation again. The password is left as
		// it was, so nobody can set one on an address they do not own.
		return u, nil
	}
	if !errors.Is(err, errNoUser) {
		return nil, err
	}
	now := s.clock()
	if data == nil {
		data = map[string]any{}
	}
	u = &user{ID: newID(), Email: email, PasswordHash: passwordHash, UserMetadata: data,
		AppMetadata: map[string]any{"provider": "email", "providers": []any{"email"}}, CreatedAt: now, UpdatedAt: now}
	if err := s.createUser(ctx, tx, u, "email", u.ID, map[string]any{"sub": u.ID, "email": email, "email_verified": false, "phone_verified": false}); err != nil {
		return nil, err
	}
	return u, nil
}
