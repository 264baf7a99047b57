package gotrue_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// The WebAuthn ceremonies of passkeys and of WebAuthn factors, each hostile
// response beside them, on one server per database: the steps share their
// accounts, so the file costs a few sign-ups, not one per case.

// browser is the shop's own page: the origin and relying party id that
// SITE_URL (apitest.SiteURL) gives.
var browser = softAuthenticator{origin: apitest.SiteURL, rpID: "shop.test"}

type ceremony struct {
	ChallengeID string          `json:"challenge_id"`
	Options     json.RawMessage `json:"options"`
	ExpiresAt   int64           `json:"expires_at"`
}

func (c ceremony) publicKey(t *testing.T) publicKeyOptions {
	t.Helper()
	var o publicKeyOptions
	if err := json.Unmarshal(c.Options, &o); err != nil {
		t.Fatalf("options %s: %v", c.Options, err)
	}
	return o
}

func begin(t *testing.T, e *apitest.Env, url string, s *session) ceremony {
	t.Helper()
	var headers map[string]string
	if s != nil {
		headers = s.auth()
	}
	r := e.Request("POST", url, map[string]any{}, "", headers)
	r.Expect(t, http.StatusOK)
	var c ceremony
	r.Decode(t, &c)
	return c
}

func finish(e *apitest.Env, url, challengeID string, credential json.RawMessage, s *session) *apitest.Response {
	var headers map[string]string
	if s != nil {
		headers = s.auth()
	}
	return e.Request("POST", url, map[string]any{"challenge_id": challengeID, "credential": credential}, "", headers)
}

// registerPasskey runs the registration ceremony for s with the browser.
func registerPasskey(t *testing.T, e *apitest.Env, s session) (*softCredential, string) {
	t.Helper()
	c := begin(t, e, "/auth/v1/passkeys/registration/options", &s)
	cred, resp := browser.create(t, c.publicKey(t))
	r := finish(e, "/auth/v1/passkeys/registration/verify", c.ChallengeID, resp, &s)
	r.Expect(t, http.StatusOK)
	return cred, field(t, r, "id")
}

// signInWithPasskey begins a sign-in and answers it with cred through a.
func signInWithPasskey(t *testing.T, e *apitest.Env, a softAuthenticator, cred *softCredential) *apitest.Response {
	t.Helper()
	c := begin(t, e, "/auth/v1/passkeys/authentication/options", nil)
	return finish(e, "/auth/v1/passkeys/authentication/verify", c.ChallengeID, a.get(t, c.publicKey(t), cred), nil)
}

