package gotrue_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/gotrue"
)

// User-Agents of two devices.
const (
	macChrome    = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	iPhoneSafari = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)

// signInFrom signs email in with the password from a browser.
func signInFrom(t *testing.T, e *apitest.Env, email, userAgent string) session {
	t.Helper()
	r := e.Request("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": email, "password": apitest.Password}, "",
		map[string]string{"User-Agent": userAgent})
	r.Expect(t, http.StatusOK)
	var s session
	r.Decode(t, &s)
	return s
}

// as sends a request with the session's token.
func as(e *apitest.Env, s session, method, url string, body any) *apitest.Response {
	return e.Request(method, url, body, "", s.auth())
}

type sessionList struct {
	Sessions []struct {
		ID      string `json:"id"`
		Device  string `json:"device"`
		Current bool   `json:"current"`
	} `json:"sessions"`
}

func TestSessionsListAndRevoke(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		mac := confirmedUser(t, e, "ann@example.com")
		phone := signInFrom(t, e, "ann@example.com", iPhoneSafari)
		other := confirmedUser(t, e, "bob@example.com")

		var list sessionList
		as(e, phone, "GET", "/api/security/sessions", nil).Expect(t, http.StatusOK).Decode(t, &list)
		var phoneID, macID string
		for _, s := range list.Sessions {
			if s.Current {
				phoneID = s.ID
				if !strings.Contains(s.Device, "Safari on iOS") {
					t.Errorf("current session's device %q, want Safari on iOS", s.Device)
				}
			} else {
				macID = s.ID
			}
		}
		// Two from the sign-up's confirmation link and the password, one from the phone.
		if len(list.Sessions) != 3 || phoneID == "" || macID == "" {
			t.Fatalf("sessions %+v", list)
		}

		// Another user's session is no one else's to end; an unknown one neither.
		as(e, other, "DELETE", "/api/security/sessions/"+phoneID, nil).Expect(t, http.StatusNotFound)
		as(e, phone, "DELETE", "/api/security/sessions/nope", nil).Expect(t, http.StatusNotFound)
		e.Do("GET", "/api/security/sessions", nil, "").Expect(t, http.StatusUnauthorized)

		// The phone signs the Mac's password session out: its token dies at once.
		as(e, mac, "GET", "/api/profile", nil).Expect(t, http.StatusOK)
		macClaims := claimsOf(t, mac.AccessToken)
		as(e, phone, "DELETE", "/api/security/sessions/"+macClaims.SessionID, nil).Expect(t, http.StatusNoContent)
		as(e, mac, "GET", "/api/profile", nil).Expect(t, http.StatusUnauthorized)
		as(e, phone, "GET", "/api/profile", nil).Expect(t, http.StatusOK)

		// All others: only the phone's stays.
		as(e, phone, "DELETE", "/api/security/sessions", nil).Expect(t, http.StatusNoContent)
		if n := e.Count(`SELECT COUNT(*) FROM sessions WHERE user_id = ?`, phone.User.ID); n != 1 {
			t.Fatalf("%d sessions left, want 1", n)
		}
		as(e, phone, "GET", "/api/profile", nil).Expect(t, http.StatusOK)
		as(e, other, "GET", "/api/profile", nil).Expect(t, http.StatusOK)
	})
}

type signInList struct {
	SignIns []struct {
		Method string `json:"method"`
		OK     bool   `json:"ok"`
		Device string `json:"device"`
	} `json:"sign_ins"`
}

