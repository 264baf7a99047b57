package gotrue

import (
	"context"
	"errors"
	"net/http"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

type otpRequest struct {
	Email      string         `json:"email"`
	Phone      string         `json:"phone"` // refused: SMS codes are off
	Data       map[string]any `json:"data"`
	CreateUser *bool          `json:"create_user"`
	pkceParams
}

// SendMagicLink handles POST /otp: it e-mails a magic link (and code). With
// create_user false an unknown address gets no e-mail but the same response
// (and cooldown) as a known one, so the endpoint does not tell who has an
// account.
func (s *Service) SendMagicLink(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in otpRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Email == "" && in.Phone != "" {
		return errPhoneOTPDisabled
	}
	if err := checkMetadataSize(in.Data); err != nil {
		return err
	}
	email, err := validEmail(in.Email)
	if err != nil {
		return err
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		u, err := userByEmail(ctx, tx, email)
		if errors.Is(err, errNoUser) {
			if in.CreateUser != nil && !*in.CreateUser {
				return s.claimEmailSlot(ctx, tx, email, typeMagicLink)
			}
			if s.cfg.DisableSignup {
				return errSignupDisabled
			}
			u, err = s.createPasswordlessUser(ctx, tx, email, in.Data)
		}
		if err != nil {
			return err
		}
		if err := s.claimEmailSlot(ctx, tx, email, typeMagicLink); err != nil {
			return err
		}
		return s.sendLink(ctx, tx, u, typeMagicLink, in.pkceParams, redirect)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, emptyObject)
}

func (s *Service) createPasswordlessUser(ctx context.Context, tx db.Querier, email string, data map[string]any) (*user, error) {
	u := newSignupUser(email, "", data, s.clock())
	return u, s.createUser(ctx, tx, u, "email", u.ID, emailIdentityData(u))
}
