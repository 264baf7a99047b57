package gotrue_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"
)

// softAuthenticator is a WebAuthn authenticator in software, with the
// browser around it: it answers the options of the shop's ceremonies as
// navigator.credentials.create() and .get() would, serialised as auth-js
// sends them, with ECDSA P-256 keys (COSE alg -7) and no attestation.
// origin is the page the browser says the ceremony ran on.
type softAuthenticator struct {
	origin string
	rpID   string
	noUV   bool // a touch only: the user present, not verified (no PIN, no biometrics)
}

// softCredential is a key the authenticator holds.
type softCredential struct {
	id         []byte
	key        *ecdsa.PrivateKey
	userHandle []byte
	count      uint32
}

var b64url = base64.RawURLEncoding

// publicKeyOptions is what the tests read of the server's options.
type publicKeyOptions struct {
	Challenge string `json:"challenge"`
	RP        struct {
		ID string `json:"id"`
	} `json:"rp"`
	RPID string `json:"rpId"`
	User struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"user"`
	UserVerification string `json:"userVerification"` // of a sign-in
	AllowCredentials []struct {
		ID string `json:"id"`
	} `json:"allowCredentials"`
	ExcludeCredentials []struct {
		ID string `json:"id"`
	} `json:"excludeCredentials"`
	AuthenticatorSelection struct {
		ResidentKey      string `json:"residentKey"`
		UserVerification string `json:"userVerification"`
	} `json:"authenticatorSelection"`
}

func (a softAuthenticator) clientData(t *testing.T, kind, challenge string) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"type": kind, "challenge": challenge, "origin": a.origin, "crossOrigin": false})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// authData is the authenticator data: the RP id's hash, flags (user
// present and verified), the counter, and attested credential data if any.
func (a softAuthenticator) authData(count uint32, attested []byte) []byte {
	hash := sha256.Sum256([]byte(a.rpID))
	flags := byte(0x01 | 0x04) // UP, UV
	if a.noUV {
		flags = 0x01
	}
	if attested != nil {
		flags |= 0x40 // AT
	}
	out := append(hash[:], flags)
	out = binary.BigEndian.AppendUint32(out, count)
	return append(out, attested...)
}

// create makes a new credential for the options and returns the response.
func (a softAuthenticator) create(t *testing.T, o publicKeyOptions) (*softCredential, json.RawMessage) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	userHandle, err := b64url.DecodeString(o.User.ID)
	if err != nil {
		t.Fatalf("user.id %q: %v", o.User.ID, err)
	}
	c := &softCredential{id: make([]byte, 32), key: key, userHandle: userHandle}
	_, _ = rand.Read(c.id)
	pub, err := key.PublicKey.ECDH()
	if err != nil {
		t.Fatal(err)
	}
	raw := pub.Bytes() // 0x04 | X | Y
	cose, err := webauthncbor.Marshal(webauthncose.EC2PublicKeyData{
		PublicKeyData: webauthncose.PublicKeyData{KeyType: int64(webauthncose.EllipticKey), Algorithm: int64(webauthncose.AlgES256)},
		Curve:         1, XCoord: raw[1:33], YCoord: raw[33:],
	})
	if err != nil {
		t.Fatal(err)
	}
	attested := make([]byte, 16) // AAGUID: none
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(c.id)))
	attested = append(append(attested, c.id...), cose...)
	object, err := webauthncbor.Marshal(struct {
		Fmt      string         `cbor:"fmt"`
		AttStmt  map[string]any `cbor:"attStmt"`
		AuthData []byte         `cbor:"authData"`
	}{"none", map[string]any{}, a.authData(c.count, attested)})
	if err != nil {
		t.Fatal(err)
	}
	return c, a.credentialJSON(t, c.id, map[string]any{
		"clientDataJSON":    b64url.EncodeToString(a.clientData(t, "webauthn.create", o.Challenge)),
		"attestationObject": b64url.EncodeToString(object),
		"transports":        []string{"internal"},
	})
}

// get signs the options' challenge with c, its counter one up.
func (a softAuthenticator) get(t *testing.T, o publicKeyOptions, c *softCredential) json.RawMessage {
	t.Helper()
	c.count++
	data := a.authData(c.count, nil)
	client := a.clientData(t, "webauthn.get", o.Challenge)
	clientHash := sha256.Sum256(client)
	digest := sha256.Sum256(append(append([]byte{}, data...), clientHash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, c.key, digest[:])
	if err != nil {
		t.Fatal(err)
	}
	return a.credentialJSON(t, c.id, map[string]any{
		"clientDataJSON":    b64url.EncodeToString(client),
		"authenticatorData": b64url.EncodeToString(data),
		"signature":         b64url.EncodeToString(sig),
		"userHandle":        b64url.EncodeToString(c.userHandle),
	})
}

func (a softAuthenticator) credentialJSON(t *testing.T, id []byte, response map[string]any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(map[string]any{"id": b64url.EncodeToString(id), "rawId": b64url.EncodeToString(id),
		"type": "public-key", "response": response, "clientExtensionResults": map[string]any{}, "authenticatorAttachment": "platform"})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