func TestSignInHistoryKeeps90Days(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		ann := confirmedUser(t, e, "ann@example.com")
		// A wrong password of Ann's account, and of an address without one.
		for _, email := range []string{"ann@example.com", "nobody@example.com"} {
			e.Request("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": email, "password": "wrong-one"}, "",
				map[string]string{"User-Agent": iPhoneSafari}).Expect(t, http.StatusBadRequest)
		}
		var list signInList
		as(e, ann, "GET", "/api/security/sign-ins", nil).Expect(t, http.StatusOK).Decode(t, &list)
		got := []string{}
		for _, s := range list.SignIns {
			got = append(got, s.Method+map[bool]string{true: "+", false: "-"}[s.OK])
		}
		// Newest first: the failure, the password sign-in, the confirmation link.
		if strings.Join(got, " ") != "password- password+ link+" {
			t.Fatalf("history %v", got)
		}
		if !strings.Contains(list.SignIns[0].Device, "iOS") {
			t.Errorf("failed sign-in's device %q", list.SignIns[0].Device)
		}
		if n := e.Count(`SELECT COUNT(*) FROM sign_in_events`); n != 3 {
			t.Errorf("%d events in all, want 3 (none for an unknown address)", n)
		}

		// 91 days on, a new sign-in is all that shows, and the retention sweep deletes the rest.
		e.Clock.Advance(91 * 24 * time.Hour)
		again := signInFrom(t, e, "ann@example.com", "")
		as(e, again, "GET", "/api/security/sign-ins", nil).Expect(t, http.StatusOK).Decode(t, &list)
		if len(list.SignIns) != 1 || list.SignIns[0].Method != "password" {
			t.Fatalf("history after 91 days %+v", list.SignIns)
		}
		if n, err := gotrue.ForgetSignInsBefore(context.Background(), d, e.Clock.Now().AddDate(0, 0, -90)); err != nil || n != 3 {
			t.Fatalf("retention deleted %d sign-ins (%v), want 3", n, err)
		}
		if n := e.Count(`SELECT COUNT(*) FROM sign_in_events`); n != 1 {
			t.Errorf("%d events after the retention sweep, want 1", n)
		}
	})
}

var signOutLink = regexp.MustCompile(regexp.QuoteMeta(apitest.SiteURL) + `/security/sign-out\?token=(\S+)`)

func TestNewDeviceEmailOncePerDevice(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		const email = "ann@example.com"
		signUp(e, email).Expect(t, http.StatusOK)
		link, _ := mailed(t, e, email)
		e.Request("GET", link, nil, "", map[string]string{"User-Agent": macChrome}).Expect(t, http.StatusSeeOther)
		// The account's first device is no news; nor is it again.
		signInFrom(t, e, email, macChrome)
		before := e.MailCount(email)
		if before != 1 {
			t.Fatalf("%d e-mails after sign-up and sign-in, want only the confirmation", before)
		}
		// A new device: one e-mail, with the time, the device and a link.
		phone := signInFrom(t, e, email, iPhoneSafari)
		signInFrom(t, e, email, iPhoneSafari)
		if n := e.MailCount(email); n != before+1 {
			t.Fatalf("%d e-mails, want %d: one for the new device", n, before+1)
		}
		text := e.LastMail(email)
		for _, want := range []string{"New sign-in to your Siso & Friends account", "Safari on iOS", "Monday 1 June 2026, 12:00 UTC", "Place: unknown"} {
			if !strings.Contains(text, want) {
				t.Errorf("e-mail lacks %q:\n%s", want, text)
			}
		}
		m := signOutLink.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no sign-out link in:\n%s", text)
		}
		// The link signs the phone's first session out, once.
		as(e, phone, "GET", "/api/profile", nil).Expect(t, http.StatusOK)
		e.Do("POST", "/api/security/sign-out", map[string]any{"token": m[1]}, "").Expect(t, http.StatusNoContent)
		as(e, phone, "GET", "/api/profile", nil).Expect(t, http.StatusUnauthorized)
		e.Do("POST", "/api/security/sign-out", map[string]any{"token": m[1]}, "").Expect(t, http.StatusNotFound)
		e.Do("POST", "/api/security/sign-out", map[string]any{"token": ""}, "").Expect(t, http.StatusBadRequest)
		e.Do("POST", "/api/security/sign-out", "{", "").Expect(t, http.StatusBadRequest)
	})
}

