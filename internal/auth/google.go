package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"bookshop/internal/db"
)

// googleClient is Google as an OpenID Connect provider, discovered from
// GOOGLE_ISSUER on first use.
type googleClient struct {
	oauth    *oauth2.Config
	verifier *oidc.IDTokenVerifier
}

var errProviderDisabled = badRequest("validation_failed", "Unsupported provider: provider is not enabled")

// google discovers the provider once; a failed discovery is retried on the
// next sign-in instead of breaking Google sign-in until a restart.
func (s *Service) googleProvider(ctx context.Context) (*googleClient, error) {
	s.googleMu.Lock()
	defer s.googleMu.Unlock()
	if s.google != nil {
		return s.google, nil
	}
	ctx, cancel := context.WithTimeout(oidc.ClientContext(ctx, s.httpClient), 10*time.Second)
	defer cancel()
	p, err := oidc.NewProvider(ctx, s.cfg.GoogleIssuer)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", s.cfg.GoogleIssuer, err)
	}
	s.google = &googleClient{
		oauth: &oauth2.Config{
			ClientID:     s.cfg.GoogleClientID,
			ClientSecret: s.cfg.GoogleClientSecret,
			Endpoint:     p.Endpoint(),
			RedirectURL:  s.cfg.SiteURL + "/auth/v1/callback",
			Scopes:       []string{oidc.ScopeOpenID, "email", "profile"},
		},
		verifier: p.Verifier(&oidc.Config{ClientID: s.cfg.GoogleClientID}),
	}
	return s.google, nil
}

// Authorize answers GET /authorize?provider=google: it remembers the flow
// (and the browser's PKCE challenge) and sends the browser to Google.
func (s *Service) Authorize(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	if q.Get("provider") != "google" || !s.cfg.GoogleEnabled() {
		return errProviderDisabled
	}
	if err := s.limit(ctx, r, "authorize"); err != nil {
		return err
	}
	p := pkceParams{CodeChallenge: q.Get("code_challenge"), CodeChallengeMethod: q.Get("code_challenge_method")}
	if p.present() {
		if err := p.validate(); err != nil {
			return err
		}
	}
	g, err := s.googleProvider(ctx)
	if err != nil {
		return err
	}
	state, nonce, verifier := randomToken(32), randomToken(16), oauth2.GenerateVerifier()
	_, err = s.db.ExecContext(ctx, `INSERT INTO flow_states (id, code_challenge, code_challenge_method, authentication_method, redirect_to,
		oauth_state_hash, oauth_nonce, oauth_verifier, created_at) VALUES (?, ?, ?, 'oauth', ?, ?, ?, ?, ?)`,
		newID(), p.CodeChallenge, lowerOrEmpty(p.CodeChallengeMethod), s.redirectTarget(q.Get("redirect_to")),
		hashToken(state), nonce, verifier, s.clock())
	if err != nil {
		return err
	}
	target := g.oauth.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("prompt", "select_account"))
	if q.Get("skip_http_redirect") == "true" {
		writeJSON(w, http.StatusOK, map[string]string{"url": target})
		return nil
	}
	http.Redirect(w, r, target, http.StatusFound)
	return nil
}

// oauthFlow is a Google sign-in in progress.
type oauthFlow struct {
	ID, Challenge, RedirectTo, Nonce, Verifier string
	CreatedAt                                  time.Time
}

