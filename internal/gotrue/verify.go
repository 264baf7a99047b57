package gotrue

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

var linkTypes = map[string]bool{typeSignup: true, typeRecovery: true, typeMagicLink: true, typeEmailChange: true, typeInvite: true}

// VerifyLink handles GET /verify, the link in every account e-mail: it
// redirects (303) to redirect_to with the session in the fragment, or with
// ?code= for PKCE flows, or with the error as Supabase Auth does.
func (s *Service) VerifyLink(w http.ResponseWriter, r *http.Request) error {
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
	pkce := strings.HasPrefix(token, pkceTokenPrefix)
	target, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (string, error) {
		t, err := s.consumeToken(ctx, tx, "token_hash", hashToken(token), typ)
		if err != nil {
			return "", err
		}
		u, err := s.applyVerification(ctx, tx, t)
		if err != nil {
			return "", err
		}
		if t.FlowStateID != "" {
			code, err := s.issueAuthCode(ctx, tx, t.FlowStateID, u.ID)
			return withQuery(redirect, url.Values{"code": {code}}), err
		}
		resp, err := s.signIn(ctx, tx, u, "otp", r)
		if err != nil {
			return "", err
		}
		return withFragment(redirect, sessionFragment(resp, typ)), nil
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
	Phone     string `json:"phone"`
}

// VerifyToken handles POST /verify with a token_hash (the link's token), or
// with the e-mail address and the 6-digit code, and returns a session.
func (s *Service) VerifyToken(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in verifyRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Type == "sms" || in.Type == "phone_change" {
		return refusePhoneCode(in.Phone)
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
		if err := checkEmailLength(in.Email); err != nil {
			return err
		}
		column, hash = "otp_hash", otpHash(in.Email, strings.TrimSpace(in.Token))
		ctx = withSignInMethod(ctx, MethodCode)
	default:
		return badRequest("validation_failed", "Verify requires either a token or a token hash")
	}
	resp, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*tokenResponse, error) {
		t, err := s.consumeToken(ctx, tx, column, hash, types...)
		if errors.Is(err, errOTPExpired) {
			return nil, forbidden("otp_expired", "Token has expired or is invalid")
		}
		if err != nil {
			return nil, err
		}
		u, err := s.applyVerification(ctx, tx, t)
		if err != nil {
			return nil, err
		}
		return s.signIn(ctx, tx, u, "otp", r)
	})
	if column == "otp_hash" && isOTPExpired(err) {
		if err := countWrongCode(ctx, s.db, normalizeEmail(in.Email), types, s.clock(), maxWrongCodes); err != nil {
			return err
		}
		if err := s.recordFailedSignInByEmail(ctx, in.Email, MethodCode, r); err != nil {
			return err
		}
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, resp)
}

// applyVerification does what a used token proves: the address is the
// user's (all types), and for email_change the new address replaces the old.
func (s *Service) applyVerification(ctx context.Context, tx db.Querier, t *oneTimeToken) (*user, error) {
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
	err := moveToEmail(ctx, tx, u.ID, newEmail, now)
	if db.IsUniqueViolation(err) {
		return unprocessable("email_exists", "A user with this email address has already been registered")
	}
	if err != nil {
		return err
	}
	u.Email, u.EmailChange, u.EmailChangeSentAt = newEmail, "", nil
	return nil
}

func isOTPExpired(err error) bool {
	var e *apiError
	return errors.As(err, &e) && e.Code == "otp_expired"
}
