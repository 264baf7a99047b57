// WebAuthn, shared by passkeys (passkeys.go) and security keys or phones as
// a second factor (webauthn_factor.go): the relying party, the account as
// go-webauthn sees it, and the ceremonies' challenges. The protocol itself
// (client data, signatures, origins, flags) is github.com/go-webauthn/webauthn.

package gotrue

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/google/uuid"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// webAuthnChallengeTTL is how long a ceremony may take, as GoTrue's
// GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION default.
const webAuthnChallengeTTL = 5 * time.Minute

// The purposes a challenge is made for; one purpose's challenge never
// finishes another's ceremony.
const (
	purposePasskeyRegistration   = "passkey_registration"
	purposePasskeyAuthentication = "passkey_authentication"
	purposeFactorCreate          = "factor_create"
	purposeFactorRequest         = "factor_request"
)

// GoTrue's errors of the WebAuthn ceremonies (supabase/auth internal/api
// passkey_*.go). A response that does not verify, for whatever reason (a
// replay, another origin, another user's credential, a
// counter that went back), gets the same answer, so it teaches nothing.
var (
	errWebAuthnChallengeNotFound = badRequest("webauthn_challenge_not_found", "Challenge not found or already used")
	errWebAuthnChallengeExpired  = badRequest("webauthn_challenge_expired", "Challenge has expired")
	errWebAuthnBadResponse       = badRequest("webauthn_verification_failed", "Invalid credential response")
	errWebAuthnFailed            = badRequest("webauthn_verification_failed", "Credential verification failed")
	errWebAuthnCredentialExists  = unprocessable("webauthn_credential_exists", "This credential is already registered")
	// A passkey sign-in with a credential the shop holds for nobody (its
	// account deleted, the passkey removed): said apart from the rest so the
	// app can tell the browser to stop offering it (WebAuthn's
	// signalUnknownCredential). It teaches nothing about any account: only
	// the authenticator that made the credential knows its id.
	errWebAuthnUnknownCredential = badRequest("webauthn_credential_not_found", "Credential not found")
)

// newRelyingParty is the shop as a WebAuthn relying party, or nil when
// SITE_URL gives it no id (passkeys are then off). Attestation is not asked
// for: the shop trusts any authenticator the parent chooses.
func newRelyingParty(cfg Settings) (*webauthn.WebAuthn, error) {
	if cfg.WebAuthnRPID == "" {
		return nil, nil
	}
	return webauthn.New(&webauthn.Config{
		RPID:                  cfg.WebAuthnRPID,
		RPDisplayName:         "Siso & Friends",
		RPOrigins:             cfg.WebAuthnOrigins,
		AttestationPreference: protocol.PreferNoAttestation,
	})
}

// webAuthnAccount is an account as go-webauthn sees it: its user handle is
// the user id (as GoTrue's), with the credentials of one ceremony.
type webAuthnAccount struct {
	u     *user
	creds []webAuthnCredential
}

func (a webAuthnAccount) WebAuthnID() []byte   { return []byte(a.u.ID) }
func (a webAuthnAccount) WebAuthnName() string { return a.u.Email }

func (a webAuthnAccount) WebAuthnDisplayName() string {
	first, _ := a.u.UserMetadata["first_name"].(string)
	last, _ := a.u.UserMetadata["last_name"].(string)
	if name := strings.TrimSpace(first + " " + last); name != "" {
		return name
	}
	return a.u.Email
}

func (a webAuthnAccount) WebAuthnCredentials() []webauthn.Credential {
	out := make([]webauthn.Credential, len(a.creds))
	for i, c := range a.creds {
		out[i] = c.credential()
	}
	return out
}

// exclusions lists the account's credentials, so an authenticator that
// holds one already is not registered twice.
func (a webAuthnAccount) exclusions() []protocol.CredentialDescriptor {
	out := make([]protocol.CredentialDescriptor, len(a.creds))
	for i, c := range a.creds {
		cred := c.credential()
		out[i] = cred.Descriptor()
	}
	return out
}

// webAuthnChallenge is a ceremony begun and not yet finished.
type webAuthnChallenge struct {
	ID, Purpose      string
	UserID, FactorID string // "" when the ceremony has none (a discoverable sign-in)
	Session          webauthn.SessionData
	ExpiresAt        time.Time
}

// beginCeremony stores the session data of a ceremony just begun.
func (s *Service) beginCeremony(ctx context.Context, q db.Querier, purpose, userID, factorID string, sd *webauthn.SessionData) (*webAuthnChallenge, error) {
	now := s.clock()
	c := &webAuthnChallenge{ID: newID(), Purpose: purpose, UserID: userID, FactorID: factorID, Session: *sd, ExpiresAt: now.Add(webAuthnChallengeTTL)}
	return c, insertWebAuthnChallenge(ctx, q, c, now)
}

