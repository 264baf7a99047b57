// WebAuthn as a second factor (factor_type "webauthn" on /factors, as
// GoTrue and auth-js's mfa.webauthn.register/authenticate): a security key
// or a phone, beside TOTP. Enrolling makes an unverified factor; its first
// challenge is a registration ("create"), later ones an assertion
// ("request") of its one credential; a verified one raises the session to
// aal2 with amr "mfa/webauthn".

package gotrue

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"bookshop/internal/db"
)

const amrWebAuthnFactor = "mfa/webauthn"

var errWebAuthnFactorFailed = unprocessable("mfa_verification_failed", "WebAuthn verification failed")

// enrollWebAuthn makes an unverified WebAuthn factor (EnrollFactor's
// transaction, after its checks).
func (s *Service) enrollWebAuthn(ctx context.Context, tx db.Querier, u *user, name string) (any, error) {
	if s.rp == nil {
		return nil, errWebAuthnFactorDisabled
	}
	now := s.clock()
	f := factor{ID: newID(), UserID: u.ID, FriendlyName: name, Type: "webauthn", Status: factorUnverified, CreatedAt: now, UpdatedAt: now}
	if err := insertFactor(ctx, tx, &f); err != nil {
		return nil, err
	}
	return map[string]string{"id": f.ID, "type": f.Type, "friendly_name": f.FriendlyName}, nil
}

// webAuthnChallengeJSON is the webauthn part of a challenge response; the
// options are under credential_options.publicKey, as auth-js reads them.
type webAuthnChallengeJSON struct {
	Type              string `json:"type"` // "create" or "request"
	CredentialOptions any    `json:"credential_options"`
}

// challengeWebAuthnFactor begins the factor's ceremony (ChallengeFactor's
// transaction): registering its credential while the factor is
// unverified, else an assertion of that credential.
func (s *Service) challengeWebAuthnFactor(ctx context.Context, tx db.Querier, b *bearer, f *factor) (map[string]any, error) {
	if s.rp == nil {
		return nil, errWebAuthnFactorDisabled
	}
	var options any
	var sd *webauthn.SessionData
	var kind, purpose string
	if f.Status == factorUnverified {
		others, err := factorCredentialsOf(ctx, tx, b.user.ID)
		if err != nil {
			return nil, err
		}
		account := webAuthnAccount{u: b.user, creds: others}
		creation, session, err := s.rp.BeginRegistration(account, webauthn.WithExclusions(account.exclusions()),
			webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
				ResidentKey: protocol.ResidentKeyRequirementDiscouraged, UserVerification: protocol.VerificationDiscouraged,
			}))
		if err != nil {
			return nil, err
		}
		options, sd, kind, purpose = creation, session, "create", purposeFactorCreate
	} else {
		// Any of the account's keys passes the step, as in GoTrue: the app
		// names one factor, the parent may hold up another.
		creds, err := factorCredentialsOf(ctx, tx, b.user.ID)
		if err != nil {
			return nil, err
		}
		assertion, session, err := s.rp.BeginLogin(webAuthnAccount{u: b.user, creds: creds},
			webauthn.WithUserVerification(protocol.VerificationDiscouraged))
		if err != nil {
			return nil, err
		}
		options, sd, kind, purpose = assertion, session, "request", purposeFactorRequest
	}
	c, err := s.beginCeremony(ctx, tx, purpose, b.user.ID, f.ID, sd)
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": c.ID, "type": f.Type, "expires_at": c.ExpiresAt.Unix(),
		"webauthn": webAuthnChallengeJSON{Type: kind, CredentialOptions: options}}, nil
}

// webAuthnFactorInput is the webauthn part of a verify request.
type webAuthnFactorInput struct {
	Type               string          `json:"type"`
	CredentialResponse json.RawMessage `json:"credential_response"`
}

// checkWebAuthnFactorInput refuses a verify request of a WebAuthn factor
// without a credential (or a recovery code), with GoTrue's messages.
func checkWebAuthnFactorInput(in *webAuthnFactorInput, code string) error {
	switch {
	case in == nil && strings.TrimSpace(code) != "":
		return nil
	case in == nil:
		return badRequest("validation_failed", "WebAuthn config required")
	case in.Type != "create" && in.Type != "request":
		return badRequest("validation_failed", "WebAuthn type must be create or request")
	case len(in.CredentialResponse) == 0 || string(in.CredentialResponse) == "null":
		return badRequest("validation_failed", "credential_response required")
	}
	return nil
}

