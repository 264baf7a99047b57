package auth

import (
	"context"
	"errors"
	"net/http"

	"bookshop/internal/db"
	bsmail "bookshop/internal/mail"
)

// GetUser answers GET /user: the user behind the access token.
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
	writeJSON(w, http.StatusOK, out)
	return nil
}

type updateUserRequest struct {
	Email    *string        `json:"email"`
	Password *string        `json:"password"`
	Data     map[string]any `json:"data"`
	pkceParams
}

// UpdateUser answers PUT /user: a new password, user metadata, or a new
// e-mail address, which takes effect once its link is opened.
func (s *Service) UpdateUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in updateUserRequest
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	var out *userJSON
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		b, err := s.requireBearer(ctx, tx, r)
		if err != nil {
			return err
		}
		u := b.user
		if in.Password != nil {
			if err := s.updatePassword(ctx, tx, u, *in.Password); err != nil {
				return err
			}
		}
		if in.Data != nil {
			if err := s.mergeUserMetadata(ctx, tx, u, in.Data); err != nil {
				return err
			}
		}
		if in.Email != nil {
			if err := s.requestEmailChange(ctx, tx, u, *in.Email, in.pkceParams, s.redirectTarget(r.URL.Query().Get("redirect_to"))); err != nil {
				return err
			}
		}
		u, err = userByID(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		out, err = s.userResponse(ctx, tx, u)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Service) updatePassword(ctx context.Context, tx db.Querier, u *user, password string) error {
	if err := checkNewPasswordLength(password); err != nil {
		return err
	}
	if u.PasswordHash != "" {
		same, err := checkPassword(password, u.PasswordHash)
		if err != nil {
			return err
		}
		if same {
			return unprocessable("same_password", "New password should be different from the old password.")
		}
	}
	hash, err := hashPassword(password, s.hashParams)
	if err != nil {
		return err
	}
	return setUserColumn(ctx, tx, u.ID, "encrypted_password", hash, s.clock())
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
	if err := s.claimEmailSlot(ctx, tx, email); err != nil {
		return err
	}
	return s.sendEmailChange(ctx, tx, u, email, p, redirect)
}

// sendEmailChange records the pending address and e-mails its link to it.
func (s *Service) sendEmailChange(ctx context.Context, tx db.Querier, u *user, newEmail string, p pkceParams, redirect string) error {
	now := s.clock()
	if _, err := tx.ExecContext(ctx, `UPDATE users SET email_change = ?, email_change_sent_at = ?, updated_at = ? WHERE id = ?`, newEmail, now, now, u.ID); err != nil {
		return err
	}
	u.EmailChange, u.EmailChangeSentAt = newEmail, &now
	flowID, err := s.createFlowState(ctx, tx, u.ID, p, typeEmailChange, redirect)
	if err != nil {
		return err
	}
	tok, err := s.issueEmailToken(ctx, tx, u, typeEmailChange, newEmail, flowID, redirect)
	if err != nil {
		return err
	}
	return s.sendAccountEmail(ctx, tx, bsmail.ConfirmEmailChange, newEmail, tok)
}

// Logout answers POST /logout?scope=global|local|others with 204: it ends
// the caller's session, all their sessions, or all but the caller's.
func (s *Service) Logout(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	scope := r.URL.Query().Get("scope")
	if scope == "" {
		scope = "global"
	}
	var query string
	switch scope {
	case "global":
		query = `DELETE FROM sessions WHERE user_id = ? AND ? <> ''`
	case "local":
		query = `DELETE FROM sessions WHERE user_id = ? AND id = ?`
	case "others":
		query = `DELETE FROM sessions WHERE user_id = ? AND id <> ?`
	default:
		return badRequest("validation_failed", "Unsupported logout scope %q", scope)
	}
	b, err := s.requireBearer(ctx, s.db, r)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, query, b.user.ID, b.session.ID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Settings answers GET /settings: which ways of signing in are enabled.
func (s *Service) Settings(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, map[string]any{
		"external": map[string]bool{
			"anonymous_users": false, "apple": false, "azure": false, "bitbucket": false, "discord": false,
			"email": true, "facebook": false, "figma": false, "github": false, "gitlab": false,
			"google": s.cfg.GoogleEnabled(), "keycloak": false, "kakao": false, "linkedin_oidc": false,
			"notion": false, "phone": false, "slack_oidc": false, "spotify": false, "twitch": false,
			"twitter": false, "workos": false, "zoom": false,
		},
		"disable_signup":     false,
		"mailer_autoconfirm": false,
		"phone_autoconfirm":  false,
		"sms_provider":       "",
		"saml_enabled":       false,
	})
	return nil
}
