// The account e-mails: the tokens they carry and how each kind is sent.

package gotrue

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	bsmail "bookshop/internal/mail"
)

// sendEmailChange records the pending address and e-mails its link to it.
func (s *Service) sendEmailChange(ctx context.Context, tx db.Querier, u *user, newEmail string, p pkceParams, redirect string) error {
	now := s.clock()
	if err := setPendingEmail(ctx, tx, u.ID, newEmail, now); err != nil {
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

// emptyObject is the `{}` body of the e-mail endpoints.
var emptyObject = struct{}{}

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

// mailIfKnown is the part Recover and Resend share: it checks the address
// and the PKCE parameters, claims the address's cooldown whether or not an
// account uses it, runs send only for an existing account whose cooldown was
// free, and responds {} in every case. A running cooldown sends nothing but
// is no 429 either: only an account's own e-mails start it (a sign-up, a
// reset), so a 429 would tell that the address has an account.
func (s *Service) mailIfKnown(w http.ResponseWriter, r *http.Request, rawEmail, emailType string, p pkceParams,
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
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if _, claimed, err := s.tryEmailSlot(ctx, tx, email, emailType); err != nil || !claimed {
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
	return httpx.WriteJSON(w, http.StatusOK, emptyObject)
}

// Types of e-mailed tokens, named as in Supabase Auth's verify `type`.
const (
	typeSignup      = "signup"
	typeRecovery    = "recovery"
	typeMagicLink   = "magiclink"
	typeEmailChange = "email_change"
	// typeSignupAttempt is no token: the e-mail to the owner of an address
	// someone tried to sign up with. It has its own cooldown.
	typeSignupAttempt = "signup_attempt"
)

func tokenTTL(tokenType string) time.Duration {
	if tokenType == typeRecovery || tokenType == typeMagicLink || tokenType == typeReauthentication {
		return recoveryTTL
	}
	return confirmationTTL
}

// emailToken is what goes into an e-mail: a link and a 6-digit code.
type emailToken struct {
	Link string
	Code string
}

// issueEmailToken replaces any live token of this type for the user with a
// new one, and returns the link and code to e-mail to sentTo.
func (s *Service) issueEmailToken(ctx context.Context, tx db.Querier, u *user, tokenType, sentTo, flowStateID, redirectTo string) (*emailToken, error) {
	now := s.clock()
	tok, code := randomToken(32), randomDigits(6)
	if flowStateID != "" {
		tok = pkceTokenPrefix + tok
	}
	t := oneTimeToken{UserID: u.ID, Type: tokenType, TokenHash: hashToken(tok), OTPHash: otpHash(sentTo, code), SentTo: sentTo,
		FlowStateID: flowStateID, ExpiresAt: now.Add(tokenTTL(tokenType)), CreatedAt: now}
	if err := replaceOneTimeToken(ctx, tx, &t); err != nil {
		return nil, err
	}
	// In GoTrue's order (token first), which auth-js's tests read the link by.
	q := "token=" + url.QueryEscape(tok) + "&type=" + url.QueryEscape(tokenType) + "&redirect_to=" + url.QueryEscape(redirectTo)
	return &emailToken{Link: s.cfg.SiteURL + "/auth/v1/verify?" + q, Code: code}, nil
}

// consumeToken finds a live token by the hash of its link token or of its
// code, deletes it (tokens work once) and returns it. Unknown, expired and
// already used tokens all get otp_expired, as in Supabase Auth.
func (s *Service) consumeToken(ctx context.Context, tx db.Querier, column, hash string, types ...string) (*oneTimeToken, error) {
	t, err := takeOneTimeToken(ctx, tx, column, hash, types)
	if errors.Is(err, errNoToken) {
		return nil, errOTPExpired
	}
	if err != nil {
		return nil, err
	}
	if !s.clock().Before(t.ExpiresAt) {
		return nil, errOTPExpired
	}
	return t, nil
}

// sendAccountEmail queues one of the account e-mails in tx.
func (s *Service) sendAccountEmail(ctx context.Context, tx db.Querier, kind bsmail.AccountEmailKind, to string, t *emailToken) error {
	m, err := bsmail.AccountEmail(kind, to, t.Link, t.Code)
	if err != nil {
		return err
	}
	return bsmail.Enqueue(ctx, tx, m)
}

// sendConfirmation queues the confirmation e-mail. The cooldown must
// already be claimed.
func (s *Service) sendConfirmation(ctx context.Context, tx db.Querier, u *user, p pkceParams, redirect string) error {
	flowID, err := s.createFlowState(ctx, tx, u.ID, p, "email/signup", redirect)
	if err != nil {
		return err
	}
	tok, err := s.issueEmailToken(ctx, tx, u, typeSignup, u.Email, flowID, redirect)
	if err != nil {
		return err
	}
	now := s.clock()
	if err := setUserColumn(ctx, tx, u.ID, "confirmation_sent_at", now, now); err != nil {
		return err
	}
	u.ConfirmationSentAt = &now
	return s.sendAccountEmail(ctx, tx, bsmail.ConfirmSignup, u.Email, tok)
}