// verifyWebAuthnFactor finishes the factor's ceremony (VerifyFactor's
// transaction) and raises the session to aal2. The challenge is used up
// whatever the outcome; an error of the client's is returned as failed,
// so the caller commits that and then responds with it.
//
// With a recovery code instead of a credential (code, in nil), one of the
// account's unused recovery codes passes the challenge of a verified
// factor: a parent whose only factor is a lost key is not locked out.
func (s *Service) verifyWebAuthnFactor(ctx context.Context, tx *db.Tx, b *bearer, f *factor, challengeID string, in *webAuthnFactorInput, code string) (out *mfaVerifyResponse, failed, err error) {
	if s.rp == nil {
		return nil, nil, errWebAuthnFactorDisabled
	}
	if err := s.checkProofAttempts(ctx, b.user.Email); err != nil {
		return nil, nil, err
	}
	purpose := purposeFactorRequest
	if f.Status == factorUnverified {
		purpose = purposeFactorCreate
	}
	c, err := s.finishCeremony(ctx, tx, challengeID, purpose, b.user.ID, f.ID)
	if errors.Is(err, errWebAuthnChallengeNotFound) {
		return nil, notFound("mfa_factor_not_found", "Challenge not found"), nil
	}
	if errors.Is(err, errWebAuthnChallengeExpired) {
		return nil, unprocessable("mfa_challenge_expired", "MFA challenge %s has expired, verify against another challenge or create a new challenge.", challengeID), nil
	}
	if err != nil {
		return nil, err, nil
	}
	if in == nil {
		return s.verifyRecoveryCode(ctx, tx, b, f, code)
	}
	if (purpose == purposeFactorCreate) != (in.Type == "create") {
		return nil, errWebAuthnFactorFailed, nil
	}
	if purpose == purposeFactorCreate {
		err = s.registerFactorCredential(ctx, tx, b, f, c, in.CredentialResponse)
	} else {
		err = s.assertFactorCredential(ctx, tx, b, f, c, in.CredentialResponse)
	}
	if err != nil {
		if asServerError(err) != nil {
			return nil, nil, err
		}
		return nil, err, nil
	}
	out, err = s.completeMFA(ctx, tx, b, f, amrWebAuthnFactor)
	return out, nil, err
}

func (s *Service) registerFactorCredential(ctx context.Context, tx *db.Tx, b *bearer, f *factor, c *webAuthnChallenge, raw json.RawMessage) error {
	parsed, err := protocol.ParseCredentialCreationResponseBytes(raw)
	if err != nil {
		return errWebAuthnFactorFailed
	}
	cred, err := s.rp.CreateCredential(webAuthnAccount{u: b.user}, c.Session, parsed)
	if err != nil {
		return errWebAuthnFactorFailed
	}
	taken, err := credentialIDTaken(ctx, tx, cred.ID)
	if err != nil {
		return err
	}
	if taken {
		return errWebAuthnCredentialExists
	}
	return insertWebAuthnCredential(ctx, tx, s.newCredentialRecord(b.user.ID, f.ID, f.FriendlyName, cred))
}

func (s *Service) assertFactorCredential(ctx context.Context, tx *db.Tx, b *bearer, f *factor, c *webAuthnChallenge, raw json.RawMessage) error {
	parsed, err := protocol.ParseCredentialRequestResponseBytes(raw)
	if err != nil {
		return errWebAuthnFactorFailed
	}
	creds, err := factorCredentialsOf(ctx, tx, b.user.ID)
	if err != nil {
		return err
	}
	used, err := s.rp.ValidateLogin(webAuthnAccount{u: b.user, creds: creds}, c.Session, parsed)
	if err != nil {
		return errWebAuthnFactorFailed
	}
	i := slices.IndexFunc(creds, func(c webAuthnCredential) bool { return bytes.Equal(c.CredentialID, used.ID) })
	if i < 0 {
		return errWebAuthnFactorFailed
	}
	err = s.recordUse(ctx, tx, &creds[i], used)
	if errors.Is(err, errWebAuthnFailed) {
		return errWebAuthnFactorFailed
	}
	return err
}

func (s *Service) verifyRecoveryCode(ctx context.Context, tx *db.Tx, b *bearer, f *factor, code string) (*mfaVerifyResponse, error, error) {
	if f.Status != factorVerified {
		return nil, errWebAuthnFactorFailed, nil
	}
	used, err := useRecoveryCode(ctx, tx, b.user.ID, strings.TrimSpace(code), s.clock())
	if err != nil {
		return nil, nil, err
	}
	if !used {
		return nil, unprocessable("mfa_verification_failed", "Invalid recovery code entered"), nil
	}
	out, err := s.completeMFA(ctx, tx, b, f, "recovery_code")
	return out, nil, err
}
