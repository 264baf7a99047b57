// Package linktoken is the secret of an e-mailed link (a newsletter's or a
// back-in-stock confirmation): random, kept only as its hash, and read back
// from the body of the page's request.
package linktoken

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"

	"bookshop/internal/httpx"
)

// New is a random token for a link, and the hash kept of it.
func New() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, Hash(token)
}

// Hash is what is stored of a token.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Read decodes {token} from r and returns its hash; bad is the error for
// no token or one no link could hold.
func Read(r *http.Request, bad error) (string, error) {
	var body struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		return "", err
	}
	token := strings.TrimSpace(body.Token)
	if token == "" || len(token) > 200 {
		return "", bad
	}
	return Hash(token), nil
}