// takeCeremony takes (deletes) the challenge of a ceremony made for the
// purpose and the user ("" for none), in a transaction of its own: a
// challenge works once, whatever becomes of the response, and never after
// it expired. What the response then changes is all or nothing.
func (s *Service) takeCeremony(ctx context.Context, id, purpose, userID, factorID string) (*webAuthnChallenge, error) {
	if err := checkChallengeID(id); err != nil {
		return nil, err
	}
	c, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*webAuthnChallenge, error) {
		return takeWebAuthnChallenge(ctx, tx, id, purpose, userID, factorID)
	})
	return s.checkCeremony(c, err)
}

// finishCeremony is takeCeremony in the caller's transaction (the second
// step's, which commits a refusal, so its challenge stays used).
func (s *Service) finishCeremony(ctx context.Context, tx *db.Tx, id, purpose, userID, factorID string) (*webAuthnChallenge, error) {
	if err := checkChallengeID(id); err != nil {
		return nil, err
	}
	return s.checkCeremony(takeWebAuthnChallenge(ctx, tx, id, purpose, userID, factorID))
}

func checkChallengeID(id string) error {
	if _, err := uuid.Parse(id); err != nil {
		return badRequest("validation_failed", "challenge_id must be a valid UUID")
	}
	return nil
}

func (s *Service) checkCeremony(c *webAuthnChallenge, err error) (*webAuthnChallenge, error) {
	if errors.Is(err, errNoChallenge) {
		return nil, errWebAuthnChallengeNotFound
	}
	if err != nil {
		return nil, err
	}
	if !s.clock().Before(c.ExpiresAt) {
		return nil, errWebAuthnChallengeExpired
	}
	return c, nil
}

// ceremonyInput is the body of a verify request of the passkey endpoints.
type ceremonyInput struct {
	ChallengeID string          `json:"challenge_id"`
	Credential  json.RawMessage `json:"credential"`
}

func decodeCeremonyInput(r *http.Request) (*ceremonyInput, error) {
	var in ceremonyInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return nil, err
	}
	if in.ChallengeID == "" {
		return nil, badRequest("validation_failed", "challenge_id is required")
	}
	if len(in.Credential) == 0 || string(in.Credential) == "null" {
		return nil, badRequest("validation_failed", "credential is required")
	}
	return &in, nil
}

// parseRegistration and parseAssertion read a credential as auth-js
// serialises navigator.credentials.create() and .get(); what is not one
// is the same refusal as a response that does not verify.
func parseRegistration(raw json.RawMessage) (*protocol.ParsedCredentialCreationData, error) {
	p, err := protocol.ParseCredentialCreationResponseBytes(raw)
	if err != nil {
		return nil, errWebAuthnBadResponse
	}
	return p, nil
}

func parseAssertion(raw json.RawMessage) (*protocol.ParsedCredentialAssertionData, error) {
	p, err := protocol.ParseCredentialRequestResponseBytes(raw)
	if err != nil {
		return nil, errWebAuthnBadResponse
	}
	return p, nil
}

// newCredentialRecord is what is stored of a credential just registered.
func (s *Service) newCredentialRecord(userID, factorID, name string, c *webauthn.Credential) *webAuthnCredential {
	now := s.clock()
	transports := make([]string, len(c.Transport))
	for i, t := range c.Transport {
		transports[i] = string(t)
	}
	return &webAuthnCredential{
		ID: newID(), UserID: userID, FactorID: factorID, CredentialID: c.ID, PublicKey: c.PublicKey,
		SignCount: c.Authenticator.SignCount, Transports: transports, Flags: byte(c.Flags.ProtocolValue()),
		AAGUID: c.Authenticator.AAGUID, AttestationType: c.AttestationType, AttestationFormat: c.AttestationFormat,
		FriendlyName: name, CreatedAt: now, UpdatedAt: now,
	}
}

// recordUse stores the counter and flags of a verified assertion. A counter
// that did not move forward (a cloned authenticator, or a replay racing the
// first use) refuses the sign-in; authenticators that keep no counter send
// 0 every time, which is fine.
func (s *Service) recordUse(ctx context.Context, tx db.Querier, stored *webAuthnCredential, used *webauthn.Credential) error {
	if used.Authenticator.CloneWarning {
		return errWebAuthnFailed
	}
	ok, err := updateWebAuthnCredentialUse(ctx, tx, stored.ID, stored.SignCount, used.Authenticator.SignCount, byte(used.Flags.ProtocolValue()), s.clock())
	if err != nil {
		return err
	}
	if !ok {
		return errWebAuthnFailed
	}
	return nil
}
