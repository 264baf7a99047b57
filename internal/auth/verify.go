package auth

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"bookshop/internal/db"
)

// pkceTokenPrefix marks link tokens of PKCE flows, so that even an unknown
// or expired token's error goes back in the query where the PKCE client
// looks for it.
const pkceTokenPrefix = "pkce_"

var linkTypes = map[string]bool{typeSignup: true, typeRecovery: true, typeMagicLink: true, typeEmailChange: true}

// VerifyGet answers GET /verify, the link in every account e-mail: it
// redirects (303) to redirect_to with the session in the fragment, or with
// ?code= for PKCE flows, or with the error as Supabase Auth does.
func (s *Service) VerifyGet(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	token, typ := q.Get("token"), q.Get("type")
	redirect := s.redirectTarget(q.Get("redirect_to"))
	if token == "" {
		return badRequest("validation_failed", "Verify requires a token or a token hash")
	}
	if !linkTypes[typ] {
		return badRequest("validation_failed", "Unsupported verification type")
	}
	if err := s.limit(ctx, r, "verify"); err != nil {
		return err
	}
	pkce := strings.HasPrefix(token, pkceTokenPrefix)
	var target string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.consumeToken(ctx, tx, "token_hash", hashToken(token), typ)
		if err != nil {
			return err
		}
		u, err := s.applyVerification(ctx, tx, t)
		if err != nil {
			return err
		}
		if t.FlowStateID != "" {
			code, err := s.issueAuthCode(ctx, tx, t.FlowStateID, u.ID)
			if err != nil {
				return err
			}
			target = withQuery(redirect, url.Values{"code": {code}})
			return nil
		}
		resp, err := s.signIn(ctx, tx, u, "otp", r)
		if err != nil {
			return err
		}
		target = withFragment(redirect, sessionFragment(resp, typ))
		return nil
	})
	var apiErr *apiError
	if errors.As(err, &apiErr) {
		target = errorRedirect(redirect, apiErr, pkce)
	} else if err != nil {
		return err
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
	return nil
}

type verifyRequest struct {
	Type      string `json:"type"`
	Token     string `json:"token"`
	TokenHash string `json:"token_hash"`
	Email     string `json:"email"`
}

// VerifyPost answers POST /verify with a token_hash (the link's token), or
// with the e-mail address and the 6-digit code, and returns a session.
func (s *Service) VerifyPost(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.limit(ctx, r, "verify"); err != nil {
		return err
	}
	var in verifyRequest
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	types := []string{in.Type}
	if in.Type == "email" {
		types = []string{typeSignup, typeMagicLink}
	} else if !linkTypes[in.Type] {
		return badRequest("validation_failed", "Verify requires a verification type")
	}
	var column, hash string
	switch {
	case in.TokenHash != "":
		column, hash = "token_hash", hashToken(in.TokenHash)
	case in.Email != "" && in.Token != "":
		column, hash = "otp_hash", otpHash(in.Email, strings.TrimSpace(in.Token))
	default:
		return badRequest("validation_failed", "Verify requires either a token or a token hash")
	}
	var resp *tokenResponse
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.consumeToken(ctx, tx, column, hash, types...)
		if errors.Is(err, errOTPExpired) {
			return forbidden("otp_expired", "Token has expired or is invalid")
		}
		if err != nil {
			return err
		}
		u, err := s.applyVerification(ctx, tx, t)
		if err != nil {
			return err
		}
		resp, err = s.signIn(ctx, tx, u, "otp", r)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, resp)
	return nil
}

// applyVerification does what a used token proves: the address is the
// user's (all types), and for email_change the new address replaces the old.
func (s *Service) applyVerification(ctx context.Context, tx db.Querier, t *usedToken) (*user, error) {
	u, err := userByID(ctx, tx, t.UserID)
	if err != nil {
		return nil, err
	}
	now := s.clock()
	if t.Type == typeEmailChange {
		if u.EmailChange == "" || u.EmailChange != t.SentTo {
			return nil, errOTPExpired
		}
		if err := s.changeEmail(ctx, tx, u, t.SentTo); err != nil {
			return nil, err
		}
	}
	if err := confirmEmail(ctx, tx, u, now); err != nil {
		return nil, err
	}
	return u, nil
}

