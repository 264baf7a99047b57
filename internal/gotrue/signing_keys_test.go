package gotrue_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/gotrue"
)

type jwk struct {
	Kid, Alg, Kty, Crv, X, Y, N, E, Use string
}

// jwks fetches the published keys by kid.
func jwks(t *testing.T, e *apitest.Env) map[string]jwk {
	t.Helper()
	r := e.Do("GET", "/auth/v1/.well-known/jwks.json", nil, "").Expect(t, http.StatusOK)
	if cc := r.Header.Get("Cache-Control"); cc != "public, max-age=600" {
		t.Fatalf("Cache-Control %q", cc)
	}
	var set struct{ Keys []jwk }
	r.Decode(t, &set)
	out := map[string]jwk{}
	for _, k := range set.Keys {
		out[k.Kid] = k
	}
	return out
}

func (k jwk) public(t *testing.T) any {
	t.Helper()
	b := func(s string) *big.Int {
		v, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return new(big.Int).SetBytes(v)
	}
	switch k.Kty {
	case "EC":
		return &ecdsa.PublicKey{Curve: elliptic.P256(), X: b(k.X), Y: b(k.Y)}
	case "RSA":
		return &rsa.PublicKey{N: b(k.N), E: int(b(k.E).Int64())}
	}
	t.Fatalf("key type %q", k.Kty)
	return nil
}

// verifyWithJWKS checks a token as a client holding only the JWKS does
// (auth-js's getClaims), and returns its kid.
func verifyWithJWKS(t *testing.T, e *apitest.Env, token string) string {
	t.Helper()
	keys := jwks(t, e)
	var kid string
	_, err := jwt.Parse(token, func(tok *jwt.Token) (any, error) {
		kid, _ = tok.Header["kid"].(string)
		k, ok := keys[kid]
		if !ok || k.Alg != tok.Method.Alg() {
			t.Fatalf("kid %q (%s) is not in the JWKS %v", kid, tok.Method.Alg(), keys)
		}
		return k.public(t), nil
	}, jwt.WithValidMethods([]string{"ES256", "RS256"}), jwt.WithTimeFunc(e.Clock.Now))
	if err != nil {
		t.Fatalf("token does not verify with the JWKS: %v", err)
	}
	return kid
}

func userOK(t *testing.T, e *apitest.Env, token string) bool {
	t.Helper()
	r := e.Request("GET", "/auth/v1/user", nil, "", map[string]string{"Authorization": "Bearer " + token})
	if r.Status != http.StatusOK && r.Status != http.StatusForbidden {
		t.Fatalf("GET /auth/v1/user: %d %s", r.Status, r.Body)
	}
	return r.Status == http.StatusOK
}

func TestAccessTokensAreSignedWithAPublishedKey(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "ann@example.com")
		tok, _, err := jwt.NewParser().ParseUnverified(s.AccessToken, jwt.MapClaims{})
		if err != nil {
			t.Fatal(err)
		}
		if tok.Method.Alg() != "ES256" {
			t.Fatalf("alg %s, want ES256", tok.Method.Alg())
		}
		kid := verifyWithJWKS(t, e, s.AccessToken)
		if kid == "" {
			t.Fatal("no kid")
		}
		// The JWKS revalidates with a 304, as a CDN or auth-js would.
		first := e.Do("GET", "/auth/v1/.well-known/jwks.json", nil, "")
		again := e.Request("GET", "/auth/v1/.well-known/jwks.json", nil, "", map[string]string{"If-None-Match": first.Header.Get("ETag")})
		again.Expect(t, http.StatusNotModified)
		if strings.Contains(first.Body, `"d"`) {
			t.Fatal("the JWKS holds a private member")
		}
	})
}

