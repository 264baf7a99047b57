package gotrue

import (
	"context"
	"net/http"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

type resendRequest struct {
	Type  string `json:"type"`
	Email string `json:"email"`
	pkceParams
}

// ResendEmail handles POST /resend for the confirmation e-mail (type signup) and
// the e-mail change link (type email_change). Like SendPasswordReset, it responds the
// same whether or not there is anything to resend.
func (s *Service) ResendEmail(w http.ResponseWriter, r *http.Request) error {
	var in resendRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Type == "sms" || in.Type == "phone_change" {
		return errPhoneResendDisabled
	}
	if in.Type != typeSignup && in.Type != typeEmailChange {
		return badRequest("validation_failed", "Missing one of these types: signup, email_change, sms, phone_change")
	}
	return s.mailIfKnown(w, r, in.Email, in.Type, in.pkceParams, func(ctx context.Context, tx *db.Tx, u *user, redirect string) error {
		switch {
		case in.Type == typeSignup && !u.confirmed():
			return s.sendConfirmation(ctx, tx, u, in.pkceParams, redirect)
		case in.Type == typeEmailChange && u.EmailChange != "":
			return s.sendEmailChange(ctx, tx, u, u.EmailChange, in.pkceParams, redirect)
		}
		return nil
	})
}
