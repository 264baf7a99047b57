// Asymmetric signing keys for access tokens, as Supabase Auth has them: ES256
// by default (RS256 accepted), a kid on every token, the public keys at
// /.well-known/jwks.json, and rotation from the command line.
//
// The keys live in auth_signing_keys, shared by every instance on one
// database. Each instance keeps them in memory and reads them again every
// keyRefresh, and at once (at most once a second) for a kid it does not know,
// so a key rotated by one instance signs and verifies on all of them.
//
// A rotated key is published at once but signs only jwksMaxAge later, so a
// JWKS cached by a client or CDN knows it before any token carries its kid;
// the key it replaces verifies until the tokens it signed have expired, then
// leaves the JWKS (and the table, at the next rotation).

package gotrue

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"slices"
	"sync"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

const (
	// keyRefresh: how often an instance reads the keys again.
	keyRefresh = 10 * time.Second
	// jwksMaxAge: how long the JWKS may be cached; a rotated key signs this
	// long after it is published.
	jwksMaxAge = 10 * time.Minute
	// keyGrace: beyond a token's lifetime, for clocks and refreshes apart.
	keyGrace = keyRefresh + time.Minute
)

// Signing algorithms of asymmetric keys.
const (
	AlgES256 = "ES256"
	AlgRS256 = "RS256"
)

type signingKey struct {
	kid       string
	alg       string
	signer    crypto.Signer
	createdAt time.Time
	signsFrom time.Time
	// verifiesUntil is when the tokens it signed have all expired: a newer
	// key's signs_from plus their lifetime. Zero while no key follows it.
	verifiesUntil time.Time
}

func (k *signingKey) verifies(now time.Time) bool {
	return k.verifiesUntil.IsZero() || now.Before(k.verifiesUntil)
}

// keyRing is an instance's copy of auth_signing_keys.
type keyRing struct {
	d  *db.DB
	mu sync.Mutex
	// loadedAt is when the keys were last read; tried, when last attempted.
	loadedAt, tried time.Time
	keys            []*signingKey // by signs_from
	byKID           map[string]*signingKey
}

func newKeyRing(d *db.DB) *keyRing { return &keyRing{d: d, byKID: map[string]*signingKey{}} }

// snapshot returns the keys, read again when older than keyRefresh (or, with
// unknownKID, when a token names a kid not in them, at most once a second).
func (r *keyRing) snapshot(now time.Time, unknownKID string) ([]*signingKey, map[string]*signingKey) {
	r.mu.Lock()
	defer r.mu.Unlock()
	stale := now.Sub(r.loadedAt) >= keyRefresh || now.Before(r.loadedAt)
	if unknownKID != "" && r.byKID[unknownKID] == nil && now.Sub(r.tried) >= time.Second {
		stale = true
	}
	if stale && (now.Sub(r.tried) >= time.Second || r.loadedAt.IsZero()) {
		r.tried = now
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		keys, err := loadSigningKeys(ctx, r.d, r.byKID)
		cancel()
		if err == nil && len(keys) > 0 {
			r.keys, r.loadedAt = keys, now
			r.byKID = make(map[string]*signingKey, len(keys))
			for _, k := range keys {
				r.byKID[k.kid] = k
			}
		}
		// On an error (or a table emptied by a restore) the keys read
		// before go on serving until the next attempt.
	}
	return r.keys, r.byKID
}

// current is the key that signs now: the newest whose signs_from has come.
func (r *keyRing) current(now time.Time) (*signingKey, error) {
	keys, _ := r.snapshot(now, "")
	var cur *signingKey
	for _, k := range keys {
		if !k.signsFrom.After(now) || cur == nil {
			cur = k
		}
	}
	if cur == nil {
		return nil, errors.New("auth: no signing key")
	}
	return cur, nil
}

// lookup is the key named kid while it still verifies, or nil.
func (r *keyRing) lookup(now time.Time, kid string) *signingKey {
	_, byKID := r.snapshot(now, kid)
	if k := byKID[kid]; k != nil && k.verifies(now) {
		return k
	}
	return nil
}

