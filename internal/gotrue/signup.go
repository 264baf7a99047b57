package gotrue

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	bsmail "bookshop/internal/mail"
)

type signupRequest struct {
	Email    string         `json:"email"`
	Phone    string         `json:"phone"` // refused: phone sign-up is off
	Password string         `json:"password"`
	Data     map[string]any `json:"data"`
	pkceParams
}

// SignUp handles POST /signup: it creates an unconfirmed user with its
// profile and e-mails the confirmation link. The session comes only after
// the address is confirmed.
func (s *Service) SignUp(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in signupRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := refusePhoneOrAnonymous(in.Email, in.Phone); err != nil {
		return err
	}
	if s.cfg.DisableSignup {
		return errSignupDisabled
	}
	if err := checkMetadataSize(in.Data); err != nil {
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
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (any, error) {
		existing, err := userByEmail(ctx, tx, email)
		switch {
		case err == nil && existing.confirmed():
			return s.signupOfExistingAccount(ctx, tx, email, hash, in.Data)
		case err == nil:
			// An unconfirmed registration proves nothing: whoever signed up
			// before (perhaps an attacker pre-registering the victim's
			// address, perhaps a magic-link request) is replaced, with their
			// password, data, id and links. Confirming the newest link proves
			// ownership of the password set last.
			if err := DeleteAccount(ctx, tx, existing.ID); err != nil {
				return nil, err
			}
		case !errors.Is(err, errNoUser):
			return nil, err
		}
		u := newSignupUser(email, hash, in.Data, s.clock())
		if err := s.createUser(ctx, tx, u, "email", u.ID, emailIdentityData(u)); err != nil {
			return nil, err
		}
		if s.cfg.MailerAutoconfirm { // development: confirmed at once, and signed in as GoTrue does
			if err := confirmEmail(ctx, tx, u, s.clock()); err != nil {
				return nil, err
			}
			return s.signIn(ctx, tx, u, "password", r)
		}
		if err := s.claimEmailSlot(ctx, tx, u.Email, typeSignup); err != nil {
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
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// maxMetadataBytes caps the user metadata a client may set: it travels in
// every access token, which must stay small.
const maxMetadataBytes = 4096

func checkMetadataSize(data map[string]any) error {
	if data == nil {
		return nil
	}
	b, err := json.Marshal(data)
	if err != nil || len(b) > maxMetadataBytes {
		return unprocessable("validation_failed", "User metadata is too large (at most %d bytes)", maxMetadataBytes)
	}
	return nil
}

// newSignupUser is the user a sign-up creates: unconfirmed, with its data.
func newSignupUser(email, passwordHash string, data map[string]any, now time.Time) *user {
	if data == nil {
		data = map[string]any{}
	}
	return &user{ID: newID(), Email: email, PasswordHash: passwordHash, UserMetadata: data,
		AppMetadata: map[string]any{"provider": "email", "providers": []any{"email"}}, CreatedAt: now, UpdatedAt: now}
}

func emailIdentityData(u *user) map[string]any {
	return map[string]any{"sub": u.ID, "email": u.Email, "email_verified": false, "phone_verified": false}
}

// signupOfExistingAccount responds to a sign-up for a confirmed address exactly
// as one for a new address (the cooldown, then a user that was never
// stored), so sign-up does not tell who has an account; the owner gets an
// e-mail saying someone tried to register with it. Only with auto-confirm
// on, where a new sign-up would get a session, does it respond with GoTrue's
// user_already_exists.
func (s *Service) signupOfExistingAccount(ctx context.Context, tx db.Querier, email, passwordHash string, data map[string]any) (*userJSON, error) {
	if s.cfg.MailerAutoconfirm {
		return nil, unprocessable("user_already_exists", "User already registered")
	}
	if err := s.claimEmailSlot(ctx, tx, email, typeSignupAttempt); err != nil {
		return nil, err
	}
	if err := s.sendAccountEmail(ctx, tx, bsmail.SignupAttempt, email, &emailToken{Link: s.cfg.SiteURL + "/login"}); err != nil {
		return nil, err
	}
	now := s.clock()
	u := newSignupUser(email, passwordHash, data, now)
	u.ConfirmationSentAt = &now
	ident := identity{ID: newID(), UserID: u.ID, Provider: "email", ProviderID: u.ID, Email: email,
		IdentityData: emailIdentityData(u), CreatedAt: now, UpdatedAt: now}
	return userJSONOf(u, []identity{ident}, nil), nil
}
