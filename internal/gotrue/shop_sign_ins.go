// Sign-in history: every sign-in of an account, good or failed, for the
// parent's security page and the back office, and the e-mail about a
// sign-in from a device the account has never used.

package gotrue

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/mileusna/useragent"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	bsmail "bookshop/internal/mail"
)

// Sign-in methods as the history names them.
const (
	MethodPassword = "password"
	MethodLink     = "link"    // a link in an e-mail (magic link, confirmation, reset)
	MethodCode     = "code"    // the 6-digit code of such an e-mail
	MethodGoogle   = "google"  // Google, or linking a Google account
	MethodPasskey  = "passkey" // a passkey (WebAuthn)
)

// signInHistoryDays is how long the security page looks back. The
// retention schedule deletes older sign-ins (RETENTION_SIGN_IN_DAYS,
// ForgetSignInsBefore).
const signInHistoryDays = 90

// signInSignOutTTL is how long the link of a new-device e-mail works.
const signInSignOutTTL = 7 * 24 * time.Hour

// CountryLookup maps an IP address to a country code (internal/geo's
// GeoIP database); the sign-in history's approximate place.
type CountryLookup interface {
	Country(ip netip.Addr) (string, bool)
}

// WithPlaces names the country of each sign-in and session from lookup
// (GEOIP_DATABASE); without it, places are unknown.
func WithPlaces(lookup CountryLookup) Option { return func(s *Service) { s.places = lookup } }

// placeOf is the country code of an address, or "".
func (s *Service) placeOf(ip string) string {
	if s.places == nil {
		return ""
	}
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ""
	}
	cc, ok := s.places.Country(addr)
	if !ok || len(cc) != 2 {
		return ""
	}
	return strings.ToUpper(cc)
}

// methodKey carries the sign-in method a handler knows better than the
// session's AMR does (a 6-digit code and a link are both "otp" there).
type methodKey struct{}

func withSignInMethod(ctx context.Context, method string) context.Context {
	return context.WithValue(ctx, methodKey{}, method)
}

// historyMethod names a sign-in for the history from the session's first
// AMR method (or what the handler put in ctx).
func historyMethod(ctx context.Context, amr string) string {
	if m, ok := ctx.Value(methodKey{}).(string); ok {
		return m
	}
	switch amr {
	case "password":
		return MethodPassword
	case "oauth", linkIdentityMethod:
		return MethodGoogle
	case "passkey", "webauthn":
		return MethodPasskey
	}
	return MethodLink
}

// deviceOf describes the device of a User-Agent for people ("Chrome on
// macOS") and as the key by which the account knows it: browser, system
// and kind, without versions.
func deviceOf(userAgent string) (label, key string) {
	p := useragent.Parse(userAgent)
	browser, system := orDash(p.Name), orDash(p.OS)
	kind := "desktop"
	switch {
	case p.Tablet:
		kind = "tablet"
	case p.Mobile:
		kind = "mobile"
	case p.Bot:
		kind = "bot"
	}
	label = browser + " on " + system
	if p.Device != "" {
		label += " (" + p.Device + ")"
	}
	if browser == "-" && system == "-" {
		label = "Unknown device"
	}
	key = strings.ToLower(browser + "|" + system + "|" + kind + "|" + p.Device)
	return truncate(label, 100), truncate(key, 200)
}

func orDash(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "-"
	}
	return s
}

