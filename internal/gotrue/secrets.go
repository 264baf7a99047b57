// Random secrets and how they are stored (hashed).

package gotrue

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"math/big"
	"strings"

	"github.com/google/uuid"
)

// otpHash binds a 6-digit code to the address it was sent to, so codes of
// different users never collide.
func otpHash(email, code string) string { return hashToken(normalizeEmail(email) + "|" + code) }

func randomDigits(n int) string {
	var b strings.Builder
	for range n {
		d, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			panic(err)
		}
		b.WriteByte(byte('0' + d.Int64()))
	}
	return b.String()
}

// randomToken returns n random bytes, URL-safe base64 encoded.
func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashToken is how every bearer secret (refresh token, link token, code) is
// stored: its SHA-256. The secrets are long and random, so no salt is needed.
func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}

func newID() string { return uuid.NewString() }

// randomFrom returns n characters drawn uniformly from alphabet.
func randomFrom(alphabet string, n int) string {
	out := make([]byte, n)
	for i := range out {
		out[i] = alphabet[randomIndex(len(alphabet))]
	}
	return string(out)
}

func randomIndex(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err)
	}
	return int(v.Int64())
}
