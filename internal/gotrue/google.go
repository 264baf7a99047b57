package gotrue

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
	"bookshop/internal/httpx"
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

// Authorize handles GET /authorize?provider=google: it remembers the flow
// (and the browser's PKCE challenge) and sends the browser to Google.
func (s *Service) Authorize(w http.ResponseWriter, r *http.Request) error {
	return s.startGoogle(w, r, "", "oauth")
}

// startGoogle sends the browser to Google for a sign-in (authMethod
// "oauth"), or to link a Google account to userID (linkIdentityMethod).
func (s *Service) startGoogle(w http.ResponseWriter, r *http.Request, userID, authMethod string) error {
	ctx := r.Context()
	q := r.URL.Query()
	if q.Get("provider") != "google" || !s.cfg.GoogleEnabled() {
		return errProviderDisabled
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
	err = insertFlowState(ctx, s.db, &flowState{ID: newID(), UserID: userID, Challenge: p.CodeChallenge, Method: strings.ToLower(p.CodeChallengeMethod),
		AuthMethod: authMethod, RedirectTo: s.redirectTarget(q.Get("redirect_to")), OAuthStateHash: hashToken(state),
		Nonce: nonce, Verifier: verifier, CreatedAt: s.clock()})
	if err != nil {
		return err
	}
	target := g.oauth.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("prompt", "select_account"))
	if q.Get("skip_http_redirect") == "true" {
		return httpx.WriteJSON(w, http.StatusOK, map[string]string{"url": target})
	}
	http.Redirect(w, r, target, http.StatusFound)
	return nil
}

// FinishGoogleSignIn handles GET /callback, where Google sends the browser
// back: it checks the ID token, finds or creates the user and redirects to
// the app with ?code= (PKCE) or the session in the fragment.
func (s *Service) FinishGoogleSignIn(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	f, err := s.takeOAuthFlow(ctx, q.Get("state"))
	if err != nil {
		http.Redirect(w, r, errorRedirect(s.cfg.SiteURL, asAPIError(err), false), http.StatusSeeOther)
		return nil
	}
	target, err := s.googleSignIn(ctx, r, f)
	if err != nil {
		slog.InfoContext(ctx, "google sign-in failed", "err", err)
		target = errorRedirect(f.RedirectTo, asAPIError(err), f.Challenge != "")
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
	return nil
}

// takeOAuthFlow finds the flow of a state and removes its state, so a
// callback URL works once.
func (s *Service) takeOAuthFlow(ctx context.Context, state string) (*flowState, error) {
	f, err := takeOAuthState(ctx, s.db, hashToken(state))
	if errors.Is(err, errNoFlow) || state == "" {
		return nil, badRequest("bad_oauth_state", "OAuth callback with invalid state")
	}
	if err != nil {
		return nil, err
	}
	if s.clock().Sub(f.CreatedAt) > oauthFlowTTL {
		return nil, badRequest("bad_oauth_state", "OAuth state has expired")
	}
	return f, nil
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

func (s *Service) googleSignIn(ctx context.Context, r *http.Request, f *flowState) (string, error) {
	q := r.URL.Query()
	if e := q.Get("error"); e != "" {
		return "", forbidden("bad_oauth_callback", "Google sign-in was cancelled or failed: %s", e)
	}
	claims, err := s.exchangeGoogleCode(ctx, f, q.Get("code"))
	if err != nil {
		return "", err
	}
	return db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (string, error) {
		pick := s.googleUser
		if f.AuthMethod == linkIdentityMethod {
			pick = func(ctx context.Context, tx db.Querier, c *googleClaims) (*user, error) {
				return s.linkGoogleTo(ctx, tx, f.UserID, c)
			}
		}
		u, err := pick(ctx, tx, claims)
		if err != nil {
			return "", err
		}
		if f.Challenge != "" {
			code, err := s.issueAuthCode(ctx, tx, f.ID, u.ID)
			return withQuery(f.RedirectTo, url.Values{"code": {code}}), err
		}
		if err := deleteFlowState(ctx, tx, f.ID); err != nil {
			return "", err
		}
		resp, err := s.signIn(ctx, tx, u, "oauth", r)
		if err != nil {
			return "", err
		}
		return withFragment(f.RedirectTo, sessionFragment(resp, "")), nil
	})
}

func (s *Service) exchangeGoogleCode(ctx context.Context, f *flowState, code string) (*googleClaims, error) {
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
	userID, err := touchIdentity(ctx, tx, "google", c.Subject, now)
	if err == nil {
		return userByID(ctx, tx, userID)
	}
	if !errors.Is(err, errNoUser) {
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
	if s.cfg.DisableSignup {
		return nil, errSignupDisabled
	}
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