// recordSignIn records one sign-in of userID by method (Method*), good or
// failed, with the request's device and place. A successful sign-in that
// starts a session goes through signIn, which records it (with the session);
// this is for the failures (a wrong password, code or passkey) and for
// features that know an attempt's outcome without a session.
func (s *Service) recordSignIn(ctx context.Context, q db.Querier, userID, method string, ok bool, r *http.Request) error {
	label, _ := deviceOf(r.UserAgent())
	ip := httpx.ClientIPString(r)
	_, err := q.ExecContext(ctx, `INSERT INTO sign_in_events (user_id, at, method, ok, device, ip, place)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, userID, s.clock(), method, ok, label, ip, s.placeOf(ip))
	if err != nil {
		return fmt.Errorf("auth: record a sign-in: %w", err)
	}
	return nil
}

// recordFailedSignInByEmail records a failed sign-in of the account with
// email, if there is one. It is one statement either way, so its cost does
// not tell whether the address has an account.
func (s *Service) recordFailedSignInByEmail(ctx context.Context, email, method string, r *http.Request) error {
	label, _ := deviceOf(r.UserAgent())
	ip := httpx.ClientIPString(r)
	_, err := s.db.ExecContext(ctx, `INSERT INTO sign_in_events (user_id, at, method, ok, device, ip, place)
		SELECT id, ?, ?, ?, ?, ?, ? FROM users WHERE email = ?`,
		s.clock(), method, false, label, ip, s.placeOf(ip), normalizeEmail(email))
	if err != nil {
		return fmt.Errorf("auth: record a failed sign-in: %w", err)
	}
	return nil
}

// signedIn records the sign-in that started sess and, when it came from a
// kind of device the account has never used (and the account has used
// another before: the first one is no news), e-mails the owner with a link
// that signs this session out.
func (s *Service) signedIn(ctx context.Context, q db.Querier, u *user, sess *session, amr string, r *http.Request) error {
	now := s.clock()
	label, key := deviceOf(r.UserAgent())
	ip := httpx.ClientIPString(r)
	place := s.placeOf(ip)
	isNew, err := noteDevice(ctx, q, u.ID, key, now)
	if err != nil {
		return err
	}
	var tokenHash *string
	var token string
	if isNew {
		token = randomToken(32)
		h := hashToken(token)
		tokenHash = &h
	}
	_, err = q.ExecContext(ctx, `INSERT INTO sign_in_events (user_id, at, method, ok, session_id, device, ip, place, sign_out_token_hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, u.ID, now, historyMethod(ctx, amr), true, sess.ID, label, ip, place, tokenHash)
	if err != nil {
		return fmt.Errorf("auth: record a sign-in: %w", err)
	}
	if !isNew {
		return nil
	}
	link := s.cfg.SiteURL + "/security/sign-out?token=" + token
	m, err := bsmail.NewSignInEmail(u.Email, bsmail.NewSignIn{At: now, Device: label, Place: countryName(place), Link: link})
	if err != nil {
		return err
	}
	return bsmail.Enqueue(ctx, q, m)
}

// noteDevice records that userID signed in from the device key and tells
// whether that is news: a device never seen on an account that has seen
// another.
func noteDevice(ctx context.Context, q db.Querier, userID, key string, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE known_devices SET last_seen_at = ? WHERE user_id = ? AND device_key = ?`, now, userID, key)
	if err != nil {
		return false, fmt.Errorf("auth: known devices: %w", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return false, nil
	}
	var others bool
	if err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM known_devices WHERE user_id = ?)`, userID).Scan(&others); err != nil {
		return false, fmt.Errorf("auth: known devices: %w", err)
	}
	res, err = q.ExecContext(ctx, `INSERT INTO known_devices (user_id, device_key, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, device_key) DO NOTHING`, userID, key, now, now)
	if err != nil {
		return false, fmt.Errorf("auth: known devices: %w", err)
	}
	inserted, _ := res.RowsAffected()
	return others && inserted > 0, nil
}

// SignInEvent is one sign-in as the security page and the back office show it.
type SignInEvent struct {
	At     time.Time `json:"at"`
	Method string    `json:"method"`
	OK     bool      `json:"ok"`
	Device string    `json:"device"`
	IP     string    `json:"ip"`
	Place  string    `json:"place"` // country code, or ""
}

// signInsOf returns userID's sign-ins of the last 90 days, newest first.
func (s *Service) signInsOf(ctx context.Context, q db.Querier, userID string, limit int) ([]SignInEvent, error) {
	since := s.clock().AddDate(0, 0, -signInHistoryDays)
	rows, err := q.QueryContext(ctx, `SELECT at, method, ok, device, ip, place FROM sign_in_events
		WHERE user_id = ? AND at >= ? ORDER BY at DESC, id DESC LIMIT ?`, userID, since, limit)
	if err != nil {
		return nil, fmt.Errorf("auth: sign-ins of a user: %w", err)
	}
	defer rows.Close()
	list := []SignInEvent{}
	for rows.Next() {
		var e SignInEvent
		if err := rows.Scan(&e.At, &e.Method, &e.OK, &e.Device, &e.IP, &e.Place); err != nil {
			return nil, err
		}
		e.At = e.At.UTC()
		list = append(list, e)
	}
	return list, rows.Err()
}

// ForgetSignInsBefore deletes the sign-ins older than cutoff: the retention
// schedule's sweep of the sign-in history (internal/retention).
func ForgetSignInsBefore(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM sign_in_events WHERE at < ?`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("auth: forget old sign-ins: %w", err)
	}
	return res.RowsAffected()
}