func TestUnlinkingNeverRemovesTheLastWayIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		ann := confirmedUser(t, e, "ann@example.com")
		bob := confirmedUser(t, e, "bob@example.com")
		var emailID, bobID string
		if err := d.QueryRowContext(context.Background(), `SELECT id FROM identities WHERE user_id = ?`, ann.User.ID).Scan(&emailID); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRowContext(context.Background(), `SELECT id FROM identities WHERE user_id = ?`, bob.User.ID).Scan(&bobID); err != nil {
			t.Fatal(err)
		}
		v := map[string]string{"X-Supabase-Api-Version": "2024-01-01"}
		withAuth := func(s session) map[string]string {
			h := s.auth()
			for k, x := range v {
				h[k] = x
			}
			return h
		}
		// Only one way in: refused.
		expectError(t, e.Request("DELETE", "/auth/v1/user/identities/"+emailID, nil, "", withAuth(ann)), 422, "single_identity_not_deletable")
		expectError(t, e.Request("DELETE", "/auth/v1/user/identities/"+emailID, nil, "", v), 401, "no_authorization")

		// With Google linked, Google may go, the e-mail may not; another's identity is not found.
		now := time.Now().UTC()
		if _, err := d.ExecContext(context.Background(), `INSERT INTO identities (id, user_id, provider, provider_id, email, identity_data, created_at, updated_at)
			VALUES ('google-1', ?, 'google', 'g-123', 'ann@gmail.test', '{}', ?, ?)`, ann.User.ID, now, now); err != nil {
			t.Fatal(err)
		}
		expectError(t, e.Request("DELETE", "/auth/v1/user/identities/"+emailID, nil, "", withAuth(ann)), 422, "single_identity_not_deletable")
		expectError(t, e.Request("DELETE", "/auth/v1/user/identities/"+bobID, nil, "", withAuth(ann)), 422, "identity_not_found")
		e.Request("DELETE", "/auth/v1/user/identities/google-1", nil, "", withAuth(ann)).Expect(t, http.StatusOK)
		if n := e.Count(`SELECT COUNT(*) FROM identities WHERE user_id = ?`, ann.User.ID); n != 1 {
			t.Fatalf("%d identities, want the e-mail's", n)
		}
		user := e.Request("GET", "/auth/v1/user", nil, "", withAuth(ann)).Expect(t, http.StatusOK)
		if !strings.Contains(user.Body, `"providers":["email"]`) {
			t.Errorf("providers not updated: %s", user.Body)
		}
		// Linking needs Google configured (it is not here).
		expectError(t, e.Request("GET", "/auth/v1/user/identities/authorize?provider=google&skip_http_redirect=true", nil, "", withAuth(ann)),
			400, "validation_failed")
	})
}

// A session's last use moves with the requests made with it, not only with
// refreshes, but at most once per five minutes: the requests in between
// write nothing.
func TestSessionLastUseIsRecordedWithoutAWritePerRequest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		ann := confirmedUser(t, e, "ann@example.com")
		id := claimsOf(t, ann.AccessToken).SessionID
		lastUsed := func() time.Time {
			t.Helper()
			var at time.Time
			if err := d.QueryRowContext(context.Background(), `SELECT updated_at FROM sessions WHERE id = ?`, id).Scan(&at); err != nil {
				t.Fatal(err)
			}
			return at.UTC().Truncate(time.Second)
		}
		expect := func(when string, want time.Time) {
			t.Helper()
			if got := lastUsed(); !got.Equal(want.UTC().Truncate(time.Second)) {
				t.Fatalf("%s: last used %v, want %v", when, got, want)
			}
		}
		signedIn := e.Clock.Now()
		expect("at sign-in", signedIn)

		e.Clock.Advance(4 * time.Minute)
		as(e, ann, "GET", "/api/profile", nil).Expect(t, http.StatusOK)
		e.Request("GET", "/auth/v1/user", nil, "", ann.auth()).Expect(t, http.StatusOK)
		expect("4 minutes later", signedIn)

		e.Clock.Advance(2 * time.Minute)
		used := e.Clock.Now()
		as(e, ann, "GET", "/api/profile", nil).Expect(t, http.StatusOK)
		expect("6 minutes later", used)
		e.Clock.Advance(time.Minute)
		as(e, ann, "GET", "/api/profile", nil).Expect(t, http.StatusOK)
		expect("a minute after that", used)

		// The security page shows it.
		var list struct {
			Sessions []struct {
				ID         string    `json:"id"`
				LastUsedAt time.Time `json:"last_used_at"`
			} `json:"sessions"`
		}
		as(e, ann, "GET", "/api/security/sessions", nil).Expect(t, http.StatusOK).Decode(t, &list)
		for _, s := range list.Sessions {
			if s.ID == id && !s.LastUsedAt.Truncate(time.Second).Equal(used.UTC().Truncate(time.Second)) {
				t.Errorf("listed last use %v, want %v", s.LastUsedAt, used)
			}
		}
	})
}
