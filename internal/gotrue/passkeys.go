// Passkeys: GoTrue's /passkeys endpoints as @supabase/auth-js calls them
// (registerPasskey, signInWithPasskey, passkey.list/update/delete). A
// passkey signs a parent in on its own, at aal1: an account with two-step
// sign-in still owes its second step afterwards.

package gotrue

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/mileusna/useragent"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// maxPasskeys per account, as GoTrue's GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER.
const maxPasskeys = 10

var (
	errTooManyPasskeys  = unprocessable("too_many_passkeys", "Maximum number of passkeys reached")
	errPasskeyNotFound  = notFound("validation_failed", "Passkey not found")
	errPasskeyNeedsAAL2 = "manage passkeys"
)

// passkeyJSON is a passkey in GoTrue's list and update responses.
type passkeyJSON struct {
	ID           string     `json:"id"`
	FriendlyName string     `json:"friendly_name,omitempty"`
	CreatedAt    time.Time  `json:"created_at"`
	LastUsedAt   *time.Time `json:"last_used_at,omitempty"`
}

func (c webAuthnCredential) passkeyJSON() passkeyJSON {
	return passkeyJSON{ID: c.ID, FriendlyName: c.FriendlyName, CreatedAt: c.CreatedAt, LastUsedAt: c.LastUsedAt}
}

// passkeyOptions is the response of both /options endpoints.
type passkeyOptions struct {
	ChallengeID string `json:"challenge_id"`
	Options     any    `json:"options"`
	ExpiresAt   int64  `json:"expires_at"`
}

// passkeysOn refuses every passkey endpoint, as GoTrue with passkeys off,
// when SITE_URL gives the shop no relying party id.
func (s *Service) passkeysOn() error {
	if s.rp == nil {
		return errPasskeysDisabled
	}
	return nil
}

// passkeyManager is the bearer of a request that adds or removes a
// passkey: with two-step sign-in on, only from a session that passed it.
func (s *Service) passkeyManager(ctx context.Context, q db.Querier, r *http.Request) (*bearer, error) {
	b, err := s.requireBearer(ctx, q, r)
	if err != nil {
		return nil, err
	}
	return b, s.requireSecondStep(ctx, q, b, errPasskeyNeedsAAL2)
}

