// Package googletest is a fake Google for tests: a small OpenID Connect
// provider with discovery, JWKS, an account chooser at /auth and a token
// endpoint that trades its one-time codes for RS256 ID tokens. The Go tests
// of internal/gotrue serve it with httptest; the browser journeys run it as
// cmd/fakegoogle beside the shop (scripts/e2e.sh).
//
// Its issuer is the address it is reached at (http://host:port), so it
// needs no configuration beyond the client id it issues tokens to.
package googletest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Person is the Google account a sign-in is for.
type Person struct {
	Sub           string
	Email         string
	EmailVerified bool
	GivenName     string
	FamilyName    string
}

// PersonFor is who an e-mail typed into the account chooser is: a verified
// Google account whose first name is the address's local part.
func PersonFor(email string) Person {
	local, _, _ := strings.Cut(email, "@")
	given := local
	if given != "" {
		given = strings.ToUpper(given[:1]) + given[1:]
	}
	return Person{Sub: "google-" + strings.ToLower(email), Email: email, EmailVerified: true, GivenName: given, FamilyName: "Google"}
}

// grant is what a code stands for until the token endpoint takes it.
type grant struct {
	person    Person
	nonce     string
	challenge string // PKCE S256 code_challenge of the authorization request
}

// Provider is the fake. Its zero value is not usable: call New.
type Provider struct {
	ClientID string
	Key      *rsa.PrivateKey

	mu     sync.Mutex
	grants map[string]grant
}

// KeyID names Key in the JWKS and in every token's header.
const KeyID = "fake-google-1"

// New returns a provider issuing tokens to clientID.
func New(clientID string) (*Provider, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	return &Provider{ClientID: clientID, Key: key, grants: map[string]grant{}}, nil
}

// Handler serves the provider's endpoints.
func (p *Provider) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET /jwks", p.jwks)
	mux.HandleFunc("GET /auth", p.chooser)
	mux.HandleFunc("POST /auth", p.choose)
	mux.HandleFunc("POST /token", p.token)
	return mux
}

// issuer is the provider's own address, as the request reached it.
func issuer(r *http.Request) string { return "http://" + r.Host }

func (p *Provider) discovery(w http.ResponseWriter, r *http.Request) {
	iss := issuer(r)
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer": iss, "authorization_endpoint": iss + "/auth", "token_endpoint": iss + "/token",
		"jwks_uri": iss + "/jwks", "id_token_signing_alg_values_supported": []string{"RS256"},
		"response_types_supported": []string{"code"}, "subject_types_supported": []string{"public"},
	})
}

func (p *Provider) jwks(w http.ResponseWriter, _ *http.Request) {
	b64 := base64.RawURLEncoding.EncodeToString
	writeJSON(w, http.StatusOK, map[string]any{"keys": []map[string]string{{
		"kty": "RSA", "kid": KeyID, "use": "sig", "alg": "RS256",
		"n": b64(p.Key.PublicKey.N.Bytes()), "e": b64(big.NewInt(int64(p.Key.PublicKey.E)).Bytes()),
	}}})
}

var chooserPage = template.Must(template.New("chooser").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts (test)</title></head>
<body><main><h1>Choose an account</h1><p>to continue to the shop (fake Google for tests)</p>
<form method="post" action="/auth">
{{range $k, $v := .}}<input type="hidden" name="{{$k}}" value="{{index $v 0}}">
{{end}}<label>Email <input type="email" name="email" required></label>
<button type="submit">Continue</button></form></main></body></html>`))

// chooser shows the account chooser of an authorization request.
func (p *Provider) chooser(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != p.ClientID || q.Get("response_type") != "code" || q.Get("redirect_uri") == "" {
		http.Error(w, "invalid_request", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = chooserPage.Execute(w, map[string][]string{
		"redirect_uri": {q.Get("redirect_uri")}, "state": {q.Get("state")}, "nonce": {q.Get("nonce")},
		"code_challenge": {q.Get("code_challenge")},
	})
}

// choose signs the typed e-mail in and sends the browser back with a code.
func (p *Provider) choose(w http.ResponseWriter, r *http.Request) {
	back, err := url.Parse(r.FormValue("redirect_uri"))
	email := strings.TrimSpace(r.FormValue("email"))
	if err != nil || !strings.Contains(email, "@") {
		http.Error(w, "invalid_request", http.StatusBadRequest)
		return
	}
	code := p.Issue(PersonFor(email), r.FormValue("nonce"), r.FormValue("code_challenge"))
	q := back.Query()
	q.Set("code", code)
	q.Set("state", r.FormValue("state"))
	back.RawQuery = q.Encode()
	http.Redirect(w, r, back.String(), http.StatusSeeOther)
}

// Issue records a sign-in of person for an authorization request (its
// nonce and PKCE challenge) and returns the code that stands for it; the
// token endpoint accepts the code once.
func (p *Provider) Issue(person Person, nonce, challenge string) string {
	code := rand.Text()
	p.mu.Lock()
	p.grants[code] = grant{person: person, nonce: nonce, challenge: challenge}
	p.mu.Unlock()
	return code
}

func (p *Provider) take(code string) (grant, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	g, ok := p.grants[code]
	delete(p.grants, code)
	return g, ok
}

// token trades a code (with its PKCE verifier and the client's id) for an ID token.
func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	clientID, _, ok := r.BasicAuth()
	if !ok {
		clientID = r.FormValue("client_id")
	}
	g, found := p.take(r.FormValue("code"))
	if !found || clientID != p.ClientID || !verifies(r.FormValue("code_verifier"), g.challenge) {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
		return
	}
	claims := jwt.MapClaims{"sub": g.person.Sub, "email": g.person.Email, "email_verified": g.person.EmailVerified,
		"given_name": g.person.GivenName, "family_name": g.person.FamilyName,
		"name": strings.TrimSpace(g.person.GivenName + " " + g.person.FamilyName)}
	if g.nonce != "" {
		claims["nonce"] = g.nonce
	}
	signed, err := p.IDToken(issuer(r), claims)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"access_token": rand.Text(), "token_type": "Bearer", "expires_in": 3600, "id_token": signed})
}

// verifies checks a PKCE verifier against an S256 challenge; a request
// without a challenge needs no verifier.
func verifies(verifier, challenge string) bool {
	if challenge == "" {
		return true
	}
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:]) == challenge
}

// IDToken signs an ID token from iss for the provider's client, valid for
// an hour from now; claims add to or override the defaults.
func (p *Provider) IDToken(iss string, claims jwt.MapClaims) (string, error) {
	now := time.Now()
	all := jwt.MapClaims{"iss": iss, "aud": p.ClientID, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
	for k, v := range claims {
		all[k] = v
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, all)
	tok.Header["kid"] = KeyID
	return tok.SignedString(p.Key)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