func TestPasskeys(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		ann := confirmedUser(t, e, "ann@example.com")
		bob := confirmedUser(t, e, "bob@example.com")
		sessions := func() int { return e.Count(`SELECT COUNT(*) FROM sessions`) }
		signCount := func(id string) int {
			return e.Count(`SELECT sign_count FROM webauthn_credentials WHERE id = ?`, id)
		}

		// Registration: a discoverable credential for ann, on SITE_URL's host.
		c := begin(t, e, "/auth/v1/passkeys/registration/options", &ann)
		o := c.publicKey(t)
		if o.RP.ID != "shop.test" || o.AuthenticatorSelection.ResidentKey != "required" || o.User.Name != "ann@example.com" ||
			c.ExpiresAt != e.Clock.Now().Add(5*time.Minute).Unix() {
			t.Fatalf("registration options: %s (expires %d)", c.Options, c.ExpiresAt)
		}
		annKey, resp := browser.create(t, o)
		// Bob cannot finish ann's ceremony, and that costs ann nothing.
		expectError(t, finish(e, "/auth/v1/passkeys/registration/verify", c.ChallengeID, resp, &bob), 400, "webauthn_challenge_not_found")
		r := finish(e, "/auth/v1/passkeys/registration/verify", c.ChallengeID, resp, &ann)
		r.Expect(t, http.StatusOK)
		annPasskey := field(t, r, "id")
		// The same challenge twice: refused.
		expectError(t, finish(e, "/auth/v1/passkeys/registration/verify", c.ChallengeID, resp, &ann), 400, "webauthn_challenge_not_found")

		// The list, and a new name.
		list := e.Request("GET", "/auth/v1/passkeys", nil, "", ann.auth())
		list.Expect(t, http.StatusOK)
		var keys []struct {
			ID, FriendlyName string
			LastUsedAt       *time.Time `json:"last_used_at"`
		}
		list.Decode(t, &keys)
		if len(keys) != 1 || keys[0].ID != annPasskey || keys[0].LastUsedAt != nil {
			t.Fatalf("passkeys: %s", list.Body)
		}
		rename := e.Request("PATCH", "/auth/v1/passkeys/"+annPasskey, map[string]any{"friendly_name": "Ann's phone"}, "", ann.auth())
		rename.Expect(t, http.StatusOK)
		if field(t, rename, "friendly_name") != "Ann's phone" {
			t.Fatalf("rename: %s", rename.Body)
		}
		expectError(t, e.Request("PATCH", "/auth/v1/passkeys/"+annPasskey, map[string]any{"friendly_name": "mine"}, "", bob.auth()), 404, "validation_failed")
		expectError(t, e.Request("PATCH", "/auth/v1/passkeys/"+annPasskey, map[string]any{"friendly_name": " "}, "", ann.auth()), 400, "validation_failed")
		expectError(t, e.Request("DELETE", "/auth/v1/passkeys/"+annPasskey, nil, "", bob.auth()), 404, "validation_failed")
		expectError(t, e.Request("GET", "/auth/v1/passkeys", nil, "", nil), 401, "no_authorization")

		// Sign-in: a session for ann at aal1, by passkey.
		before := sessions()
		r = signInWithPasskey(t, e, browser, annKey)
		r.Expect(t, http.StatusOK)
		var signedIn session
		r.Decode(t, &signedIn)
		cl := claimsOf(t, signedIn.AccessToken)
		if signedIn.User.ID != ann.User.ID || cl.AAL != "aal1" || len(cl.AMR) != 1 || cl.AMR[0].Method != "passkey" || sessions() != before+1 {
			t.Fatalf("passkey sign-in: %s", r.Body)
		}
		count := signCount(annPasskey)

		t.Run("hostile sign-ins change nothing", func(t *testing.T) {
			before := sessions()
			// The same response again, on its own challenge and on a new one.
			c := begin(t, e, "/auth/v1/passkeys/authentication/options", nil)
			resp := browser.get(t, c.publicKey(t), annKey)
			finish(e, "/auth/v1/passkeys/authentication/verify", c.ChallengeID, resp, nil).Expect(t, http.StatusOK)
			count = signCount(annPasskey)
			before++
			expectError(t, finish(e, "/auth/v1/passkeys/authentication/verify", c.ChallengeID, resp, nil), 400, "webauthn_challenge_not_found")
			fresh := begin(t, e, "/auth/v1/passkeys/authentication/options", nil)
			expectError(t, finish(e, "/auth/v1/passkeys/authentication/verify", fresh.ChallengeID, resp, nil), 400, "webauthn_verification_failed")

			// A sign-in asks the key to verify its user (issue 38, item 22),
			// and one that only saw a touch is refused.
			if uv := fresh.publicKey(t).UserVerification; uv != "required" {
				t.Errorf("sign-in options ask userVerification %q, want required", uv)
			}
			touchOnly := browser
			touchOnly.noUV = true
			expectError(t, signInWithPasskey(t, e, touchOnly, annKey), 400, "webauthn_verification_failed")
			// Signed on another site.
			evil := softAuthenticator{origin: "https://evil.test", rpID: "shop.test"}
			expectError(t, signInWithPasskey(t, e, evil, annKey), 400, "webauthn_verification_failed")
			// For another relying party.
			expectError(t, signInWithPasskey(t, e, softAuthenticator{origin: apitest.SiteURL, rpID: "evil.test"}, annKey), 400, "webauthn_verification_failed")
			// A credential the shop never registered.
			stranger, _ := browser.create(t, publicKeyOptions{User: struct {
				ID   string `json:"id"`
				Name string `json:"name"`
			}{ID: b64url.EncodeToString([]byte(ann.User.ID))}})
			expectError(t, signInWithPasskey(t, e, browser, stranger), 400, "webauthn_credential_not_found")
			// Ann's credential claiming to be bob's.
			posing := *annKey
			posing.userHandle = []byte(bob.User.ID)
			expectError(t, signInWithPasskey(t, e, browser, &posing), 400, "webauthn_verification_failed")
			// A counter that went back (a cloned key).
			held := annKey.count
			annKey.count = uint32(signCount(annPasskey)) - 2 // the next use signs with the stored count minus one
			expectError(t, signInWithPasskey(t, e, browser, annKey), 400, "webauthn_verification_failed")
			annKey.count = uint32(signCount(annPasskey)) - 1 // ... and with the stored count itself
			expectError(t, signInWithPasskey(t, e, browser, annKey), 400, "webauthn_verification_failed")
			annKey.count = held
			// Too late.
			late := begin(t, e, "/auth/v1/passkeys/authentication/options", nil)
			e.Clock.Advance(5*time.Minute + time.Second)
			expectError(t, finish(e, "/auth/v1/passkeys/authentication/verify", late.ChallengeID, browser.get(t, late.publicKey(t), annKey), nil), 400, "webauthn_challenge_expired")
			// Not a credential, and no challenge.
			garbled := begin(t, e, "/auth/v1/passkeys/authentication/options", nil)
			expectError(t, finish(e, "/auth/v1/passkeys/authentication/verify", garbled.ChallengeID, json.RawMessage(`{"id":"x","response":{}}`), nil), 400, "webauthn_verification_failed")
			expectError(t, finish(e, "/auth/v1/passkeys/authentication/verify", "", resp, nil), 400, "validation_failed")
			expectError(t, finish(e, "/auth/v1/passkeys/authentication/verify", "not-a-uuid", resp, nil), 400, "validation_failed")
			expectError(t, e.Do("POST", "/auth/v1/passkeys/authentication/verify", "{", ""), 400, "validation_failed")

			if sessions() != before || signCount(annPasskey) != count {
				t.Fatalf("sessions %d (want %d), sign count %d (want %d)", sessions(), before, signCount(annPasskey), count)
			}
			// A genuine sign-in still works afterwards (the key's counter kept rising on it).
			signInWithPasskey(t, e, browser, annKey).Expect(t, http.StatusOK)
		})

		t.Run("wrong responses count against the account's limit", func(t *testing.T) {
			e.Clock.Advance(16 * time.Minute) // a fresh window of failures
			evil := softAuthenticator{origin: "https://evil.test", rpID: "shop.test"}
			for range 10 {
				expectError(t, signInWithPasskey(t, e, evil, annKey), 400, "webauthn_verification_failed")
			}
			r := signInWithPasskey(t, e, browser, annKey)
			r.Expect(t, http.StatusTooManyRequests)
			if r.Header.Get("Retry-After") == "" {
				t.Fatalf("no Retry-After: %s", r.Body)
			}
			e.Clock.Advance(16 * time.Minute)
			signInWithPasskey(t, e, browser, annKey).Expect(t, http.StatusOK)
		})

		t.Run("a security key as the second step", func(t *testing.T) {
			// Bob turns two-step sign-in on with a security key.
			enrol := e.Request("POST", "/auth/v1/factors", map[string]any{"factor_type": "webauthn", "friendly_name": "Blue key"}, "", bob.auth())
			enrol.Expect(t, http.StatusOK)
			factorID := field(t, enrol, "id")
			key, resp := factorCeremony(t, e, bob, factorID, "create", nil)
			r := verifyFactor(e, bob, factorID, resp.challengeID, "create", resp.credential)
			r.Expect(t, http.StatusOK)
			var raised struct {
				session
				RecoveryCodes []string `json:"recovery_codes"`
			}
			r.Decode(t, &raised)
			if cl := claimsOf(t, raised.AccessToken); cl.AAL != "aal2" || cl.AMR[0].Method != "mfa/webauthn" || len(raised.RecoveryCodes) != 10 {
				t.Fatalf("enrolment: %s", r.Body)
			}

			// A new sign-in owes the key, then is aal2.
			pw := signIn(t, e, "bob@example.com", apitest.Password)
			if claimsOf(t, pw.AccessToken).AAL != "aal1" {
				t.Fatal("a password alone gave aal2")
			}
			_, resp = factorCeremony(t, e, pw, factorID, "request", key)
			r = verifyFactor(e, pw, factorID, resp.challengeID, "request", resp.credential)
			r.Expect(t, http.StatusOK)
			if cl := claimsOf(t, field(t, r, "access_token")); cl.AAL != "aal2" || cl.AMR[0].Method != "mfa/webauthn" || cl.AMR[1].Method != "password" {
				t.Fatalf("second step: %s", r.Body)
			}
			var aal2 session
			r.Decode(t, &aal2)
			// The same response again: its challenge is gone.
			expectError(t, verifyFactor(e, pw, factorID, resp.challengeID, "request", resp.credential), 404, "mfa_factor_not_found")

			// A recovery code instead of the key (a lost key), once.
			pw = signIn(t, e, "bob@example.com", apitest.Password)
			recover := func() *apitest.Response {
				rc := factorChallenge(t, e, pw, factorID)
				return e.Request("POST", "/auth/v1/factors/"+factorID+"/verify", map[string]any{"challenge_id": rc.id, "code": raised.RecoveryCodes[0]}, "", pw.auth())
			}
			r = recover()
			r.Expect(t, http.StatusOK)
			if cl := claimsOf(t, field(t, r, "access_token")); cl.AAL != "aal2" || cl.AMR[0].Method != "recovery_code" {
				t.Fatalf("recovery code: %s", r.Body)
			}
			expectError(t, recover(), 422, "mfa_verification_failed")

			// Hostile second steps of another sign-in: the wrong kind, another
			// origin, ann's passkey, a counter gone back, too late, none;
			// each leaves the session at aal1.
			pw = signIn(t, e, "bob@example.com", apitest.Password)
			before, raisedBefore := sessions(), e.Count(`SELECT COUNT(*) FROM sessions WHERE aal = 'aal2'`)
			_, wrongKind := factorCeremony(t, e, pw, factorID, "request", key)
			expectError(t, verifyFactor(e, pw, factorID, wrongKind.challengeID, "create", wrongKind.credential), 422, "mfa_verification_failed")
			_, other := factorCeremony(t, e, pw, factorID, "request", key)
			evil := softAuthenticator{origin: "https://evil.test", rpID: "shop.test"}
			c := factorChallenge(t, e, pw, factorID)
			expectError(t, verifyFactor(e, pw, factorID, c.id, "request", evil.get(t, c.options, key)), 422, "mfa_verification_failed")
			c = factorChallenge(t, e, pw, factorID)
			expectError(t, verifyFactor(e, pw, factorID, c.id, "request", browser.get(t, c.options, annKey)), 422, "mfa_verification_failed")
			held := key.count
			key.count = uint32(e.Count(`SELECT sign_count FROM webauthn_credentials WHERE factor_id = ?`, factorID)) - 1
			c = factorChallenge(t, e, pw, factorID)
			expectError(t, verifyFactor(e, pw, factorID, c.id, "request", browser.get(t, c.options, key)), 422, "mfa_verification_failed")
			key.count = held
			c = factorChallenge(t, e, pw, factorID)
			e.Clock.Advance(5*time.Minute + time.Second)
			expectError(t, verifyFactor(e, pw, factorID, c.id, "request", browser.get(t, c.options, key)), 422, "mfa_challenge_expired")
			expectError(t, e.Request("POST", "/auth/v1/factors/"+factorID+"/verify", map[string]any{"challenge_id": other.challengeID}, "", pw.auth()), 400, "validation_failed")
			// Ann cannot use bob's factor, nor his challenge.
			expectError(t, verifyFactor(e, ann, factorID, other.challengeID, "request", other.credential), 404, "mfa_factor_not_found")
			if sessions() != before || e.Count(`SELECT COUNT(*) FROM sessions WHERE aal = 'aal2'`) != raisedBefore {
				t.Fatal("a refused second step changed a session")
			}

			// A passkey of bob's signs him in at aal1 only: the key is still owed.
			bobKey, _ := registerPasskey(t, e, aal2)
			byPasskey := signInWithPasskey(t, e, browser, bobKey)
			byPasskey.Expect(t, http.StatusOK)
			if claimsOf(t, field(t, byPasskey, "access_token")).AAL != "aal1" {
				t.Fatalf("a passkey alone passed the second step: %s", byPasskey.Body)
			}
			// Adding or removing a passkey from that aal1 session needs the second step.
			var half session
			byPasskey.Decode(t, &half)
			expectError(t, e.Request("POST", "/auth/v1/passkeys/registration/options", map[string]any{}, "", half.auth()), 403, "insufficient_aal")
		})

		// Ann removes her passkey; it signs nobody in anymore, and the answer
		// says the credential is unknown so the app can tell the browser.
		e.Request("DELETE", "/auth/v1/passkeys/"+annPasskey, nil, "", ann.auth()).Expect(t, http.StatusNoContent)
		expectError(t, signInWithPasskey(t, e, browser, annKey), 400, "webauthn_credential_not_found")
	})
}

