package gotrue

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/boombuler/barcode/qr"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// factor is an enrolled second factor; only TOTP is offered.
type factor struct {
	ID, UserID, FriendlyName, Type, Status, Secret string
	CreatedAt, UpdatedAt                           time.Time
}

type factorJSON struct {
	ID           string    `json:"id"`
	FriendlyName string    `json:"friendly_name,omitempty"`
	FactorType   string    `json:"factor_type"`
	Status       string    `json:"status"`
	CreatedAt    time.Time `json:"created_at"`
	UpdatedAt    time.Time `json:"updated_at"`
}

func (f factor) json() factorJSON {
	return factorJSON{ID: f.ID, FriendlyName: f.FriendlyName, FactorType: f.Type, Status: f.Status, CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt}
}

const (
	factorUnverified = "unverified"
	factorVerified   = "verified"
	recoveryCodeN    = 10
)

var errFactorNotFound = notFound("mfa_factor_not_found", "Factor not found")

// errTOTPCodeUsed is the response to a right code that was accepted before: an
// authenticator app shows one code for 30 s, so a parent who enters it a
// second time must wait for the next one. GoTrue's code, a clearer message.
var errTOTPCodeUsed = unprocessable("mfa_verification_failed",
	"This code has already been used. Please wait for the next code in your authenticator app and enter that one.")

func hasVerifiedFactor(fs []factor) bool {
	for _, f := range fs {
		if f.Status == factorVerified {
			return true
		}
	}
	return false
}

// mfaCaller is the bearer of a factor request.
func (s *Service) mfaCaller(ctx context.Context, tx db.Querier, r *http.Request) (*bearer, error) {
	return s.requireBearer(ctx, tx, r)
}

// inFactorTx is the shared start of the /factors/{id} endpoints: fn runs
// in a transaction with the caller and the caller's factor named in the
// path (another user's factor is not found), and its value is returned.
func inFactorTx[T any](s *Service, r *http.Request, fn func(tx *db.Tx, b *bearer, f *factor) (T, error)) (T, error) {
	ctx := r.Context()
	return db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (T, error) {
		var zero T
		b, err := s.mfaCaller(ctx, tx, r)
		if err != nil {
			return zero, err
		}
		f, err := factorOf(ctx, tx, b.user.ID, r.PathValue("id"))
		if err != nil {
			return zero, err
		}
		return fn(tx, b, f)
	})
}

