package auth

import (
	"context"
	"errors"
	"net/http"

	"bookshop/internal/db"
	bsmail "bookshop/internal/mail"
)

// emptyObject is the `{}` body of the e-mail endpoints.
var emptyObject = struct{}{}

type otpRequest struct {
	Email      string         `json:"email"`
	Data       map[string]any `json:"data"`
	CreateUser *bool          `json:"create_user"`
	pkceParams
}

// OTP answers POST /otp: it e-mails a magic link (and code). With
// create_user false an unknown address is refused, as in Supabase Auth.
func (s *Service) OTP(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.limit(ctx, r, "otp"); err != nil {
		return err
	}
	var in otpRequest
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	email, err := validEmail(in.Email)
	if err != nil {
		return err
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		u, err := userByEmail(ctx, tx, email)
		if errors.Is(err, errNoUser) {
			if in.CreateUser != nil && !*in.CreateUser {
				return unprocessable("otp_disabled", "Signups not allowed for otp")
			}
			u, err = s.createPasswordlessUser(ctx, tx, email, in.Data)
		}
		if err != nil {
			return err
		}
		if err := s.claimEmailSlot(ctx, tx, email); err != nil {
			return err
		}
		return s.sendLink(ctx, tx, u, typeMagicLink, in.pkceParams, redirect)
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, emptyObject)
	return nil
}

func (s *Service) createPasswordlessUser(ctx context.Context, tx db.Querier, email string, data map[string]any) (*user, error) {
	now := s.clock()
	if data == nil {
		data = map[string]any{}
	}
	u := &user{ID: newID(), Email: email, UserMetadata: data,
		AppMetadata: map[string]any{"provider": "email", "providers": []any{"email"}}, CreatedAt: now, UpdatedAt: now}
	err := s.createUser(ctx, tx, u, "email", u.ID, map[string]any{"sub": u.ID, "email": email, "email_verified": false, "phone_verified": false})
	return u, err
}

// sendLink queues a magic-link or recovery e-mail. The cooldown must
// already be claimed.
func (s *Service) sendLink(ctx context.Context, tx db.Querier, u *user, tokenType string, p pkceParams, redirect string) error {
	flowID, err := s.createFlowState(ctx, tx, u.ID, p, tokenType, redirect)
	if err != nil {
		return err
	}
	tok, err := s.issueEmailToken(ctx, tx, u, tokenType, u.Email, flowID, redirect)
	if err != nil {
		return err
	}
	now := s.clock()
	if err := setUserColumn(ctx, tx, u.ID, "recovery_sent_at", now, now); err != nil {
		return err
	}
	kind := bsmail.MagicLink
	if tokenType == typeRecovery {
		kind = bsmail.ResetPassword
	}
	return s.sendAccountEmail(ctx, tx, kind, u.Email, tok)
}

type recoverRequest struct {
	Email string `json:"email"`
	pkceParams
}

// Recover answers POST /recover: a password-reset link for a known address,
// and the same 200 for an unknown one, so nobody learns who has an account.
// The cooldown applies to unknown addresses too, for the same reason.
func (s *Service) Recover(w http.ResponseWriter, r *http.Request) error {
	if err := s.limit(r.Context(), r, "recover"); err != nil {
		return err
	}
	var in recoverRequest
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	return s.mailIfKnown(w, r, in.Email, in.pkceParams, func(ctx context.Context, tx *db.Tx, u *user, redirect string) error {
		return s.sendLink(ctx, tx, u, typeRecovery, in.pkceParams, redirect)
	})
}

type resendRequest struct {
	Type  string `json:"type"`
	Email string `json:"email"`
	pkceParams
}

// Resend answers POST /resend for the confirmation e-mail (type signup) and
// the e-mail change link (type email_change). Like Recover, it answers the
// same whether or not there is anything to resend.
func (s *Service) Resend(w http.ResponseWriter, r *http.Request) error {
	if err := s.limit(r.Context(), r, "resend"); err != nil {
		return err
	}
	var in resendRequest
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	if in.Type != typeSignup && in.Type != typeEmailChange {
		return badRequest("validation_failed", "Missing one of these types: signup, email_change, sms, phone_change")
	}
	return s.mailIfKnown(w, r, in.Email, in.pkceParams, func(ctx context.Context, tx *db.Tx, u *user, redirect string) error {
		switch {
		case in.Type == typeSignup && !u.confirmed():
			return s.sendConfirmation(ctx, tx, u, in.pkceParams, redirect)
		case in.Type == typeEmailChange && u.EmailChange != "":
			return s.sendEmailChange(ctx, tx, u, u.EmailChange, in.pkceParams, redirect)
		}
		return nil
	})
}

// mailIfKnown is the part Recover and Resend share: it checks the address
// and the PKCE parameters, claims the address's cooldown whether or not an
// account uses it, runs send only for an existing account, and answers {}
// either way, so the answer never tells who has an account.
func (s *Service) mailIfKnown(w http.ResponseWriter, r *http.Request, rawEmail string, p pkceParams,
	send func(ctx context.Context, tx *db.Tx, u *user, redirect string) error) error {
	ctx := r.Context()
	email, err := validEmail(rawEmail)
	if err != nil {
		return err
	}
	if p.present() {
		if err := p.validate(); err != nil {
			return err
		}
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.claimEmailSlot(ctx, tx, email); err != nil {
			return err
		}
		u, err := userByEmail(ctx, tx, email)
		if errors.Is(err, errNoUser) {
			return nil
		}
		if err != nil {
			return err
		}
		return send(ctx, tx, u, redirect)
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, emptyObject)
	return nil
}
