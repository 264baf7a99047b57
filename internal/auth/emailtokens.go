package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/mail"
	"bookshop/internal/ratelimit"
)

// Types of e-mailed tokens, named as in Supabase Auth's verify `type`.
const (
	typeSignup      = "signup"
	typeRecovery    = "recovery"
	typeMagicLink   = "magiclink"
	typeEmailChange = "email_change"
)

func tokenTTL(tokenType string) time.Duration {
	if tokenType == typeRecovery || tokenType == typeMagicLink {
		return recoveryTTL
	}
	return confirmationTTL
}

// emailToken is what goes into an e-mail: a link and a 6-digit code.
type emailToken struct {
	Link string
	Code string
}

// issueEmailToken replaces any live token of this type for the user with a
// new one, and returns the link and code to e-mail to sentTo.
func (s *Service) issueEmailToken(ctx context.Context, tx db.Querier, u *user, tokenType, sentTo, flowStateID, redirectTo string) (*emailToken, error) {
	now := s.clock()
	if _, err := tx.ExecContext(ctx, `DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?`, u.ID, tokenType); err != nil {
		return nil, err
	}
	tok, code := randomToken(32), randomDigits(6)
	var flow any
	if flowStateID != "" {
		flow = flowStateID
		tok = pkceTokenPrefix + tok
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO one_time_tokens (user_id, token_type, token_hash, otp_hash, sent_to, flow_state_id, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u.ID, tokenType, hashToken(tok), otpHash(sentTo, code), sentTo, flow, now.Add(tokenTTL(tokenType)), now)
	if err != nil {
		return nil, err
	}
	q := url.Values{"token": {tok}, "type": {tokenType}, "redirect_to": {redirectTo}}
	return &emailToken{Link: s.cfg.SiteURL + "/auth/v1/verify?" + q.Encode(), Code: code}, nil
}

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

// usedToken is a one-time token that was just consumed.
type usedToken struct {
	UserID      string
	Type        string
	SentTo      string
	FlowStateID string
}

// consumeToken finds a live token by the hash of its link token or of its
// code, deletes it (tokens work once) and returns it. Unknown, expired and
// already used tokens all get otp_expired, as in Supabase Auth.
func (s *Service) consumeToken(ctx context.Context, tx db.Querier, column, hash string, types ...string) (*usedToken, error) {
	var t usedToken
	var id int64
	var flow *string
	var expires time.Time
	placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(types)), ", ")
	args := []any{hash}
	for _, ty := range types {
		args = append(args, ty)
	}
	err := tx.QueryRowContext(ctx, `SELECT id, user_id, token_type, sent_to, flow_state_id, expires_at FROM one_time_tokens
		WHERE `+column+` = ? AND token_type IN (`+placeholders+`)`, args...).Scan(&id, &t.UserID, &t.Type, &t.SentTo, &flow, &expires)
	if db.IsNoRows(err) {
		return nil, errOTPExpired
	}
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM one_time_tokens WHERE id = ?`, id); err != nil {
		return nil, err
	}
	if !s.clock().Before(expires) {
		return nil, errOTPExpired
	}
	if flow != nil {
		t.FlowStateID = *flow
	}
	return &t, nil
}

// claimEmailSlot starts the 60-second cooldown of an address, or answers 429
// with the seconds left. It runs in the caller's transaction, so a request
// that fails later does not use up the slot.
func (s *Service) claimEmailSlot(ctx context.Context, tx db.Querier, email string) error {
	now := s.clock()
	res, err := tx.ExecContext(ctx, `INSERT INTO email_cooldowns (email, last_sent_at) VALUES (?, ?)
		ON CONFLICT (email) DO UPDATE SET last_sent_at = excluded.last_sent_at WHERE email_cooldowns.last_sent_at <= ?`,
		normalizeEmail(email), now, now.Add(-emailCooldown))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var last time.Time
	if err := tx.QueryRowContext(ctx, `SELECT last_sent_at FROM email_cooldowns WHERE email = ?`, normalizeEmail(email)).Scan(&last); err != nil {
		return err
	}
	left := int((emailCooldown - now.Sub(last) + time.Second - 1) / time.Second)
	left = max(1, min(left, int(emailCooldown/time.Second)))
	return tooManyRequests("over_email_send_rate_limit", "For security purposes, you can only request this after %d seconds.", left)
}

// limit counts a request of the caller's IP against the endpoint's limit
// per minute, answering GoTrue's 429 over_request_rate_limit when over it.
func (s *Service) limit(ctx context.Context, r *http.Request, endpoint string) error {
	err := s.limiter.Allow(ctx, r, endpoint)
	if errors.Is(err, ratelimit.ErrLimited) {
		return errRateLimited
	}
	return err
}

// redirectTarget returns redirect_to when it points at this site, and the
// site's URL otherwise: links must never send people elsewhere.
func (s *Service) redirectTarget(raw string) string {
	if raw == "" {
		return s.cfg.SiteURL
	}
	u, err := url.Parse(raw)
	site, serr := url.Parse(s.cfg.SiteURL)
	if err != nil || serr != nil || u.Scheme != site.Scheme || !strings.EqualFold(u.Host, site.Host) || u.User != nil {
		return s.cfg.SiteURL
	}
	return u.String()
}

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
	id := newID()
	var uid any
	if userID != "" {
		uid = userID
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO flow_states (id, user_id, code_challenge, code_challenge_method, authentication_method, redirect_to, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, id, uid, p.CodeChallenge, strings.ToLower(p.CodeChallengeMethod), authMethod, redirectTo, s.clock())
	return id, err
}

// issueAuthCode attaches a fresh auth code to a flow state, for the
// redirect back to the browser.
func (s *Service) issueAuthCode(ctx context.Context, tx db.Querier, flowStateID, userID string) (string, error) {
	code := newID()
	res, err := tx.ExecContext(ctx, `UPDATE flow_states SET auth_code_hash = ?, auth_code_issued_at = ?, user_id = ? WHERE id = ?`,
		hashToken(code), s.clock(), userID, flowStateID)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n == 0 {
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

// sendAccountEmail queues one of the account e-mails in tx.
func (s *Service) sendAccountEmail(ctx context.Context, tx db.Querier, kind mail.AccountEmailKind, to string, t *emailToken) error {
	return mail.Enqueue(ctx, tx, mail.AccountEmail(kind, to, t.Link, t.Code))
}