// EnrollFactor handles POST /factors: a new, unverified TOTP factor with
// its secret and QR code.
func (s *Service) EnrollFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in struct {
		FactorType   string `json:"factor_type"`
		FriendlyName string `json:"friendly_name"`
		Issuer       string `json:"issuer"`
	}
	// The session comes first, as in GoTrue: a caller without one learns
	// nothing from how its body would have been judged.
	if _, err := s.requireBearer(ctx, s.db, r); err != nil {
		return err
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := refuseFactorType(in.FactorType); err != nil {
		return err
	}
	if in.FactorType != "totp" && in.FactorType != "webauthn" {
		return badRequest("validation_failed", "factor_type needs to be totp or webauthn")
	}
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (any, error) {
		b, err := s.mfaCaller(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		fs, err := factorsOf(ctx, tx, b.user.ID)
		if err != nil {
			return nil, err
		}
		if hasVerifiedFactor(fs) && b.session.AAL != "aal2" {
			return nil, forbidden("insufficient_aal", "AAL2 required to enroll a new factor")
		}
		// An abandoned enrolment is replaced, not piled up.
		if err := deleteUnverifiedFactors(ctx, tx, b.user.ID); err != nil {
			return nil, err
		}
		if in.FactorType == "webauthn" {
			return s.enrollWebAuthn(ctx, tx, b.user, truncate(strings.TrimSpace(in.FriendlyName), 100))
		}
		return s.enrollTOTP(ctx, tx, b.user, truncate(strings.TrimSpace(in.FriendlyName), 100), in.Issuer)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

func (s *Service) enrollTOTP(ctx context.Context, tx db.Querier, u *user, name, issuer string) (any, error) {
	if issuer = strings.TrimSpace(issuer); issuer == "" {
		issuer = "Siso & Friends"
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: truncate(issuer, 100), AccountName: u.Email})
	if err != nil {
		return nil, err
	}
	uri := otpauthURI(truncate(issuer, 100), u.Email, key.Secret())
	qrSVG, err := qrCodeSVG(uri)
	if err != nil {
		return nil, err
	}
	now := s.clock()
	f := factor{ID: newID(), UserID: u.ID, FriendlyName: name, Type: "totp", Status: factorUnverified, Secret: key.Secret(), CreatedAt: now, UpdatedAt: now}
	if err := insertFactor(ctx, tx, &f); err != nil {
		return nil, err
	}
	type totpJSON struct {
		QRCode string `json:"qr_code"`
		Secret string `json:"secret"`
		URI    string `json:"uri"`
	}
	return struct {
		ID           string   `json:"id"`
		Type         string   `json:"type"`
		FriendlyName string   `json:"friendly_name"`
		TOTP         totpJSON `json:"totp"`
	}{f.ID, f.Type, f.FriendlyName, totpJSON{qrSVG, key.Secret(), uri}}, nil
}

// otpauthURI is the key URI an authenticator app reads from the QR code
// (Google's Key Uri Format). pquerna/otp's Key.URL leaves the '&' of
// "Siso & Friends" unescaped, which splits the issuer in the query, so the
// label and the query are escaped here, spaces as %20 as the apps expect.
func otpauthURI(issuer, account, secret string) string {
	escape := func(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }
	q := url.Values{"secret": {secret}, "issuer": {issuer}, "algorithm": {"SHA1"},
		"digits": {"6"}, "period": {strconv.Itoa(totpPeriod)}}
	return "otpauth://totp/" + escape(issuer) + ":" + escape(account) + "?" + strings.ReplaceAll(q.Encode(), "+", "%20")
}

// qrCodeSVG draws the QR code as SVG, the format auth-js expects: it sends
// the app "data:image/svg+xml;utf-8," followed by this text unescaped, so
// the text holds no '#' or '%', which would end or garble that data URI.
func qrCodeSVG(content string) (string, error) {
	code, err := qr.Encode(content, qr.M, qr.Auto)
	if err != nil {
		return "", err
	}
	n := code.Bounds().Dx()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 %d %d" shape-rendering="crispEdges"><rect x="-2" y="-2" width="%d" height="%d" fill="white"/><path fill="black" d="`, n+4, n+4, n+4, n+4)
	for y := range n {
		for x := range n {
			if r, _, _, _ := code.At(x, y).RGBA(); r == 0 {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x, y)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}

// ChallengeFactor handles POST /factors/{id}/challenge.
func (s *Service) ChallengeFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	out, err := inFactorTx(s, r, func(tx *db.Tx, b *bearer, f *factor) (map[string]any, error) {
		if f.Type == "webauthn" {
			return s.challengeWebAuthnFactor(ctx, tx, b, f)
		}
		now := s.clock()
		id := newID()
		if err := insertChallenge(ctx, tx, id, f.ID, now); err != nil {
			return nil, err
		}
		return map[string]any{"id": id, "type": f.Type, "expires_at": now.Add(mfaChallengeTTL).Unix()}, nil
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// mfaVerifyResponse is a session raised to aal2; the first verification of
// a factor also returns the recovery codes, the only time they are shown.
type mfaVerifyResponse struct {
	*tokenResponse
	RecoveryCodes []string `json:"recovery_codes,omitempty"`
}

// VerifyFactor handles POST /factors/{id}/verify with a TOTP code, or one of
// the recovery codes, and raises the session to aal2.
func (s *Service) VerifyFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in struct {
		ChallengeID string               `json:"challenge_id"`
		Code        string               `json:"code"`
		WebAuthn    *webAuthnFactorInput `json:"webauthn"` // a WebAuthn factor's (webauthn_factor.go)
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	var failed error
	var email string
	out, err := inFactorTx(s, r, func(tx *db.Tx, b *bearer, f *factor) (*mfaVerifyResponse, error) {
		if f.Type == "webauthn" {
			if err := checkWebAuthnFactorInput(in.WebAuthn, in.Code); err != nil {
				return nil, err
			}
			out, fail, err := s.verifyWebAuthnFactor(ctx, tx, b, f, in.ChallengeID, in.WebAuthn, in.Code)
			failed, email = fail, b.user.Email
			return out, err
		}
		if err := s.useChallenge(ctx, tx, f.ID, in.ChallengeID); err != nil {
			return nil, err
		}
		method, err := s.checkSecondFactor(ctx, tx, f, in.Code)
		if err != nil {
			failed = err // commit: the challenge stays used
			return nil, nil
		}
		return s.completeMFA(ctx, tx, b, f, method)
	})
	if err != nil {
		return err
	}
	if failed == errWebAuthnFactorFailed {
		if err := s.countWrongProof(ctx, email); err != nil {
			return err
		}
	}
	if failed != nil {
		return failed
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// useChallenge consumes a challenge of the factor that has not expired.
func (s *Service) useChallenge(ctx context.Context, tx db.Querier, factorID, challengeID string) error {
	created, err := takeChallenge(ctx, tx, factorID, challengeID, s.clock())
	if errors.Is(err, errNoChallenge) {
		return notFound("mfa_factor_not_found", "Challenge not found")
	}
	if err != nil {
		return err
	}
	if s.clock().Sub(created) > mfaChallengeTTL {
		return unprocessable("mfa_challenge_expired", "MFA challenge %s has expired, verify against another challenge or create a new challenge.", challengeID)
	}
	return nil
}

// checkSecondFactor accepts a current TOTP code, or (for a verified factor)
// an unused recovery code, and names the method for the session's amr.
func (s *Service) checkSecondFactor(ctx context.Context, tx db.Querier, f *factor, code string) (string, error) {
	code = strings.TrimSpace(code)
	if step, ok := totpStepOf(code, f.Secret, s.clock()); ok {
		// A code is accepted once: its time step must be later than the
		// last one this factor accepted.
		fresh, err := useTOTPStep(ctx, tx, f.ID, step)
		if err != nil {
			return "", err
		}
		if fresh {
			return "totp", nil
		}
		return "", errTOTPCodeUsed
	}
	if f.Status == factorVerified && len(code) > 6 {
		used, err := useRecoveryCode(ctx, tx, f.UserID, code, s.clock())
		if err != nil {
			return "", err
		}
		if used {
			return "recovery_code", nil
		}
	}
	return "", unprocessable("mfa_verification_failed", "Invalid TOTP code entered")
}

func (s *Service) completeMFA(ctx context.Context, tx db.Querier, b *bearer, f *factor, method string) (*mfaVerifyResponse, error) {
	now := s.clock()
	out := &mfaVerifyResponse{}
	if f.Status == factorUnverified {
		if err := setFactorStatus(ctx, tx, f.ID, factorVerified, now); err != nil {
			return nil, err
		}
		fs, err := factorsOf(ctx, tx, f.UserID)
		if err != nil {
			return nil, err
		}
		if countVerified(fs) == 1 { // the first factor: hand out recovery codes
			if out.RecoveryCodes, err = s.newRecoveryCodes(ctx, tx, f.UserID); err != nil {
				return nil, err
			}
		}
	}
	if err := raiseToAAL2(ctx, tx, b.session, method, now); err != nil {
		return nil, err
	}
	resp, err := s.sessionResponse(ctx, tx, b.user, b.session)
	out.tokenResponse = resp
	return out, err
}

func countVerified(fs []factor) int {
	n := 0
	for _, f := range fs {
		if f.Status == factorVerified {
			n++
		}
	}
	return n
}

// UnenrollFactor handles DELETE /factors/{id}. Removing a verified factor
// needs an aal2 session, so a stolen password alone cannot switch MFA off.
func (s *Service) UnenrollFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := inFactorTx(s, r, func(tx *db.Tx, b *bearer, f *factor) (string, error) {
		if f.Status == factorVerified && b.session.AAL != "aal2" {
			return "", forbidden("insufficient_aal", "AAL2 required to unenroll verified factor")
		}
		if err := s.requireSecondStep(ctx, tx, b, "unenroll a factor"); err != nil {
			return "", err
		}
		if err := deleteFactor(ctx, tx, f.ID); err != nil {
			return "", err
		}
		fs, err := factorsOf(ctx, tx, b.user.ID)
		if err != nil {
			return "", err
		}
		if !hasVerifiedFactor(fs) {
			if err := deleteRecoveryCodes(ctx, tx, b.user.ID); err != nil {
				return "", err
			}
		}
		return f.ID, nil
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"id": id})
}

// RegenerateRecoveryCodes handles POST /factors/recovery_codes (our
// addition): a fresh set of codes replacing the old, from an aal2 session.
func (s *Service) RegenerateRecoveryCodes(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	codes, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) ([]string, error) {
		b, err := s.mfaCaller(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		if b.session.AAL != "aal2" {
			return nil, forbidden("insufficient_aal", "AAL2 required to create recovery codes")
		}
		return s.newRecoveryCodes(ctx, tx, b.user.ID)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string][]string{"recovery_codes": codes})
}

// totpPeriod and totpSkew are the TOTP settings of authenticator apps: a
// code per 30 s, and one step either way accepted for clock drift.
const (
	totpPeriod = 30
	totpSkew   = 1
)

// totpStepOf returns the time step whose code is code, within the skew.
func totpStepOf(code, secret string, now time.Time) (int64, bool) {
	if len(code) != 6 {
		return 0, false
	}
	current := now.Unix() / totpPeriod
	for step := current - totpSkew; step <= current+totpSkew; step++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0),
			totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// recoveryAlphabet leaves out look-alike characters (0/O, 1/I).
const recoveryAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func (s *Service) newRecoveryCodes(ctx context.Context, tx db.Querier, userID string) ([]string, error) {
	if err := deleteRecoveryCodes(ctx, tx, userID); err != nil {
		return nil, err
	}
	now := s.clock()
	codes := make([]string, recoveryCodeN)
	for i := range codes {
		raw := randomFrom(recoveryAlphabet, 10)
		codes[i] = raw[:5] + "-" + raw[5:]
		if err := insertRecoveryCode(ctx, tx, userID, hashToken(normalizeRecoveryCode(codes[i])), now); err != nil {
			return nil, err
		}
	}
	return codes, nil
}

func normalizeRecoveryCode(c string) string {
	return strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(c))
}