// changeEmail moves the account to a new, just confirmed address, and keeps
// the profile and the e-mail identity in step.
func (s *Service) changeEmail(ctx context.Context, tx db.Querier, u *user, newEmail string) error {
	now := s.clock()
	_, err := tx.ExecContext(ctx, `UPDATE users SET email = ?, email_change = '', email_change_sent_at = NULL, updated_at = ? WHERE id = ?`, newEmail, now, u.ID)
	if db.IsUniqueViolation(err) {
		return unprocessable("email_exists", "A user with this email address has already been registered")
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE profiles SET email = ?, updated_at = ? WHERE id = ?`, newEmail, now, u.ID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE identities SET email = ?, updated_at = ? WHERE user_id = ? AND provider = 'email'`, newEmail, now, u.ID); err != nil {
		return err
	}
	u.Email, u.EmailChange, u.EmailChangeSentAt = newEmail, "", nil
	return nil
}

func sessionFragment(t *tokenResponse, typ string) url.Values {
	return url.Values{
		"access_token":  {t.AccessToken},
		"expires_at":    {strconv.FormatInt(t.ExpiresAt, 10)},
		"expires_in":    {strconv.Itoa(t.ExpiresIn)},
		"refresh_token": {t.RefreshToken},
		"token_type":    {t.TokenType},
		"type":          {typ},
	}
}

// oauthErrors maps statuses to the OAuth error names Supabase Auth puts in
// redirects.
var oauthErrors = map[int]string{
	http.StatusBadRequest:          "invalid_request",
	http.StatusUnauthorized:        "unauthorized_client",
	http.StatusForbidden:           "access_denied",
	http.StatusNotFound:            "invalid_request",
	http.StatusUnprocessableEntity: "invalid_request",
	http.StatusTooManyRequests:     "temporarily_unavailable",
	http.StatusInternalServerError: "server_error",
}

// errorRedirect puts the error in the fragment, and for PKCE flows also in
// the query, where each kind of client looks.
func errorRedirect(redirect string, e *apiError, pkce bool) string {
	u, err := url.Parse(redirect)
	if err != nil {
		return redirect
	}
	name := oauthErrors[e.Status]
	if name == "" {
		name = "server_error"
	}
	v := url.Values{"error": {name}, "error_code": {e.Code}, "error_description": {e.Message}}
	u.RawQuery = ""
	if pkce {
		u.RawQuery = v.Encode()
	}
	u.Fragment = ""
	u.RawFragment = ""
	return u.String() + "#" + v.Encode()
}

func withQuery(redirect string, v url.Values) string {
	u, err := url.Parse(redirect)
	if err != nil {
		return redirect
	}
	q := u.Query()
	for k, vals := range v {
		q[k] = vals
	}
	u.RawQuery = q.Encode()
	return u.String()
}

func withFragment(redirect string, v url.Values) string {
	u, err := url.Parse(redirect)
	if err != nil {
		return redirect
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String() + "#" + v.Encode()
}

// VerificationStatus answers GET /verification-status?user_id=<uuid> with
// {"verified": true|false}: whether the account has confirmed its e-mail.
// The e-mail-verification-pending page polls it with the id that sign-up
// returned, so it needs neither a session nor the password. An unknown or
// malformed id is simply {"verified": false}, so the answer reveals nothing
// about which accounts exist; ids are random UUIDs, never enumerable.
func (s *Service) VerificationStatus(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.limit(ctx, r, "verification_status"); err != nil {
		return err
	}
	verified := false
	if id, err := uuid.Parse(r.URL.Query().Get("user_id")); err == nil {
		u, err := userByID(ctx, s.db, id.String())
		switch {
		case err == nil:
			verified = u.confirmed()
		case !errors.Is(err, errNoUser):
			return err
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]bool{"verified": verified})
	return nil
}
