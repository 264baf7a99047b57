// The passkey sign-in's challenges are stateless: every visit to a sign-in
// form asks for one (the browser's passkey autofill needs it before anyone
// chooses to sign in), so making one must write nothing and count against
// no limit. The challenge the authenticator signs is the expiry and an HMAC
// of it with the challenge id; the verify request brings both back, and a
// challenge that verifies is recorded as used until it expires, so it
// works once.

package gotrue

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
)

// signInChallengeMAC is the length of the challenge's HMAC (after 8 bytes of expiry).
const signInChallengeMAC = 24

// signInChallenge is the challenge of sign-in id, expiring at expires.
func (s *Service) signInChallenge(id string, expires time.Time) []byte {
	out := binary.BigEndian.AppendUint64(nil, uint64(expires.Unix()))
	return append(out, s.signInMAC(id, out)...)
}

func (s *Service) signInMAC(id string, expiry []byte) []byte {
	key := hmac.New(sha256.New, s.jwtSecret)
	key.Write([]byte("passkey sign-in challenge"))
	m := hmac.New(sha256.New, key.Sum(nil))
	m.Write([]byte(id))
	m.Write(expiry)
	return m.Sum(nil)[:signInChallengeMAC]
}

// beginSignIn is a discoverable sign-in's options with the challenge of id.
// A passkey stands for the password, so the key must verify its user (PIN
// or biometrics): a touch on a stolen key is not a sign-in.
func (s *Service) beginSignIn(challenge []byte) (*protocol.CredentialAssertion, *webauthn.SessionData, error) {
	return s.rp.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired), webauthn.WithChallenge(challenge))
}

// signInSession is the ceremony of sign-in id as its options made it, from
// the challenge the response signed: a response to another challenge (or
// to none the shop made) does not verify; one too late is expired.
func (s *Service) signInSession(id string, parsed *protocol.ParsedCredentialAssertionData) (*webAuthnChallenge, error) {
	challenge, err := base64.RawURLEncoding.DecodeString(parsed.Response.CollectedClientData.Challenge)
	if err != nil || len(challenge) != 8+signInChallengeMAC || !hmac.Equal(challenge[8:], s.signInMAC(id, challenge[:8])) {
		return nil, errWebAuthnFailed
	}
	expires := time.Unix(int64(binary.BigEndian.Uint64(challenge[:8])), 0)
	if !s.clock().Before(expires) {
		return nil, errWebAuthnChallengeExpired
	}
	_, sd, err := s.beginSignIn(challenge)
	if err != nil {
		return nil, err
	}
	sd.Expires = time.Time{} // checked above, on the shop's clock
	return &webAuthnChallenge{ID: id, Purpose: purposePasskeyAuthentication, Session: *sd, ExpiresAt: expires}, nil
}

// useSignInChallenge records c as used, in a statement of its own (a
// challenge works once, whatever becomes of the response); a second use is
// the stored ceremonies' "not found".
func (s *Service) useSignInChallenge(ctx context.Context, c *webAuthnChallenge) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO webauthn_used_challenges (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`,
		c.ID, c.ExpiresAt)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return errWebAuthnChallengeNotFound
	}
	return nil
}