func TestRotationKeepsOldTokensValidUntilTheyExpire(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "ann@example.com")
		oldKID := verifyWithJWKS(t, e, s.AccessToken)

		key, _ := gotrue.GenerateSigningKey(gotrue.AlgES256)
		info, err := gotrue.AddSigningKey(context.Background(), d, key, false, e.Clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		e.Clock.Advance(11 * time.Second) // the instance reads the keys again
		if keys := jwks(t, e); len(keys) != 2 {
			t.Fatalf("both keys are published before the new one signs: %v", keys)
		}
		if kid := verifyWithJWKS(t, e, signIn(t, e, "ann@example.com", apitest.Password).AccessToken); kid != oldKID {
			t.Fatal("the new key signs before clients can have fetched it")
		}

		e.Clock.Advance(10 * time.Minute)
		fresh := signIn(t, e, "ann@example.com", apitest.Password)
		if kid := verifyWithJWKS(t, e, fresh.AccessToken); kid != info.KID {
			t.Fatalf("kid %s signs after the rotation, want %s", kid, info.KID)
		}
		if !userOK(t, e, s.AccessToken) {
			t.Fatal("a token of the old key is refused before it expires")
		}
		e.Clock.Advance(40 * time.Minute)
		if !userOK(t, e, s.AccessToken) || !userOK(t, e, fresh.AccessToken) {
			t.Fatal("tokens refused before they expire")
		}

		// An hour (and a grace) after the new key began to sign, every
		// token of the old one has expired: it leaves the JWKS, and the
		// next rotation deletes it.
		e.Clock.Advance(22 * time.Minute)
		if keys := jwks(t, e); len(keys) != 1 || keys[info.KID].Kid == "" {
			t.Fatalf("JWKS after the old key's tokens expired: %v", keys)
		}
		key3, _ := gotrue.GenerateSigningKey(gotrue.AlgES256)
		if _, err := gotrue.AddSigningKey(context.Background(), d, key3, false, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		list, err := gotrue.ListSigningKeys(context.Background(), d)
		if err != nil || len(list) != 2 || list[0].KID != info.KID {
			t.Fatalf("keys after a second rotation: %v %v", list, err)
		}
	})
}

func TestTokensOfUnknownKeysOrConfusedAlgorithmsAreRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "ann@example.com")
		realKID := verifyWithJWKS(t, e, s.AccessToken)
		published := jwks(t, e)[realKID]
		pubDER, _ := x509.MarshalPKIXPublicKey(published.public(t))
		pubPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER})
		jwkJSON, _ := json.Marshal(published)

		var claims jwt.MapClaims
		if _, _, err := jwt.NewParser().ParseUnverified(s.AccessToken, &claims); err != nil {
			t.Fatal(err)
		}
		stranger, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		strangerRSA, _ := rsa.GenerateKey(rand.Reader, 2048)
		sign := func(m jwt.SigningMethod, kid string, key any) string {
			tok := jwt.NewWithClaims(m, claims)
			if kid != "" {
				tok.Header["kid"] = kid
			}
			raw, err := tok.SignedString(key)
			if err != nil {
				t.Fatal(err)
			}
			return raw
		}
		none := func(kid string) string {
			tok := jwt.NewWithClaims(jwt.SigningMethodNone, claims)
			tok.Header["kid"] = kid
			raw, _ := tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
			return raw
		}
		for name, raw := range map[string]string{
			"an unknown key's kid":                  sign(jwt.SigningMethodES256, "some-other-kid", stranger),
			"an unknown key with the real kid":      sign(jwt.SigningMethodES256, realKID, stranger),
			"RS256 with the ES256 key's kid":        sign(jwt.SigningMethodRS256, realKID, strangerRSA),
			"alg none with the real kid":            none(realKID),
			"alg none without a kid":                none(""),
			"HS256 keyed by the public key's PEM":   sign(jwt.SigningMethodHS256, realKID, pubPEM),
			"HS256 keyed by the PEM, without a kid": sign(jwt.SigningMethodHS256, "", pubPEM),
			"HS256 keyed by the public JWK":         sign(jwt.SigningMethodHS256, realKID, jwkJSON),
			"ES256 without a kid":                   sign(jwt.SigningMethodES256, "", stranger),
			"a kid of 10 kB":                        sign(jwt.SigningMethodES256, strings.Repeat("k", 10000), stranger),
		} {
			t.Run(name, func(t *testing.T) {
				r := e.Request("GET", "/auth/v1/user", nil, "", map[string]string{"Authorization": "Bearer " + raw})
				expectError(t, r, http.StatusForbidden, "bad_jwt")
				if apiTakes(e, raw) {
					t.Fatal("the API takes the token as a caller")
				}
			})
		}
		if !userOK(t, e, s.AccessToken) {
			t.Fatal("the genuine token is refused")
		}
	})
}