// GoogleCallback answers GET /callback, where Google sends the browser
// back: it checks the ID token, finds or creates the user and redirects to
// the app with ?code= (PKCE) or the session in the fragment.
func (s *Service) GoogleCallback(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	f, err := s.takeOAuthFlow(ctx, q.Get("state"))
	if err != nil {
		http.Redirect(w, r, errorRedirect(s.cfg.SiteURL, asAPIError(err), false), http.StatusSeeOther)
		return nil
	}
	target, err := s.finishGoogleSignIn(ctx, r, f)
	if err != nil {
		slog.InfoContext(ctx, "google sign-in failed", "err", err)
		target = errorRedirect(f.RedirectTo, asAPIError(err), f.Challenge != "")
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
	return nil
}

// takeOAuthFlow finds the flow of a state and removes its state, so a
// callback URL works once.
func (s *Service) takeOAuthFlow(ctx context.Context, state string) (*oauthFlow, error) {
	var f oauthFlow
	err := s.db.QueryRowContext(ctx, `SELECT id, code_challenge, redirect_to, oauth_nonce, oauth_verifier, created_at
		FROM flow_states WHERE oauth_state_hash = ?`, hashToken(state)).Scan(&f.ID, &f.Challenge, &f.RedirectTo, &f.Nonce, &f.Verifier, &f.CreatedAt)
	if db.IsNoRows(err) || state == "" {
		return nil, badRequest("bad_oauth_state", "OAuth callback with invalid state")
	}
	if err != nil {
		return nil, err
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE flow_states SET oauth_state_hash = NULL WHERE id = ?`, f.ID); err != nil {
		return nil, err
	}
	if s.clock().Sub(f.CreatedAt) > oauthFlowTTL {
		return nil, badRequest("bad_oauth_state", "OAuth state has expired")
	}
	return &f, nil
}

// googleClaims are the ID token claims we use.
type googleClaims struct {
	Subject       string `json:"sub"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
	Name          string `json:"name"`
	GivenName     string `json:"given_name"`
	FamilyName    string `json:"family_name"`
	Picture       string `json:"picture"`
}

func (s *Service) finishGoogleSignIn(ctx context.Context, r *http.Request, f *oauthFlow) (string, error) {
	q := r.URL.Query()
	if e := q.Get("error"); e != "" {
		return "", forbidden("bad_oauth_callback", "Google sign-in was cancelled or failed: %s", e)
	}
	claims, err := s.exchangeGoogleCode(ctx, f, q.Get("code"))
	if err != nil {
		return "", err
	}
	var target string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		u, err := s.googleUser(ctx, tx, claims)
		if err != nil {
			return err
		}
		if f.Challenge != "" {
			code, err := s.issueAuthCode(ctx, tx, f.ID, u.ID)
			target = withQuery(f.RedirectTo, url.Values{"code": {code}})
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM flow_states WHERE id = ?`, f.ID); err != nil {
			return err
		}
		resp, err := s.signIn(ctx, tx, u, "oauth", r)
		if err != nil {
			return err
		}
		target = withFragment(f.RedirectTo, sessionFragment(resp, ""))
		return nil
	})
	return target, err
}

func (s *Service) exchangeGoogleCode(ctx context.Context, f *oauthFlow, code string) (*googleClaims, error) {
	g, err := s.googleProvider(ctx)
	if err != nil {
		return nil, err
	}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, s.httpClient)
	tok, err := g.oauth.Exchange(ctx, code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return nil, badRequest("bad_oauth_callback", "Unable to exchange external code")
	}
	raw, _ := tok.Extra("id_token").(string)
	idt, err := g.verifier.Verify(oidc.ClientContext(ctx, s.httpClient), raw)
	if err != nil || idt.Nonce != f.Nonce {
		return nil, badRequest("bad_oauth_callback", "Google's ID token could not be verified")
	}
	var c googleClaims
	if err := idt.Claims(&c); err != nil {
		return nil, badRequest("bad_oauth_callback", "Google's ID token could not be read")
	}
	c.Subject = idt.Subject
	return &c, nil
}

// googleUser returns the user of a Google account: the one already linked,
// else the user with the same verified e-mail (linked now), else a new one.
func (s *Service) googleUser(ctx context.Context, tx db.Querier, c *googleClaims) (*user, error) {
	now := s.clock()
	data := map[string]any{"sub": c.Subject, "email": c.Email, "email_verified": c.EmailVerified, "name": c.Name,
		"full_name": c.Name, "given_name": c.GivenName, "family_name": c.FamilyName, "avatar_url": c.Picture,
		"iss": s.cfg.GoogleIssuer, "provider_id": c.Subject}
	var userID string
	err := tx.QueryRowContext(ctx, `SELECT user_id FROM identities WHERE provider = 'google' AND provider_id = ?`, c.Subject).Scan(&userID)
	if err == nil {
		if _, err := tx.ExecContext(ctx, `UPDATE identities SET last_sign_in_at = ?, updated_at = ? WHERE provider = 'google' AND provider_id = ?`, now, now, c.Subject); err != nil {
			return nil, err
		}
		return userByID(ctx, tx, userID)
	}
	if !db.IsNoRows(err) {
		return nil, err
	}
	if !c.EmailVerified || c.Email == "" {
		return nil, unprocessable("provider_email_needs_verification", "Your Google e-mail address is not verified")
	}
	email := normalizeEmail(c.Email)
	u, err := userByEmail(ctx, tx, email)
	switch {
	case errors.Is(err, errNoUser):
		return s.createGoogleUser(ctx, tx, email, c, data)
	case err != nil:
		return nil, err
	}
	return u, s.linkGoogle(ctx, tx, u, c, data)
}

func (s *Service) createGoogleUser(ctx context.Context, tx db.Querier, email string, c *googleClaims, data map[string]any) (*user, error) {
	now := s.clock()
	meta := map[string]any{"first_name": c.GivenName, "last_name": c.FamilyName, "full_name": c.Name,
		"avatar_url": c.Picture, "email": email, "email_verified": true, "sub": c.Subject, "provider_id": c.Subject}
	u := &user{ID: newID(), Email: email, EmailConfirmedAt: &now, UserMetadata: meta,
		AppMetadata: map[string]any{"provider": "google", "providers": []any{"google"}}, CreatedAt: now, UpdatedAt: now}
	return u, s.createUser(ctx, tx, u, "google", c.Subject, data)
}

// linkGoogle adds Google to an existing account. An unconfirmed account's
// password was set by someone who never proved they own the address, so it
// is dropped: the Google sign-in is that proof.
func (s *Service) linkGoogle(ctx context.Context, tx db.Querier, u *user, c *googleClaims, data map[string]any) error {
	now := s.clock()
	ident := &identity{ID: newID(), UserID: u.ID, Provider: "google", ProviderID: c.Subject, Email: u.Email,
		IdentityData: data, LastSignInAt: &now, CreatedAt: now, UpdatedAt: now}
	if err := insertIdentity(ctx, tx, ident); err != nil {
		return err
	}
	if !u.confirmed() {
		if err := setUserColumn(ctx, tx, u.ID, "encrypted_password", "", now); err != nil {
			return err
		}
		if err := confirmEmail(ctx, tx, u, now); err != nil {
			return err
		}
	}
	u.AppMetadata = map[string]any{"provider": u.appMetadata()["provider"], "providers": []any{"email", "google"}}
	b, _ := jsonMarshal(u.AppMetadata)
	return setUserColumn(ctx, tx, u.ID, "app_metadata", b, now)
}

// asAPIError turns an internal error into a generic one for a redirect.
func asAPIError(err error) *apiError {
	var e *apiError
	if errors.As(err, &e) {
		return e
	}
	return newError(http.StatusInternalServerError, "unexpected_failure", "Unexpected failure, please try again")
}

func lowerOrEmpty(s string) string { return strings.ToLower(s) }
