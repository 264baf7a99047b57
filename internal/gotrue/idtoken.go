package gotrue

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"

	"github.com/coreos/go-oidc/v3/oidc"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// idTokenGrant handles POST /token?grant_type=id_token, auth-js's
// signInWithIdToken: a Google ID token the browser got itself (Google
// Identity Services, One Tap) is verified against the issuer's keys, like
// the one of the redirect flow, and signs the person in (or up) the same way.
// Its errors are GoTrue's OAuth-style ones.
func (s *Service) idTokenGrant(ctx context.Context, r *http.Request) (*tokenResponse, error) {
	var in struct {
		Provider    string `json:"provider"`
		IDToken     string `json:"id_token"`
		AccessToken string `json:"access_token"`
		Nonce       string `json:"nonce"`
		ClientID    string `json:"client_id"`
		Issuer      string `json:"issuer"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return nil, err
	}
	switch {
	case in.IDToken == "":
		return nil, oauthError("invalid request", "id_token required")
	case in.Provider == "" && (in.ClientID == "" || in.Issuer == ""):
		return nil, oauthError("invalid request", "provider or client_id and issuer required")
	case in.Provider != "google":
		return nil, badRequest("validation_failed", "Custom OIDC provider %q not allowed", in.Provider)
	case !s.cfg.GoogleEnabled():
		return nil, badRequest("provider_disabled", "Provider (issuer %q) is not enabled", s.cfg.GoogleIssuer)
	}
	g, err := s.googleProvider(ctx)
	if err != nil {
		return nil, err
	}
	idt, err := g.verifier.Verify(oidc.ClientContext(ctx, s.httpClient), in.IDToken)
	if err == nil && in.AccessToken != "" && idt.AccessTokenHash != "" {
		err = idt.VerifyAccessToken(in.AccessToken)
	}
	if err != nil {
		return nil, oauthError("invalid request", "Bad ID token")
	}
	if err := checkNonce(idt.Nonce, in.Nonce); err != nil {
		return nil, err
	}
	var c googleClaims
	if err := idt.Claims(&c); err != nil {
		return nil, oauthError("invalid request", "Bad ID token")
	}
	c.Subject = idt.Subject
	return db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*tokenResponse, error) {
		u, err := s.googleUser(ctx, tx, &c)
		if err != nil {
			return nil, err
		}
		return s.signIn(ctx, tx, u, "oauth", r)
	})
}

// checkNonce is GoTrue's rule: the token carries the SHA-256 (hex) of the
// nonce the client passes, or neither has one. It stops a token stolen from
// another sign-in from being replayed here.
func checkNonce(inToken, passed string) error {
	switch {
	case (inToken != "") != (passed != ""):
		return oauthError("invalid request", "Passed nonce and nonce in id_token should either both exist or not.")
	case inToken != "" && fmt.Sprintf("%x", sha256.Sum256([]byte(passed))) != inToken:
		return oauthError("invalid nonce", "Nonces mismatch")
	}
	return nil
}