// apiTakes tells whether /api takes raw as a signed-in caller.
func apiTakes(e *apitest.Env, raw string) bool {
	r := e.Request("GET", "/api/profile", nil, "", map[string]string{"Authorization": "Bearer " + raw})
	return r.Status == http.StatusOK
}

func TestTwoInstancesShareTheKeysAndARotation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		one := apitest.NewEnv(t, d, nil)
		other := apitest.NewEnv(t, d, nil) // a second instance on the same database
		s := confirmedUser(t, one, "ann@example.com")
		if !userOK(t, other, s.AccessToken) {
			t.Fatal("the other instance refuses the token")
		}
		first := verifyWithJWKS(t, other, s.AccessToken)

		// An RS256 key imported on one instance, signing at once.
		rsaKey, _ := rsa.GenerateKey(rand.Reader, 2048)
		der := x509.MarshalPKCS1PrivateKey(rsaKey)
		imported, err := gotrue.ParseSigningKeyPEM(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: der}))
		if err != nil {
			t.Fatal(err)
		}
		info, err := gotrue.AddSigningKey(context.Background(), d, imported, true, one.Clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gotrue.AddSigningKey(context.Background(), d, imported, true, one.Clock.Now()); err == nil {
			t.Fatal("the same key is imported twice")
		}
		// A token of the new key is known to the other instance at once
		// (an unknown kid makes it read the keys again).
		one.Clock.Advance(11 * time.Second)
		fresh := signIn(t, one, "ann@example.com", apitest.Password)
		if kid := verifyWithJWKS(t, one, fresh.AccessToken); kid != info.KID {
			t.Fatalf("kid %s, want the imported %s", kid, info.KID)
		}
		other.Clock.Advance(2 * time.Second)
		if !userOK(t, other, fresh.AccessToken) || !userOK(t, other, s.AccessToken) || !userOK(t, one, s.AccessToken) {
			t.Fatal("the instances disagree on the tokens")
		}
		other.Clock.Advance(10 * time.Second)
		if kid := verifyWithJWKS(t, other, signIn(t, other, "ann@example.com", apitest.Password).AccessToken); kid != info.KID {
			t.Fatalf("the other instance signs with %s, want %s", kid, info.KID)
		}
		a, b := jwks(t, one), jwks(t, other)
		if len(a) != 2 || len(b) != 2 || a[first].Kid == "" || b[info.KID].Alg != "RS256" {
			t.Fatalf("JWKS differ: %v and %v", a, b)
		}
		for _, bad := range []string{"-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n", "not a key"} {
			if _, err := gotrue.ParseSigningKeyPEM([]byte(bad)); err == nil {
				t.Fatalf("%q imported", bad)
			}
		}
		small, _ := rsa.GenerateKey(rand.Reader, 1024)
		if _, err := gotrue.AddSigningKey(context.Background(), d, small, true, one.Clock.Now()); err == nil {
			t.Fatal("a 1024-bit RSA key was accepted")
		}
	})
}

// A deployment that signed with the generated HS256 secret keeps its
// sessions' tokens valid for their lifetime after the switch to keys, and
// no longer.
func TestTokensOfTheOldSecretVerifyUntilTheyExpire(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "ann@example.com")
		var secret string
		if err := d.QueryRowContext(context.Background(), `SELECT value FROM app_meta WHERE key = 'jwt_secret'`).Scan(&secret); err != nil {
			t.Fatal(err)
		}
		var claims jwt.MapClaims
		if _, _, err := jwt.NewParser().ParseUnverified(s.AccessToken, &claims); err != nil {
			t.Fatal(err)
		}
		e.Clock.Advance(30 * time.Minute)
		claims["exp"] = e.Clock.Now().Add(2 * time.Hour).Unix()
		legacy, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(secret))
		if err != nil {
			t.Fatal(err)
		}
		if !userOK(t, e, legacy) {
			t.Fatal("a token of the old secret is refused just after the switch")
		}
		e.Clock.Advance(45 * time.Minute)
		if userOK(t, e, legacy) {
			t.Fatal("a token of the old secret is accepted after every such token expired")
		}
	})
}
