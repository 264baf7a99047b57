package gotrue

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"time"

	"bookshop/internal/db"
)

// pkceParams are the PKCE fields auth-js adds to e-mail and OAuth requests.
type pkceParams struct {
	CodeChallenge       string `json:"code_challenge"`
	CodeChallengeMethod string `json:"code_challenge_method"`
}

func (p pkceParams) present() bool { return p.CodeChallenge != "" || p.CodeChallengeMethod != "" }

func (p pkceParams) validate() error {
	if p.CodeChallenge == "" || p.CodeChallengeMethod == "" {
		return badRequest("validation_failed", "PKCE flow requires code_challenge_method and code_challenge")
	}
	m := strings.ToLower(p.CodeChallengeMethod)
	if m != "s256" && m != "plain" {
		return badRequest("validation_failed", "code challenge method not supported")
	}
	if n := len(p.CodeChallenge); n < 43 || n > 128 {
		return badRequest("validation_failed", "code challenge has to be between 43 and 128 characters")
	}
	return nil
}

// createFlowState remembers a PKCE code challenge until the browser
// exchanges the auth code for a session. It returns "" when the request is
// not a PKCE request.
func (s *Service) createFlowState(ctx context.Context, tx db.Querier, userID string, p pkceParams, authMethod, redirectTo string) (string, error) {
	if !p.present() {
		return "", nil
	}
	if err := p.validate(); err != nil {
		return "", err
	}
	f := &flowState{ID: newID(), UserID: userID, Challenge: p.CodeChallenge, Method: strings.ToLower(p.CodeChallengeMethod),
		AuthMethod: authMethod, RedirectTo: redirectTo, CreatedAt: s.clock()}
	return f.ID, insertFlowState(ctx, tx, f)
}

// issueAuthCode attaches a fresh auth code to a flow state, for the
// redirect back to the browser.
func (s *Service) issueAuthCode(ctx context.Context, tx db.Querier, flowStateID, userID string) (string, error) {
	code := newID()
	found, err := setAuthCode(ctx, tx, flowStateID, userID, hashToken(code), s.clock())
	if err != nil {
		return "", err
	}
	if !found {
		return "", notFound("flow_state_not_found", "invalid flow state, no valid flow state found")
	}
	return code, nil
}

// verifierMatches checks a PKCE code verifier against the stored challenge.
func verifierMatches(verifier, challenge, method string) bool {
	if method == "plain" {
		return verifier == challenge
	}
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:]) == challenge
}

// flowState is a row of flow_states: a PKCE flow (an e-mail link's or a
// Google sign-in's) until its auth code is exchanged for a session. The
// OAuth fields are only set for Google sign-ins.
type flowState struct {
	ID, UserID, Challenge, Method, AuthMethod, RedirectTo string
	OAuthStateHash, Nonce, Verifier                       string
	CreatedAt, IssuedAt                                   time.Time
}

// pkceTokenPrefix marks link tokens of PKCE flows, so that even an unknown
// or expired token's error goes back in the query where the PKCE client
// looks for it.
const pkceTokenPrefix = "pkce_"