// factorResponse is a challenge of a WebAuthn factor answered by the browser.
type factorResponse struct {
	challengeID string
	credential  json.RawMessage
}

type factorChallengeData struct {
	id      string
	kind    string
	options publicKeyOptions
}

func factorChallenge(t *testing.T, e *apitest.Env, s session, factorID string) factorChallengeData {
	t.Helper()
	r := e.Request("POST", "/auth/v1/factors/"+factorID+"/challenge", map[string]any{"factorId": factorID,
		"webauthn": map[string]any{"rpId": "shop.test", "rpOrigins": []string{apitest.SiteURL}}}, "", s.auth())
	r.Expect(t, http.StatusOK)
	var body struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		WebAuthn struct {
			Type              string `json:"type"`
			CredentialOptions struct {
				PublicKey publicKeyOptions `json:"publicKey"`
			} `json:"credential_options"`
		} `json:"webauthn"`
	}
	r.Decode(t, &body)
	if body.Type != "webauthn" {
		t.Fatalf("challenge: %s", r.Body)
	}
	return factorChallengeData{id: body.ID, kind: body.WebAuthn.Type, options: body.WebAuthn.CredentialOptions.PublicKey}
}

// factorCeremony challenges the factor, expects the kind of ceremony, and
// answers it: with a new credential ("create") or with key ("request").
func factorCeremony(t *testing.T, e *apitest.Env, s session, factorID, kind string, key *softCredential) (*softCredential, factorResponse) {
	t.Helper()
	c := factorChallenge(t, e, s, factorID)
	if c.kind != kind {
		t.Fatalf("challenge of kind %q, want %q", c.kind, kind)
	}
	if kind == "create" {
		cred, resp := browser.create(t, c.options)
		return cred, factorResponse{c.id, resp}
	}
	if len(c.options.AllowCredentials) != 1 || c.options.AllowCredentials[0].ID != b64url.EncodeToString(key.id) {
		t.Fatalf("allowed credentials: %+v", c.options.AllowCredentials)
	}
	return key, factorResponse{c.id, browser.get(t, c.options, key)}
}