// loadSigningKeys reads every key, reusing the parsed ones of known.
func loadSigningKeys(ctx context.Context, q db.Querier, known map[string]*signingKey) ([]*signingKey, error) {
	rows, err := q.QueryContext(ctx, `SELECT kid, alg, private_key, created_at, signs_from FROM auth_signing_keys ORDER BY signs_from, kid`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []*signingKey
	for rows.Next() {
		var k signingKey
		var der string
		if err := rows.Scan(&k.kid, &k.alg, &der, &k.createdAt, &k.signsFrom); err != nil {
			return nil, err
		}
		if old := known[k.kid]; old != nil {
			k.signer = old.signer
		} else if k.signer, err = parsePrivateKeyDER(der); err != nil {
			return nil, fmt.Errorf("auth: signing key %s: %w", k.kid, err)
		}
		keys = append(keys, &k)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(keys); i++ {
		keys[i].verifiesUntil = keys[i+1].signsFrom.Add(accessTokenTTL + keyGrace)
	}
	return keys, nil
}

func parsePrivateKeyDER(b64 string) (crypto.Signer, error) {
	der, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, err
	}
	return asSigningKey(x509.ParsePKCS8PrivateKey(der))
}

// asSigningKey keeps a parsed private key that signs tokens (algOf).
func asSigningKey(k any, err error) (crypto.Signer, error) {
	if err != nil {
		return nil, err
	}
	signer, ok := k.(crypto.Signer)
	if !ok {
		return nil, errors.New("not a signing key")
	}
	if _, err := algOf(signer); err != nil {
		return nil, err
	}
	return signer, nil
}

// algOf is the JWS algorithm a key signs with: P-256 keys ES256, RSA keys
// of 2048 bits or more RS256; anything else is refused.
func algOf(k crypto.Signer) (string, error) {
	switch pub := k.Public().(type) {
	case *ecdsa.PublicKey:
		if pub.Curve != elliptic.P256() {
			return "", errors.New("an EC key must be on P-256 (ES256)")
		}
		return AlgES256, nil
	case *rsa.PublicKey:
		if pub.N.BitLen() < 2048 {
			return "", errors.New("an RSA key must have 2048 bits or more (RS256)")
		}
		return AlgRS256, nil
	}
	return "", errors.New("only P-256 EC (ES256) and RSA (RS256) keys sign tokens")
}

// publicJWK is a public key as a JWK (RFC 7517), with its kid, alg and use.
func publicJWK(k crypto.Signer, kid, alg string) map[string]any {
	jwk := map[string]any{"kid": kid, "alg": alg, "use": "sig", "key_ops": []string{"verify"}}
	for name, v := range thumbprintMembers(k.Public()) {
		jwk[name] = v
	}
	return jwk
}

// thumbprintMembers are the required members of the public JWK, those the
// RFC 7638 thumbprint hashes.
func thumbprintMembers(pub crypto.PublicKey) map[string]string {
	b64 := base64.RawURLEncoding.EncodeToString
	switch p := pub.(type) {
	case *ecdsa.PublicKey:
		x, y := make([]byte, 32), make([]byte, 32)
		p.X.FillBytes(x)
		p.Y.FillBytes(y)
		return map[string]string{"kty": "EC", "crv": "P-256", "x": b64(x), "y": b64(y)}
	case *rsa.PublicKey:
		return map[string]string{"kty": "RSA", "n": b64(p.N.Bytes()), "e": b64(big.NewInt(int64(p.E)).Bytes())}
	}
	return nil
}

// keyID is the RFC 7638 thumbprint of the public key: the same key always
// has the same kid, so importing it twice is refused.
func keyID(pub crypto.PublicKey) string {
	// encoding/json sorts map keys, as the thumbprint requires.
	members, _ := json.Marshal(thumbprintMembers(pub))
	sum := sha256.Sum256(members)
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// GenerateSigningKey makes a new private key for alg (ES256 or RS256).
func GenerateSigningKey(alg string) (crypto.Signer, error) {
	switch alg {
	case AlgES256:
		return ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case AlgRS256:
		return rsa.GenerateKey(rand.Reader, 2048)
	}
	return nil, fmt.Errorf("unknown algorithm %q (ES256 or RS256)", alg)
}

// ParseSigningKeyPEM reads a private key to import: PKCS #8, or SEC 1 (EC)
// or PKCS #1 (RSA), in PEM.
func ParseSigningKeyPEM(data []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errors.New("no PEM block found")
	}
	var k any
	var err error
	switch block.Type {
	case "EC PRIVATE KEY":
		k, err = x509.ParseECPrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		k, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "PRIVATE KEY":
		k, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("a PEM block of type %q is not a private key", block.Type)
	}
	return asSigningKey(k, err)
}

// SigningKeyInfo describes a key for `bookshop keys list` and rotate.
type SigningKeyInfo struct {
	KID           string
	Alg           string
	CreatedAt     time.Time
	SignsFrom     time.Time
	VerifiesUntil time.Time // zero: no newer key yet
}

// AddSigningKey stores k as the next key: published now, signing from
// jwksMaxAge later (at once with immediately, when the previous key must
// stop signing now). Keys whose tokens have all expired are deleted.
func AddSigningKey(ctx context.Context, d *db.DB, k crypto.Signer, immediately bool, now time.Time) (SigningKeyInfo, error) {
	alg, err := algOf(k)
	if err != nil {
		return SigningKeyInfo{}, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return SigningKeyInfo{}, err
	}
	now = now.UTC().Truncate(time.Second)
	info := SigningKeyInfo{KID: keyID(k.Public()), Alg: alg, CreatedAt: now, SignsFrom: now}
	if !immediately {
		info.SignsFrom = info.SignsFrom.Add(jwksMaxAge)
	}
	err = d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		keys, err := loadSigningKeys(ctx, tx, nil)
		if err != nil {
			return err
		}
		// With no key yet, the first one signs at once: nothing else can.
		if len(keys) == 0 {
			info.SignsFrom = info.CreatedAt
		}
		for _, old := range keys {
			if old.kid == info.KID {
				return fmt.Errorf("the key %s is already stored", info.KID)
			}
			if old.signsFrom.After(now) {
				return fmt.Errorf("the key %s is still waiting to sign (from %s)", old.kid, old.signsFrom.Format(time.RFC3339))
			}
			// Signing in the same second as the newest key: the newer
			// follows it, so which one signs is never a tie.
			if !old.signsFrom.Before(info.SignsFrom) {
				info.SignsFrom = old.signsFrom.Add(time.Second)
			}
			if !old.verifies(now) {
				if _, err := tx.ExecContext(ctx, `DELETE FROM auth_signing_keys WHERE kid = ?`, old.kid); err != nil {
					return err
				}
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO auth_signing_keys (kid, alg, private_key, created_at, signs_from) VALUES (?, ?, ?, ?, ?)`,
			info.KID, alg, base64.StdEncoding.EncodeToString(der), info.CreatedAt, info.SignsFrom)
		return err
	})
	return info, err
}

// ListSigningKeys describes the stored keys, oldest first.
func ListSigningKeys(ctx context.Context, d *db.DB) ([]SigningKeyInfo, error) {
	keys, err := loadSigningKeys(ctx, d, nil)
	if err != nil {
		return nil, err
	}
	out := make([]SigningKeyInfo, len(keys))
	for i, k := range keys {
		out[i] = SigningKeyInfo{KID: k.kid, Alg: k.alg, CreatedAt: k.createdAt, SignsFrom: k.signsFrom, VerifiesUntil: k.verifiesUntil}
	}
	return out, nil
}

// ensureSigningKey makes the first ES256 key when there is none; two
// instances starting at once may each make one, and both then verify.
func ensureSigningKey(ctx context.Context, d *db.DB, now time.Time) error {
	var n int
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM auth_signing_keys`).Scan(&n); err != nil {
		return fmt.Errorf("auth: read signing keys: %w", err)
	}
	if n > 0 {
		return nil
	}
	k, err := GenerateSigningKey(AlgES256)
	if err != nil {
		return err
	}
	if _, err := AddSigningKey(ctx, d, k, true, now); err != nil {
		return fmt.Errorf("auth: store the first signing key: %w", err)
	}
	return nil
}

// secretRetiredAt records, once, when the shop stopped signing with its
// generated HS256 secret; tokens it signed verify for their lifetime after.
func secretRetiredAt(ctx context.Context, d *db.DB, now time.Time) (time.Time, error) {
	if _, err := d.ExecContext(ctx, `INSERT INTO app_meta (key, value) VALUES ('jwt_secret_retired_at', ?) ON CONFLICT (key) DO NOTHING`,
		now.UTC().Format(time.RFC3339)); err != nil {
		return time.Time{}, fmt.Errorf("auth: record the HS256 switch: %w", err)
	}
	var v string
	if err := d.QueryRowContext(ctx, `SELECT value FROM app_meta WHERE key = 'jwt_secret_retired_at'`).Scan(&v); err != nil {
		return time.Time{}, fmt.Errorf("auth: read the HS256 switch: %w", err)
	}
	return time.Parse(time.RFC3339, v)
}

// JWKS handles GET /.well-known/jwks.json: the public keys that verify
// access tokens, cacheable for jwksMaxAge. With JWT_SECRET (HS256) the set
// is empty, as GoTrue's is for a symmetric secret.
func (s *Service) JWKS(w http.ResponseWriter, r *http.Request) error {
	keys := []map[string]any{}
	if s.keys != nil {
		now := s.clock()
		all, _ := s.keys.snapshot(now, "")
		for _, k := range all {
			if k.verifies(now) {
				keys = append(keys, publicJWK(k.signer, k.kid, k.alg))
			}
		}
		slices.Reverse(keys) // the newest first
	}
	return httpx.ServeCachedJSON(w, r, fmt.Sprintf("public, max-age=%d", int(jwksMaxAge.Seconds())), map[string]any{"keys": keys})
}