// StartPasskeyRegistration handles POST /passkeys/registration/options:
// the options for navigator.credentials.create(), a discoverable
// credential that the browser may offer by itself at the next sign-in.
func (s *Service) StartPasskeyRegistration(w http.ResponseWriter, r *http.Request) error {
	if err := s.passkeysOn(); err != nil {
		return err
	}
	ctx := r.Context()
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*passkeyOptions, error) {
		b, err := s.passkeyManager(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		creds, err := passkeysOf(ctx, tx, b.user.ID)
		if err != nil {
			return nil, err
		}
		if len(creds) >= maxPasskeys {
			return nil, errTooManyPasskeys
		}
		account := webAuthnAccount{u: b.user, creds: creds}
		creation, sd, err := s.rp.BeginRegistration(account, webauthn.WithExclusions(account.exclusions()),
			webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
				ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
				UserVerification: protocol.VerificationPreferred,
			}))
		if err != nil {
			return nil, err
		}
		c, err := s.beginCeremony(ctx, tx, purposePasskeyRegistration, b.user.ID, "", sd)
		if err != nil {
			return nil, err
		}
		return &passkeyOptions{ChallengeID: c.ID, Options: creation.Response, ExpiresAt: c.ExpiresAt.Unix()}, nil
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// FinishPasskeyRegistration handles POST /passkeys/registration/verify:
// the authenticator's new credential, checked against the challenge, kept
// as a passkey of the caller.
func (s *Service) FinishPasskeyRegistration(w http.ResponseWriter, r *http.Request) error {
	if err := s.passkeysOn(); err != nil {
		return err
	}
	ctx := r.Context()
	b, err := s.passkeyManager(ctx, s.db, r)
	if err != nil {
		return err
	}
	in, err := decodeCeremonyInput(r)
	if err != nil {
		return err
	}
	c, err := s.takeCeremony(ctx, in.ChallengeID, purposePasskeyRegistration, b.user.ID, "")
	if err != nil {
		return err
	}
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*passkeyJSON, error) {
		b, err := s.passkeyManager(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		return s.registerPasskey(ctx, tx, r, b, c, in)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// asServerError is nil for an error the client gets and err itself for a
// failure of ours.
func asServerError(err error) error {
	var e *apiError
	if errors.As(err, &e) {
		return nil
	}
	return err
}

func (s *Service) registerPasskey(ctx context.Context, tx *db.Tx, r *http.Request, b *bearer, c *webAuthnChallenge, in *ceremonyInput) (*passkeyJSON, error) {
	parsed, err := parseRegistration(in.Credential)
	if err != nil {
		return nil, err
	}
	creds, err := passkeysOf(ctx, tx, b.user.ID)
	if err != nil {
		return nil, err
	}
	if len(creds) >= maxPasskeys {
		return nil, errTooManyPasskeys
	}
	cred, err := s.rp.CreateCredential(webAuthnAccount{u: b.user, creds: creds}, c.Session, parsed)
	if err != nil {
		return nil, errWebAuthnFailed
	}
	taken, err := credentialIDTaken(ctx, tx, cred.ID)
	if err != nil {
		return nil, err
	}
	if taken {
		return nil, errWebAuthnCredentialExists
	}
	record := s.newCredentialRecord(b.user.ID, "", passkeyName(r.UserAgent()), cred)
	if err := insertWebAuthnCredential(ctx, tx, record); err != nil {
		return nil, err
	}
	out := record.passkeyJSON()
	return &out, nil
}

// passkeyName names a new passkey after the browser that made it ("Chrome
// on Android"), which is where the parent will look for it; they may
// rename it.
func passkeyName(userAgent string) string {
	ua := useragent.Parse(userAgent)
	switch {
	case ua.Name != "" && ua.OS != "":
		return ua.Name + " on " + ua.OS
	case ua.Name != "":
		return ua.Name
	}
	return "Passkey"
}

// StartPasskeySignIn handles POST /passkeys/authentication/options: a
// challenge for any passkey of the shop (a discoverable credential: the
// browser offers the ones it holds, also as autofill in the e-mail field).
// It stores nothing (webauthn_signin.go), so it is not rate-limited.
func (s *Service) StartPasskeySignIn(w http.ResponseWriter, r *http.Request) error {
	if err := s.passkeysOn(); err != nil {
		return err
	}
	id, expires := newID(), s.clock().Add(webAuthnChallengeTTL)
	assertion, _, err := s.beginSignIn(s.signInChallenge(id, expires))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, passkeyOptions{ChallengeID: id, Options: assertion.Response, ExpiresAt: expires.Unix()})
}

// FinishPasskeySignIn handles POST /passkeys/authentication/verify: the
// assertion of a passkey starts a session (aal1, amr "passkey") for its
// owner. Failures count against the owner's limit of wrong passwords, as
// a wrong password does.
func (s *Service) FinishPasskeySignIn(w http.ResponseWriter, r *http.Request) error {
	if err := s.passkeysOn(); err != nil {
		return err
	}
	ctx := r.Context()
	in, err := decodeCeremonyInput(r)
	if err != nil {
		return err
	}
	if err := checkChallengeID(in.ChallengeID); err != nil {
		return err
	}
	parsed, err := parseAssertion(in.Credential)
	if err != nil {
		return err
	}
	c, err := s.signInSession(in.ChallengeID, parsed)
	if err != nil {
		return err
	}
	if err := s.useSignInChallenge(ctx, c); err != nil {
		return err
	}
	var owner string // the e-mail of the account the credential belongs to, once known
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*tokenResponse, error) {
		return s.passkeySignIn(ctx, tx, r, c, parsed, &owner)
	})
	if errors.Is(err, errWebAuthnFailed) && owner != "" {
		if countErr := s.countWrongProof(ctx, owner); countErr != nil {
			return countErr
		}
		if recErr := s.recordFailedSignInByEmail(ctx, owner, MethodPasskey, r); recErr != nil {
			return recErr
		}
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

func (s *Service) passkeySignIn(ctx context.Context, tx *db.Tx, r *http.Request, c *webAuthnChallenge, parsed *protocol.ParsedCredentialAssertionData, owner *string) (*tokenResponse, error) {
	stored, err := passkeyByCredentialID(ctx, tx, parsed.RawID)
	if err != nil {
		return nil, err
	}
	if stored == nil {
		return nil, errWebAuthnUnknownCredential
	}
	if stored.UserID != string(parsed.Response.UserHandle) {
		return nil, errWebAuthnFailed // not the account the authenticator names
	}
	u, err := userByID(ctx, tx, stored.UserID)
	if err != nil {
		return nil, err
	}
	*owner = u.Email
	if err := s.checkProofAttempts(ctx, u.Email); err != nil {
		return nil, err
	}
	account := webAuthnAccount{u: u, creds: []webAuthnCredential{*stored}}
	_, used, err := s.rp.ValidatePasskeyLogin(func(_, _ []byte) (webauthn.User, error) { return account, nil }, c.Session, parsed)
	if err != nil {
		return nil, errWebAuthnFailed
	}
	if !u.confirmed() {
		return nil, forbidden("email_not_confirmed", "Email not confirmed")
	}
	if err := s.recordUse(ctx, tx, stored, used); err != nil {
		return nil, err
	}
	return s.signIn(ctx, tx, u, "passkey", r)
}

// ListPasskeys handles GET /passkeys: the caller's passkeys, oldest first.
func (s *Service) ListPasskeys(w http.ResponseWriter, r *http.Request) error {
	if err := s.passkeysOn(); err != nil {
		return err
	}
	ctx := r.Context()
	b, err := s.requireBearer(ctx, s.db, r)
	if err != nil {
		return err
	}
	return writePasskeys(w, r, s.db, b.user.ID)
}

// writePasskeys responds with userID's passkeys, oldest first.
func writePasskeys(w http.ResponseWriter, r *http.Request, q db.Querier, userID string) error {
	creds, err := passkeysOf(r.Context(), q, userID)
	if err != nil {
		return err
	}
	out := make([]passkeyJSON, len(creds))
	for i, c := range creds {
		out[i] = c.passkeyJSON()
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// RenamePasskey handles PATCH /passkeys/{id} with {"friendly_name"}.
func (s *Service) RenamePasskey(w http.ResponseWriter, r *http.Request) error {
	if err := s.passkeysOn(); err != nil {
		return err
	}
	ctx := r.Context()
	if _, err := s.requireBearer(ctx, s.db, r); err != nil {
		return err
	}
	var in struct {
		FriendlyName string `json:"friendly_name"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	name := strings.TrimSpace(in.FriendlyName)
	if name == "" {
		return badRequest("validation_failed", "friendly_name is required")
	}
	if len(name) > 120 {
		return badRequest("validation_failed", "friendly_name must be 120 characters or less")
	}
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*passkeyJSON, error) {
		b, err := s.requireBearer(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		ok, err := renamePasskey(ctx, tx, b.user.ID, r.PathValue("id"), name, s.clock())
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errPasskeyNotFound
		}
		creds, err := passkeysOf(ctx, tx, b.user.ID)
		if err != nil {
			return nil, err
		}
		for _, c := range creds {
			if c.ID == r.PathValue("id") {
				out := c.passkeyJSON()
				return &out, nil
			}
		}
		return nil, errPasskeyNotFound
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// DeletePasskey handles DELETE /passkeys/{id}: 204, or 404 for a passkey
// that is not the caller's.
func (s *Service) DeletePasskey(w http.ResponseWriter, r *http.Request) error {
	if err := s.passkeysOn(); err != nil {
		return err
	}
	ctx := r.Context()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		b, err := s.passkeyManager(ctx, tx, r)
		if err != nil {
			return err
		}
		ok, err := deletePasskey(ctx, tx, b.user.ID, r.PathValue("id"))
		if err != nil {
			return err
		}
		if !ok {
			return errPasskeyNotFound
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
