package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"bookshop/internal/db"
)

// Token answers POST /token for the grants the web app uses.
func (s *Service) Token(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.limit(ctx, r, "token"); err != nil {
		return err
	}
	var resp *tokenResponse
	var err error
	switch grant := r.URL.Query().Get("grant_type"); grant {
	case "password":
		resp, err = s.passwordGrant(ctx, r)
	case "refresh_token":
		resp, err = s.refreshGrant(ctx, r)
	case "pkce":
		resp, err = s.pkceGrant(ctx, r)
	default:
		return badRequest("validation_failed", "unsupported_grant_type")
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, resp)
	return nil
}

func (s *Service) passwordGrant(ctx context.Context, r *http.Request) (*tokenResponse, error) {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := decodeBody(r, &in); err != nil {
		return nil, err
	}
	u, err := s.checkCredentials(ctx, in.Email, in.Password)
	if err != nil {
		return nil, err
	}
	var resp *tokenResponse
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		resp, err = s.signIn(ctx, tx, u, "password", r)
		return err
	})
	return resp, err
}

// checkCredentials returns the user when the password is right and the
// e-mail confirmed. An unknown address costs the same hashing work as a
// wrong password, so timing does not tell which accounts exist; and
// "Email not confirmed" only comes after the password checked out.
func (s *Service) checkCredentials(ctx context.Context, email, password string) (*user, error) {
	u, err := userByEmail(ctx, s.db, email)
	if err != nil && !errors.Is(err, errNoUser) {
		return nil, err
	}
	hash := s.dummyHash()
	if u != nil && u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	ok, err := checkPassword(password, hash)
	if err != nil {
		return nil, err
	}
	if !ok || u == nil || u.PasswordHash == "" || password == "" {
		return nil, errInvalidCredentials
	}
	if !u.confirmed() {
		return nil, errEmailNotConfirmed
	}
	return u, nil
}

// dummyHash is a hash of nothing anyone knows, checked against when the
// account does not exist.
func (s *Service) dummyHash() string {
	s.dummyOnce.Do(func() {
		s.dummy, _ = hashPassword(randomToken(16), s.hashParams)
	})
	return s.dummy
}

func (s *Service) refreshGrant(ctx context.Context, r *http.Request) (*tokenResponse, error) {
	var in struct {
		RefreshToken string `json:"refresh_token"`
	}
	if err := decodeBody(r, &in); err != nil {
		return nil, err
	}
	if in.RefreshToken == "" {
		return nil, badRequest("validation_failed", "refresh_token required")
	}
	var resp *tokenResponse
	var refreshErr error
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		resp, refreshErr = s.refresh(ctx, tx, in.RefreshToken)
		var e *apiError
		if errors.As(refreshErr, &e) && e.Code == "refresh_token_already_used" {
			return nil // commit the revocation of the session, then answer the error
		}
		return refreshErr
	})
	if err != nil {
		return nil, err
	}
	return resp, refreshErr
}

// flowState is a PKCE flow whose auth code is being exchanged.
type flowState struct {
	ID, UserID, Challenge, Method, AuthMethod string
	IssuedAt                                  time.Time
}

func (s *Service) pkceGrant(ctx context.Context, r *http.Request) (*tokenResponse, error) {
	var in struct {
		AuthCode     string `json:"auth_code"`
		CodeVerifier string `json:"code_verifier"`
	}
	if err := decodeBody(r, &in); err != nil {
		return nil, err
	}
	if in.AuthCode == "" || in.CodeVerifier == "" {
		return nil, badRequest("validation_failed", "invalid request: both auth code and code verifier should be non-empty")
	}
	var resp *tokenResponse
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		f, err := flowByAuthCode(ctx, tx, in.AuthCode)
		if err != nil {
			return err
		}
		if s.clock().Sub(f.IssuedAt) > authCodeTTL {
			return badRequest("flow_state_expired", "PKCE flow state has expired")
		}
		if !verifierMatches(in.CodeVerifier, f.Challenge, f.Method) {
			return forbidden("bad_code_verifier", "code challenge does not match previously saved code verifier")
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM flow_states WHERE id = ?`, f.ID); err != nil {
			return err
		}
		u, err := userByID(ctx, tx, f.UserID)
		if err != nil {
			return err
		}
		resp, err = s.signIn(ctx, tx, u, f.AuthMethod, r)
		return err
	})
	return resp, err
}

func flowByAuthCode(ctx context.Context, q db.Querier, code string) (*flowState, error) {
	var f flowState
	var userID sql.NullString
	var issued sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT id, user_id, code_challenge, code_challenge_method, authentication_method, auth_code_issued_at
		FROM flow_states WHERE auth_code_hash = ?`, hashToken(code)).Scan(&f.ID, &userID, &f.Challenge, &f.Method, &f.AuthMethod, &issued)
	if db.IsNoRows(err) || (err == nil && (!userID.Valid || !issued.Valid)) {
		return nil, notFound("flow_state_not_found", "invalid flow state, no valid flow state found")
	}
	if err != nil {
		return nil, err
	}
	f.UserID, f.IssuedAt = userID.String, issued.Time
	return &f, nil
}