// verifyFactor sends the body auth-js's mfa.webauthn.verify sends.
func verifyFactor(e *apitest.Env, s session, factorID, challengeID, kind string, credential json.RawMessage) *apitest.Response {
	return e.Request("POST", "/auth/v1/factors/"+factorID+"/verify", map[string]any{"challenge_id": challengeID,
		"webauthn": map[string]any{"type": kind, "rpId": "shop.test", "rpOrigins": []string{apitest.SiteURL}, "credential_response": credential}},
		"", s.auth())
}

// Every visit to a sign-in form asks for a passkey challenge (autofill), so
// asking stores nothing and counts against no limit: far more than the
// per-minute limit all get one. A used challenge is kept until it expires,
// so it works once, and the clean-up then drops it.
func TestPasskeySignInChallengesCostNothingUntilUsed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		// 5 a minute: the registration's two requests and the three verifies below.
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "5"})
		ann := confirmedUser(t, e, "ann@example.com")
		key, _ := registerPasskey(t, e, ann)
		stored := func() int {
			return e.Count(`SELECT COUNT(*) FROM webauthn_challenges`) + e.Count(`SELECT COUNT(*) FROM webauthn_used_challenges`) +
				e.Count(`SELECT COUNT(*) FROM rate_limits WHERE bucket LIKE 'passkeys%'`)
		}
		before := stored() // the registration's
		var last ceremony
		for range 10 {
			last = begin(t, e, "/auth/v1/passkeys/authentication/options", nil)
		}
		if n := stored() - before; n != 0 {
			t.Fatalf("%d rows stored for 10 sign-in challenges", n)
		}

		resp := browser.get(t, last.publicKey(t), key)
		finish(e, "/auth/v1/passkeys/authentication/verify", last.ChallengeID, resp, nil).Expect(t, http.StatusOK)
		expectError(t, finish(e, "/auth/v1/passkeys/authentication/verify", last.ChallengeID, resp, nil), 400, "webauthn_challenge_not_found")
		// A challenge id the shop never gave, with a response to another.
		expectError(t, finish(e, "/auth/v1/passkeys/authentication/verify", "00000000-0000-0000-0000-000000000000", resp, nil), 400,
			"webauthn_verification_failed")
		if n := e.Count(`SELECT COUNT(*) FROM webauthn_used_challenges`); n != 1 {
			t.Fatalf("%d used challenges kept, want 1", n)
		}
		e.Clock.Advance(5*time.Minute + time.Second)
		if _, err := service(t, e).Cleanup(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := e.Count(`SELECT COUNT(*) FROM webauthn_used_challenges`); n != 0 {
			t.Fatalf("%d used challenges after they expired", n)
		}
	})
}
