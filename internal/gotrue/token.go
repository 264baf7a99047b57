package gotrue

import (
	"context"
	"errors"
	"net/http"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// IssueToken handles POST /token for the grants the web app uses.
func (s *Service) IssueToken(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var resp *tokenResponse
	var err error
	switch grant := r.URL.Query().Get("grant_type"); grant {
	case "password":
		resp, err = s.passwordGrant(ctx, r)
	case "refresh_token":
		resp, err = s.refreshGrant(ctx, r)
	case "pkce":
		resp, err = s.pkceGrant(ctx, r)
	case "id_token":
		resp, err = s.idTokenGrant(ctx, r)
	case "web3":
		return errWeb3Disabled
	default:
		return errUnsupportedGrant
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, resp)
}

func (s *Service) passwordGrant(ctx context.Context, r *http.Request) (*tokenResponse, error) {
	var in struct {
		Email    string `json:"email"`
		Phone    string `json:"phone"` // refused: phone sign-in is off
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return nil, err
	}
	if in.Email == "" && in.Phone != "" {
		return nil, errPhoneLoginDisabled
	}
	if err := checkEmailLength(in.Email); err != nil {
		return nil, err
	}
	u, err := s.checkCredentials(ctx, in.Email, in.Password)
	if errors.Is(err, errInvalidCredentials) {
		if rerr := s.recordFailedSignInByEmail(ctx, in.Email, MethodPassword, r); rerr != nil {
			return nil, rerr
		}
	}
	if err != nil {
		return nil, err
	}
	return db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*tokenResponse, error) {
		return s.signIn(ctx, tx, u, "password", r)
	})
}

// checkCredentials returns the user when the password is right and the
// e-mail confirmed. An unknown address costs the same hashing work as a
// wrong password, and counts against its limit alike, so neither timing nor
// the limit tells which accounts exist; "Email not confirmed" only comes
// after the password checked out.
func (s *Service) checkCredentials(ctx context.Context, email, password string) (*user, error) {
	u, err := userByEmail(ctx, s.db, email)
	if err != nil && !errors.Is(err, errNoUser) {
		return nil, err
	}
	hash := s.dummyHash()
	if u != nil && u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	ok, err := s.passwordMatches(ctx, email, hash, password)
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
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return nil, err
	}
	if in.RefreshToken == "" {
		return nil, badRequest("validation_failed", "refresh_token required")
	}
	var refreshErr error
	resp, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*tokenResponse, error) {
		resp, err := s.refresh(ctx, tx, in.RefreshToken)
		if err == nil {
			err = touchSession(ctx, tx, in.RefreshToken, r, s.clock())
		}
		var e *apiError
		if errors.As(err, &e) && e.Code == "refresh_token_already_used" {
			refreshErr = err
			return nil, nil // commit the revocation of the session, then return the error
		}
		return resp, err
	})
	if err != nil {
		return nil, err
	}
	if resp != nil {
		if err := s.signResponse(resp); err != nil {
			return nil, err
		}
	}
	return resp, refreshErr
}

func (s *Service) pkceGrant(ctx context.Context, r *http.Request) (*tokenResponse, error) {
	var in struct {
		AuthCode     string `json:"auth_code"`
		CodeVerifier string `json:"code_verifier"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return nil, err
	}
	if in.AuthCode == "" || in.CodeVerifier == "" {
		return nil, badRequest("validation_failed", "invalid request: both auth code and code verifier should be non-empty")
	}
	return db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*tokenResponse, error) {
		f, err := flowByAuthCode(ctx, tx, in.AuthCode)
		if err != nil {
			return nil, err
		}
		if s.clock().Sub(f.IssuedAt) > authCodeTTL {
			return nil, badRequest("flow_state_expired", "PKCE flow state has expired")
		}
		if !verifierMatches(in.CodeVerifier, f.Challenge, f.Method) {
			return nil, forbidden("bad_code_verifier", "code challenge does not match previously saved code verifier")
		}
		if err := deleteFlowState(ctx, tx, f.ID); err != nil {
			return nil, err
		}
		u, err := userByID(ctx, tx, f.UserID)
		if err != nil {
			return nil, err
		}
		return s.signIn(ctx, tx, u, f.AuthMethod, r)
	})
}
