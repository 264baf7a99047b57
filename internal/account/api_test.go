package account_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"bookshop/internal/account"
	"bookshop/internal/apitest"
	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

const (
	iPhone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
	desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
)

// ownerData gives the owner a child, a device, a preference, a profile
// name and a paid order, so every route has something to leak.
func ownerData(t *testing.T, e *apitest.Env) {
	t.Helper()
	e.Vars["kid"] = e.AddKid("owner", "Mia Secret", "2021-03")
	e.Do("POST", "/api/dreams", map[string]any{"kid_id": e.Vars["kid"], "gender": "girl", "companion": "feefee", "interests": []string{"animals"}}, "owner").Expect(t, 201)
	e.Request("POST", "/api/devices", map[string]any{"screen_resolution": "390x844", "platform_architecture": "ARM64"}, "owner",
		map[string]string{"User-Agent": iPhone}).Expect(t, 200)
	e.Do("PUT", "/api/communications", map[string]any{"subscribed": false}, "owner").Expect(t, 200)
	e.Do("PATCH", "/api/profile", map[string]any{"last_name": "Ownerly"}, "owner").Expect(t, 200)
	e.Vars["order"] = e.DemoOrder("owner", "olive.ship@example.com", "owner-order-1")
}

// route is one endpoint of the account area with a body that would succeed
// for its owner.
type route struct {
	method, url string
	body        any
	owner       int    // the owner's status
	ownerSees   string // in the owner's response ("" when it has no body)
}

var accountRoutes = []route{
	{"GET", "/api/profile", nil, 200, `"last_name":"Ownerly"`},
	{"PATCH", "/api/profile", map[string]any{"first_name": "Changed"}, 200, `"first_name":"Changed"`},
	{"GET", "/api/kids", nil, 200, `"name":"Mia Secret"`},
	{"POST", "/api/kids", map[string]any{"name": "Leo", "birth_month": "2020-01"}, 201, `"name":"Leo"`},
	{"PATCH", "/api/kids/{kid}", map[string]any{"name": "Renamed"}, 200, `"name":"Renamed"`},
	{"DELETE", "/api/kids/{kid}", nil, 204, ""},
	{"GET", "/api/kids/{kid}/export", nil, 200, `"name":"Mia Secret"`},
	{"POST", "/api/kids/{kid}/withdraw-consent", nil, 204, ""},
	{"GET", "/api/consents", nil, 200, `"current":true`},
	{"POST", "/api/consents", map[string]any{"noticeVersion": account.NoticeVersion, "guardian": true}, 201, `"action":"given"`},
	{"POST", "/api/devices", map[string]any{"screen_resolution": "1440x900", "platform_architecture": "x86_64"}, 200, `"screen_resolution":"1440x900"`},
	{"GET", "/api/devices", nil, 200, `"device_model":"iPhone"`},
	{"GET", "/api/communications", nil, 200, `"subscribed":false`},
	{"PUT", "/api/communications", map[string]any{"subscribed": true}, 200, `"subscribed":true`},
	{"GET", "/api/orders", nil, 200, `"email":"olive.ship@example.com"`},
	{"GET", "/api/orders/{order}", nil, 200, `"fullName":"Olive Owner"`},
	{"GET", "/api/account/export", nil, 200, `"name":"Mia Secret"`},
	{"DELETE", "/api/account", map[string]any{"password": apitest.Password}, 204, ""},
}

// TestAccessTable: every route × anonymous / owner / another user / admin.
// Nobody but the owner reads or changes the owner's rows: another user and
// the admin get 404 for the owner's child and order, and their own (empty)
// lists, never the owner's data; afterwards the owner's rows are intact.
func TestAccessTable(t *testing.T) {
	var scenarios []apitest.Scenario
	secrets := []string{"Mia Secret", "Ownerly", "iPhone", "olive.ship@example.com", "Olive Owner"}
	for _, r := range accountRoutes {
		anonymous := "No user logged in"
		if strings.HasPrefix(r.url, "/api/devices") {
			anonymous = "User not authenticated"
		}
		owner := apitest.Scenario{
			Name: r.method + " " + r.url + " owner", Method: r.method, URL: r.url, Body: r.body, As: "owner", BeforeTest: ownerData,
			ExpectedStatus: r.owner,
		}
		if r.ownerSees != "" {
			owner.ExpectedContent = []string{r.ownerSees}
		}
		scenarios = append(scenarios, apitest.Scenario{
			Name: r.method + " " + r.url + " anonymous", Method: r.method, URL: r.url, Body: r.body, BeforeTest: ownerData,
			ExpectedStatus: 401, ExpectedContent: []string{anonymous}, NotExpectedContent: secrets,
		}, owner)
		for _, stranger := range []string{"other", "admin"} {
			want := r.owner
			if strings.Contains(r.url, "{") {
				want = http.StatusNotFound
			}
			scenarios = append(scenarios, apitest.Scenario{
				Name: r.method + " " + r.url + " " + stranger, Method: r.method, URL: r.url, Body: r.body, As: stranger,
				BeforeTest:     func(t *testing.T, e *apitest.Env) { ownerData(t, e); giveConsent(t, e, stranger) },
				ExpectedStatus: want, NotExpectedContent: secrets,
				AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) { ownerUntouched(t, e) },
			})
		}
	}
	apitest.Run(t, scenarios)
}

// ownerUntouched checks every owner row is as ownerData left it.
func ownerUntouched(t *testing.T, e *apitest.Env) {
	t.Helper()
	kids := e.Do("GET", "/api/kids", nil, "owner").Expect(t, 200).Body
	if !strings.Contains(kids, `"name":"Mia Secret"`) {
		t.Errorf("owner's children changed: %s", kids)
	}
	if b := e.Do("GET", "/api/communications", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"subscribed":false`) {
		t.Errorf("owner's preference changed: %s", b)
	}
	if b := e.Do("GET", "/api/profile", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"first_name":"Owner"`) {
		t.Errorf("owner's profile changed: %s", b)
	}
	if b := e.Do("GET", "/api/devices", nil, "owner").Expect(t, 200).Body; strings.Count(b, `"id"`) != 1 {
		t.Errorf("owner's devices changed: %s", b)
	}
	e.Do("GET", "/api/orders/{order}", nil, "owner").Expect(t, 200)
}

func TestKidsAPI(t *testing.T) {
	addMia := func(t *testing.T, e *apitest.Env) { e.Vars["kid"] = e.AddKid("owner", "Mia", "2021-03") }
	scenarios := []apitest.Scenario{
		{Name: "a new parent has no children", Method: "GET", URL: "/api/kids", As: "owner",
			ExpectedStatus: 200, ExpectedContent: []string{"[]"}},
		{Name: "add a child: trimmed name, id, date, updated_at", Method: "POST", URL: "/api/kids", As: "owner",
			Body:           map[string]any{"name": "  Mia  ", "birth_month": "2021-03"},
			ExpectedStatus: 201, ExpectedContent: []string{`"name":"Mia"`, `"birth_month":"2021-03"`, `"id":"`, `"updated_at":"2026-06-01T12:00:00Z"`}},
		{Name: "a blank name is refused", Method: "POST", URL: "/api/kids", As: "owner",
			Body:           map[string]any{"name": "   ", "birth_month": "2021-03"},
			ExpectedStatus: 400, ExpectedContent: []string{`"name":"Name is required"`}},
		{Name: "a name over 100 characters is refused", Method: "POST", URL: "/api/kids", As: "owner",
			Body:           map[string]any{"name": strings.Repeat("a", 101), "birth_month": "2021-03"},
			ExpectedStatus: 400, ExpectedContent: []string{`"name":"Name must be at most 100 characters`}},
		{Name: "a NUL byte is refused on both databases", Method: "POST", URL: "/api/kids", As: "owner",
			Body:           `{"name":"Mi\u0000a","birth_month":"2021-03"}`,
			ExpectedStatus: 400, ExpectedContent: []string{`"name":`}},
		{Name: "a name of zero-width characters only is refused", Method: "POST", URL: "/api/kids", As: "owner",
			Body:           map[string]any{"name": "\u200b\u200c\u200d\u2060\ufeff", "birth_month": "2021-03"},
			ExpectedStatus: 400, ExpectedContent: []string{`"name":"Name must contain a letter"`}},
		{Name: "a name of Hangul fillers only is refused", Method: "PATCH", URL: "/api/kids/{kid}", As: "owner", BeforeTest: addMia,
			Body:           map[string]any{"name": "\u3164\u3164"},
			ExpectedStatus: 400, ExpectedContent: []string{`"name":"Name must contain a letter"`}},
		{Name: "a birth month next month is refused", Method: "POST", URL: "/api/kids", As: "owner",
			Body:           map[string]any{"name": "Mia", "birth_month": "2026-07"},
			ExpectedStatus: 400, ExpectedContent: []string{`"birth_month":"The birth month cannot be in the future"`}},
		{Name: "a whole date of birth is refused: only the month is kept", Method: "POST", URL: "/api/kids", As: "owner",
			Body:           map[string]any{"name": "Mia", "birth_month": "2021-03-04"},
			ExpectedStatus: 400, ExpectedContent: []string{`"birth_month":"Use the format YYYY-MM, e.g. 2021-03"`}},
		{Name: "a date of birth is required", Method: "POST", URL: "/api/kids", As: "owner",
			Body:           map[string]any{"name": "Mia"},
			ExpectedStatus: 400, ExpectedContent: []string{`"birth_month":"Birth month and year are required"`}},
		{Name: "born this month is fine", Method: "POST", URL: "/api/kids", As: "owner",
			Body: map[string]any{"name": "Baby", "birth_month": "2026-06"}, ExpectedStatus: 201,
			ExpectedContent: []string{`"birth_month":"2026-06"`}, NotExpectedContent: []string{"date_of_birth"}},
		{Name: "rename keeps the birthday", Method: "PATCH", URL: "/api/kids/{kid}", As: "owner", BeforeTest: addMia,
			Body: map[string]any{"name": "Mila"}, ExpectedStatus: 200,
			ExpectedContent: []string{`"name":"Mila"`, `"birth_month":"2021-03"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if b := e.Do("GET", "/api/kids", nil, "owner").Body; !strings.Contains(b, `"name":"Mila"`) {
					t.Errorf("not stored: %s", b)
				}
			}},
		{Name: "an edit to a future birthday is refused", Method: "PATCH", URL: "/api/kids/{kid}", As: "owner", BeforeTest: addMia,
			Body: map[string]any{"birth_month": "2030-01"}, ExpectedStatus: 400,
			ExpectedContent: []string{`"birth_month":"The birth month cannot be in the future"`}},
		{Name: "remove", Method: "DELETE", URL: "/api/kids/{kid}", As: "owner", BeforeTest: addMia, ExpectedStatus: 204,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				e.Do("DELETE", "/api/kids/{kid}", nil, "owner").Expect(t, 404)
			}},
		{Name: "a malformed id is a 404", Method: "PATCH", URL: "/api/kids/not-a-uuid", As: "owner",
			Body: map[string]any{"name": "X"}, ExpectedStatus: 404, ExpectedContent: []string{`"Child not found"`}},
	}
	// Every scenario's parent has given consent, unless it adds a child of its own.
	for i := range scenarios {
		if scenarios[i].BeforeTest == nil {
			scenarios[i].BeforeTest = func(t *testing.T, e *apitest.Env) { giveConsent(t, e, "owner") }
		}
	}
	apitest.Run(t, scenarios)
}

// giveConsent records the named parent's consent to the current notice.
func giveConsent(t *testing.T, e *apitest.Env, as string) {
	t.Helper()
	e.Do("POST", "/api/consents", map[string]any{"noticeVersion": account.NoticeVersion, "guardian": true}, as).Expect(t, 201)
}

// TestConsentLedger: the API, not only the screen, refuses a child until the
// parent's consent to the current notice is in the ledger, which records
// who, when, which version and how.
func TestConsentLedger(t *testing.T) {
	mia := map[string]any{"name": "Mia", "birth_month": "2021-03"}
	apitest.Run(t, []apitest.Scenario{
		{Name: "a first child without consent is refused", Method: "POST", URL: "/api/kids", As: "owner", Body: mia,
			ExpectedStatus: 403, ExpectedContent: []string{`"code":"forbidden"`, `"consent":"Consent to the current children's privacy notice is required"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM kids`); n != 0 {
					t.Errorf("%d children stored", n)
				}
			}},
		{Name: "a new parent has no consent, and is told the current version", Method: "GET", URL: "/api/consents", As: "owner",
			ExpectedStatus: 200, ExpectedContent: []string{`"noticeVersion":"` + account.NoticeVersion + `"`, `"current":false`, `"consents":[]`}},
		{Name: "consent is recorded: who, when, which version and how", Method: "POST", URL: "/api/consents", As: "owner",
			Headers:        map[string]string{"User-Agent": iPhone},
			Body:           map[string]any{"noticeVersion": account.NoticeVersion, "guardian": true},
			ExpectedStatus: 201, ExpectedContent: []string{`"action":"given"`, `"scope":"account"`, `"guardian":true`, `"at":"2026-06-01T12:00:00Z"`, `"method":"account area`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM consents WHERE user_id = ? AND notice_version = ? AND guardian = ? AND user_agent = ?`,
					e.User("owner").ID, account.NoticeVersion, true, iPhone); n != 1 {
					t.Errorf("%d ledger rows for the owner, want 1", n)
				}
				b := e.Do("GET", "/api/consents", nil, "owner").Expect(t, 200).Body
				if !strings.Contains(b, `"current":true`) {
					t.Errorf("the consent is not current: %s", b)
				}
				e.Do("POST", "/api/kids", mia, "owner").Expect(t, 201)
				e.Do("POST", "/api/kids", mia, "other").Expect(t, 403) // another parent's consent is their own
			}},
		{Name: "an old version of the notice is refused", Method: "POST", URL: "/api/consents", As: "owner",
			Body:           map[string]any{"noticeVersion": "2020-01-01", "guardian": true},
			ExpectedStatus: 400, ExpectedContent: []string{`"noticeVersion":"The notice has changed since you opened it`}},
		{Name: "only a parent or legal guardian may consent", Method: "POST", URL: "/api/consents", As: "owner",
			Body:           map[string]any{"noticeVersion": account.NoticeVersion, "guardian": false},
			ExpectedStatus: 400, ExpectedContent: []string{`"guardian":"Only a child's parent or legal guardian can add a child"`}},
		{Name: "a body without the fields names both", Method: "POST", URL: "/api/consents", As: "owner", Body: map[string]any{},
			ExpectedStatus: 400, ExpectedContent: []string{`"guardian":`, `"noticeVersion":"Say which version of the notice you accept"`}},
		{Name: "a body of the wrong type is a 400", Method: "POST", URL: "/api/consents", As: "owner", Body: `{"guardian":"yes"}`,
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "the settings publish the notice's version and the retention schedule", Method: "GET", URL: "/api/settings",
			Config:         map[string]string{"RETENTION_DREAM_MONTHS": "6"},
			ExpectedStatus: 200, ExpectedContent: []string{`"noticeVersion":"` + account.NoticeVersion + `"`, `"unusedAccountMonths":24`,
				`"deletionWarningDays":30`, `"deviceMonths":12`, `"signInDays":90`, `"contactMonths":24`, `"sentMailDays":90`, `"dreamMonths":6`}},
		{Name: "anonymous has no ledger", Method: "GET", URL: "/api/consents", ExpectedStatus: 401, ExpectedContent: []string{"No user logged in"}},
		{Name: "anonymous cannot consent", Method: "POST", URL: "/api/consents", Body: map[string]any{"noticeVersion": account.NoticeVersion, "guardian": true},
			ExpectedStatus: 401, ExpectedContent: []string{"No user logged in"}},
		{Name: "a consent to an older version asks again", Method: "POST", URL: "/api/kids", As: "owner", Body: mia,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				if _, err := e.DB.ExecContext(context.Background(), `INSERT INTO consents (user_id, action, scope, notice_version, guardian, method, at)
					VALUES (?, 'given', 'account', '2025-01-01', ?, 'test', ?)`, e.User("owner").ID, true, e.Clock.Now()); err != nil {
					t.Fatal(err)
				}
				if b := e.Do("GET", "/api/consents", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"current":false`) {
					t.Errorf("an older version counts as current: %s", b)
				}
			},
			ExpectedStatus: 403, ExpectedContent: []string{`"consent":`}},
	})
}

func TestProfileAPI(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "names, ISO codes and a birthday are saved", Method: "PATCH", URL: "/api/profile", As: "owner",
			Body:           map[string]any{"first_name": " Pat ", "last_name": "Lee", "country": "FR", "language": "fr", "date_of_birth": "1990-04-03"},
			ExpectedStatus: 200, ExpectedContent: []string{`"first_name":"Pat"`, `"country":"FR"`, `"language":"fr"`, `"date_of_birth":"1990-04-03"`}},
		{Name: "an empty birthday is saved as null", Method: "PATCH", URL: "/api/profile", As: "owner",
			Body: map[string]any{"date_of_birth": ""}, ExpectedStatus: 200, ExpectedContent: []string{`"date_of_birth":null`}},
		{Name: "a future birthday is refused", Method: "PATCH", URL: "/api/profile", As: "owner",
			Body: map[string]any{"date_of_birth": "2026-06-03"}, ExpectedStatus: 400, ExpectedContent: []string{"Date of birth cannot be in the future"}},
		{Name: "a country name is not a code", Method: "PATCH", URL: "/api/profile", As: "owner",
			Body: map[string]any{"country": "France"}, ExpectedStatus: 400, ExpectedContent: []string{`"country":"Use an ISO 3166 country code`}},
		{Name: "role, status and purchase cannot be changed", Method: "PATCH", URL: "/api/profile", As: "owner",
			Body:           map[string]any{"role": "admin", "account_status": "Banned", "email_verification_status": "Pending Verification", "made_purchase": true},
			ExpectedStatus: 200, ExpectedContent: []string{`"role":"user"`, `"account_status":"Active"`, `"made_purchase":false`}},
	})
}

func TestDevicesAPI(t *testing.T) {
	signIn := func(ua, screen, arch string) func(t *testing.T, e *apitest.Env) {
		return func(t *testing.T, e *apitest.Env) {
			e.Request("POST", "/api/devices", map[string]any{"screen_resolution": screen, "platform_architecture": arch}, "owner",
				map[string]string{"User-Agent": ua}).Expect(t, 200)
		}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "the server reads the User-Agent", Method: "POST", URL: "/api/devices", As: "owner",
			Headers: map[string]string{"User-Agent": iPhone}, Body: map[string]any{"screen_resolution": "390x844", "platform_architecture": "ARM64"},
			ExpectedStatus: 200, ExpectedContent: []string{`"device_type":"Mobile"`, `"device_model":"iPhone"`, `"operating_system":"iOS"`,
				`"os_version":"17.4"`, `"browser_info":"Safari 17.4"`, `"screen_resolution":"390x844"`, `"platform_architecture":"ARM64"`}},
		{Name: "an unknown architecture is refused", Method: "POST", URL: "/api/devices", As: "owner",
			Body: map[string]any{"platform_architecture": "PDP-11"}, ExpectedStatus: 400, ExpectedContent: []string{`"platform_architecture"`}},
		{Name: "newest sign-in first, one row per kind of device", Method: "GET", URL: "/api/devices", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				signIn(iPhone, "390x844", "ARM64")(t, e)
				e.Clock.Advance(60e9)
				signIn(desktop, "1440x900", "x86_64")(t, e)
				e.Clock.Advance(60e9)
				signIn(iPhone, "390x844", "ARM64")(t, e)
			},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var list []map[string]any
				res.Decode(t, &list)
				if len(list) != 2 || list[0]["device_model"] != "iPhone" || list[1]["device_model"] != "PC" {
					t.Fatalf("devices %s, want the iPhone then the PC", res.Body)
				}
			}},
	})
}

func TestCommunicationsAPI(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		// The switch is the newsletter's subscription (issue 39): off until
		// the parent asks, as marketing goes only to grown-ups who asked.
		{Name: "off until the parent asks", Method: "GET", URL: "/api/communications", As: "owner",
			ExpectedStatus: 200, ExpectedContent: []string{`"subscribed":false`, `"updated_at":null`}},
		{Name: "unsubscribe is kept", Method: "PUT", URL: "/api/communications", As: "owner",
			Body: map[string]any{"subscribed": false}, ExpectedStatus: 200, ExpectedContent: []string{`"subscribed":false`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if b := e.Do("GET", "/api/communications", nil, "owner").Body; !strings.Contains(b, `"subscribed":false`) {
					t.Fatalf("after unsubscribing: %s", b)
				}
			}},
		{Name: "subscribed must be given", Method: "PUT", URL: "/api/communications", As: "owner",
			Body: map[string]any{}, ExpectedStatus: 400, ExpectedContent: []string{`"subscribed"`}},
	})
}

func TestOwnerDataAPI(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "the export holds everything, as a file", Method: "GET", URL: "/api/account/export", As: "owner", BeforeTest: personalData,
			Config:          map[string]string{"RATE_LIMIT_PER_MINUTE": "1000"},
			ExpectedStatus:  200,
			ExpectedHeaders: map[string]string{"Content-Disposition": `attachment; filename="siso-and-friends-my-data.json"`, "Cache-Control": "no-store"},
			ExpectedContent: []string{`"profile":{`, `"last_name":"Ownerly"`, `"sessions":[{"id":"`, `"aal":"aal1"`, `"children":[{`, `"Mia Secret"`,
				`"devices":[{`, `"iPhone"`, `"communications":{"subscribed":false`, `"orders":[{`, `"olive.ship@example.com"`,
				`"dreams":[{`, `"companion":{"id":"feefee"`, `"discount_redemptions":[{"code":"ONCE20","order_number":"`,
				`"newsletter":[{"email":"owner@example.com","status":"pending","subscribed":false,"source":"footer"`, `{"email":"zeph.news@example.com","status":"pending"`,
				`"contact_messages":[{"name":"Zephyrine Ownerly","email":"owner@example.com","subject":"My order","message":"Hello from Zephyrine"`},
			NotExpectedContent: []string{"refresh", "token"}},
		{Name: "a wrong password deletes nothing", Method: "DELETE", URL: "/api/account", As: "owner", BeforeTest: ownerData,
			Body: map[string]any{"password": "wrong"}, ExpectedStatus: 400, ExpectedContent: []string{`"password":"Password is incorrect"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) { ownerUntouched(t, e) }},
		{Name: "a wrong code deletes nothing", Method: "DELETE", URL: "/api/account", As: "owner", BeforeTest: ownerData,
			Body: map[string]any{"code": "000000"}, ExpectedStatus: 400, ExpectedContent: []string{`"code":"The code is wrong or has expired"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) { ownerUntouched(t, e) }},
		{Name: "no password deletes nothing", Method: "DELETE", URL: "/api/account", As: "owner", BeforeTest: ownerData,
			Body: map[string]any{}, ExpectedStatus: 400, ExpectedContent: []string{`"password":"Password is required"`}},
		{Name: "deleting the account", Method: "DELETE", URL: "/api/account", As: "owner", BeforeTest: ownerData,
			Body: map[string]any{"password": apitest.Password}, ExpectedStatus: 204,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				id := e.User("owner").ID
				for _, table := range []string{"users WHERE id", "profiles WHERE id", "kids WHERE user_id", "user_devices WHERE user_id",
					"user_communications WHERE user_id", "sessions WHERE user_id", "mfa_factors WHERE user_id", "orders WHERE user_id", "dreams WHERE user_id"} {
					if n := e.Count(fmt.Sprintf("SELECT COUNT(*) FROM %s = ?", table), id); n != 0 {
						t.Errorf("%d rows left in %s", n, table)
					}
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE number = ? AND status = 'paid' AND email = '' AND shipping_info = '{}'`, e.Vars["order"]); n != 1 {
					t.Errorf("the paid order must stay, without the buyer's details")
				}
				// The session is gone at once, and the password no longer signs in.
				e.Do("GET", "/api/profile", nil, "owner").Expect(t, 401)
				e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "owner@example.com", "password": apitest.Password}, "").Expect(t, 400)
			}},
	})
}

// An account without a password (Google, magic link) proves itself with the
// code GET /auth/v1/reauthenticate e-mails; the code works once.
func TestDeletingTheAccountWithAnEmailedCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		ownerData(t, e)
		e.Do("GET", "/auth/v1/reauthenticate", nil, "owner").Expect(t, 200)
		m := regexp.MustCompile(`Your code: (\d{6})`).FindStringSubmatch(e.LastMail("owner@example.com"))
		if m == nil {
			t.Fatal("no code e-mailed")
		}
		e.Do("DELETE", "/api/account", map[string]any{"code": m[1]}, "owner").Expect(t, 204)
		if n := e.Count(`SELECT COUNT(*) FROM users WHERE id = ?`, e.User("owner").ID); n != 0 {
			t.Error("the account is still there")
		}
	})
}

// personalData gives the owner, beyond ownerData, a profile name, newsletter
// sign-ups (their own address and another while signed in), a contact
// message and a child added with an Idempotency-Key (whose recorded
// response holds the name).
func personalData(t *testing.T, e *apitest.Env) {
	t.Helper()
	ownerData(t, e)
	e.Do("PATCH", "/api/profile", map[string]any{"first_name": "Zephyrine"}, "owner").Expect(t, 200)
	e.Do("POST", "/api/newsletter", map[string]any{"email": "Owner@Example.com"}, "").Expect(t, 200)
	e.Do("POST", "/api/newsletter", map[string]any{"email": "zeph.news@example.com"}, "owner").Expect(t, 200)
	e.Do("POST", "/functions/v1/send-contact-email", map[string]any{"name": "Zephyrine Ownerly", "email": "owner@example.com",
		"subject": "My order", "message": "Hello from Zephyrine"}, "").Expect(t, 200)
	e.Request("POST", "/api/kids", map[string]any{"name": "Mia Secret Twin", "birth_month": "2021-03"}, "owner",
		map[string]string{"Idempotency-Key": "kid-1"}).Expect(t, 201)
	redeemOnceCode(t, e)
}

// redeemOnceCode has the owner pay with a once-per-customer code, whose
// redemption keeps the account and the address to refuse a second use.
func redeemOnceCode(t *testing.T, e *apitest.Env) {
	t.Helper()
	e.Staff("mgr", auth.RoleManager)
	e.Request("POST", "/api/admin/discounts", map[string]any{"code": "ONCE20", "percentOff": 20, "oncePerCustomer": true, "active": true},
		"mgr", map[string]string{"Idempotency-Key": "code-1"}).Expect(t, 201)
	e.Request("POST", "/functions/v1/process-payment", map[string]any{"action": "demo_payment", "method": "card",
		"items":  []map[string]any{{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 2, "unitPrice": 14.99}, {"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99}},
		"amount": 43.98, "discountCode": "once20", "shippingInfo": map[string]any{"fullName": "Olive Owner", "email": "Zeph.Code@Example.com",
			"address": "12 Story Lane", "city": "Springfield", "state": "IL", "zipCode": "62701", "country": "US"}}, "owner",
		map[string]string{"Idempotency-Key": "owner-order-2"}).Expect(t, 200)
}

// tablesHolding searches every table of the database, every column, for
// each needle (without case) and returns where each was found.
func tablesHolding(t *testing.T, e *apitest.Env, needles ...string) []string {
	t.Helper()
	ctx := context.Background()
	list := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if e.DB.Dialect == db.Postgres {
		list = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := e.DB.QueryContext(ctx, list)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	if len(tables) < 20 {
		t.Fatalf("only %d tables listed: %v", len(tables), tables)
	}
	var found []string
	for _, table := range tables {
		rows, err := e.DB.QueryContext(ctx, `SELECT * FROM `+table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			values := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range values {
				ptrs[i] = &values[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range values {
				text := fmt.Sprint(v)
				if b, ok := v.([]byte); ok {
					text = string(b)
				}
				for _, n := range needles {
					if strings.Contains(strings.ToLower(text), strings.ToLower(n)) {
						found = append(found, fmt.Sprintf("%s.%s holds %q", table, cols[i], n))
					}
				}
			}
		}
		rows.Close()
	}
	return found
}

// Deleting the account leaves nothing of the person in any table: not the
// user id, not the addresses, not the names (the orders stay for the
// accounting, without them).
func TestDeletingTheAccountErasesThePerson(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "1000"})
		personalData(t, e)
		id := e.User("owner").ID
		needles := []string{id, "owner@example.com", "zeph.news@example.com", "olive.ship@example.com",
			"zeph.code@example.com", "Zephyrine", "Ownerly", "Olive Owner", "Mia Secret"}
		if before := tablesHolding(t, e, needles...); len(before) < len(needles) {
			t.Fatalf("the search finds too little before the deletion: %v", before)
		}
		e.Do("DELETE", "/api/account", map[string]any{"password": apitest.Password}, "owner").Expect(t, 204)
		for _, left := range tablesHolding(t, e, needles...) {
			t.Error(left)
		}
		if n := e.Count(`SELECT COUNT(*) FROM orders WHERE number = ?`, e.Vars["order"]); n != 1 {
			t.Error("the order must stay for the accounting")
		}
		if n := e.Count(`SELECT used_count FROM discount_codes WHERE code = 'ONCE20'`); n != 1 {
			t.Errorf("the code's use must stay counted for its limit: used %d times", n)
		}
		e.Do("GET", "/api/profile", nil, "owner").Expect(t, 401)

		// The manager who created the code (an audited change), shipped the
		// order, refunded part of it and noted it deletes their account too:
		// the audit log, the order's timeline and its refund keep what they
		// did, under a deleted account, and no copy of their address.
		mgr := e.User("mgr").Email
		order := "/api/admin/orders/" + e.Vars["order"]
		e.Request("POST", order+"/fulfil", map[string]any{"carrier": "USPS", "trackingNumber": "9400 1", "trackingUrl": "https://tools.usps.com/t?n=94001"},
			"mgr", map[string]string{"Idempotency-Key": "ship-1"}).Expect(t, 200)
		e.Request("POST", order+"/refund", map[string]any{"amountCents": 100, "reason": "Dented cover"},
			"mgr", map[string]string{"Idempotency-Key": "refund-1"}).Expect(t, 200)
		e.Request("POST", order+"/notes", map[string]any{"text": "Asked for gift wrap"},
			"mgr", map[string]string{"Idempotency-Key": "note-1"}).Expect(t, 200)
		e.Do("DELETE", "/api/account", map[string]any{"password": apitest.Password}, "mgr").Expect(t, 204)
		for _, left := range tablesHolding(t, e, mgr) {
			t.Error(left)
		}
		e.Staff("auditor", auth.RoleSupport)
		var log audit.Page
		e.Do("GET", "/api/admin/audit?kind=discount", nil, "auditor").Expect(t, 200).Decode(t, &log)
		if len(log.Entries) != 1 || !log.Entries[0].Actor.Deleted || log.Entries[0].Actor.Email != "" {
			t.Errorf("the code's creation after its author's deletion: %+v", log.Entries)
		}
		var shown struct {
			Timeline []struct{ Kind, Actor string }
			Refunds  []struct{ Actor string }
		}
		e.Do("GET", order, nil, "auditor").Expect(t, 200).Decode(t, &shown)
		staffSaid := 0
		for _, entry := range shown.Timeline {
			if entry.Actor != "" {
				staffSaid++
				if entry.Actor != "A deleted account" {
					t.Errorf("a timeline entry names %q after its author's deletion", entry.Actor)
				}
			}
		}
		if staffSaid < 3 || len(shown.Refunds) != 1 || shown.Refunds[0].Actor != "A deleted account" {
			t.Errorf("the order after its manager's deletion: %+v", shown)
		}
	})
}

// DELETE /api/account racing a dozen writes of the same user: every write
// gets its response or 401/404, never a 500, and nothing of the user is left.
func TestDeletionRacingWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "1000"})
		for round := range 4 {
			name := fmt.Sprintf("racer%d", round)
			id := e.User(name).ID
			kid := any(e.AddKid(name, "Mia", "2021-03"))
			writes := []struct {
				method, url string
				body        any
			}{
				{"POST", "/api/kids", map[string]any{"name": "Leo", "birth_month": "2020-01"}},
				{"POST", "/api/dreams", map[string]any{"kid_id": kid, "gender": "boy", "companion": "feefee", "interests": []string{"animals"}}},
				{"POST", "/api/devices", map[string]any{"screen_resolution": "390x844"}},
				{"PUT", "/api/communications", map[string]any{"subscribed": false}},
				{"PATCH", "/api/kids/" + kid.(string), map[string]any{"name": "Mila"}},
			}
			start := make(chan struct{})
			var wg sync.WaitGroup
			var mu sync.Mutex
			statuses := map[string][]int{}
			for i := range 15 {
				w := writes[i%len(writes)]
				wg.Go(func() {
					<-start
					r := e.Request(w.method, w.url, w.body, name, map[string]string{"User-Agent": fmt.Sprintf("racer/%d", i)})
					mu.Lock()
					statuses[w.method+" "+w.url] = append(statuses[w.method+" "+w.url], r.Status)
					mu.Unlock()
					if r.Status >= 500 {
						t.Errorf("%s %s: %d %s", w.method, w.url, r.Status, r.Body)
					}
				})
			}
			wg.Go(func() {
				<-start
				e.Do("DELETE", "/api/account", map[string]any{"password": apitest.Password}, name).Expect(t, 204)
			})
			close(start)
			wg.Wait()
			for _, table := range []string{"kids", "dreams", "user_devices", "user_communications"} {
				if n := e.Count(`SELECT COUNT(*) FROM `+table+` WHERE user_id = ?`, id); n != 0 {
					t.Errorf("round %d: %d rows left in %s (statuses %v)", round, n, table, statuses)
				}
			}
		}
	})
}

// The export holds every dream, not one page of My Dreams.
func TestExportHoldsEveryDream(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "1000"})
		kid := e.AddKid("owner", "Mia", "2021-03")
		const n = 205
		for range n {
			e.Do("POST", "/api/dreams", map[string]any{"kid_id": kid, "gender": "girl", "companion": "feefee", "interests": []string{"animals"}}, "owner").Expect(t, 201)
		}
		var export struct {
			Dreams []struct {
				ID string `json:"id"`
			} `json:"dreams"`
		}
		e.Do("GET", "/api/account/export", nil, "owner").Expect(t, 200).Decode(t, &export)
		ids := map[string]bool{}
		for _, d := range export.Dreams {
			ids[d.ID] = true
		}
		if len(export.Dreams) != n || len(ids) != n {
			t.Fatalf("the export holds %d dreams (%d different), want %d", len(export.Dreams), len(ids), n)
		}
	})
}

// Deleting a child removes the responses recorded for its Idempotency-Keys,
// which name it.
func TestDeletingAChildForgetsItsRecordedResponses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		giveConsent(t, e, "owner")
		kid := e.Request("POST", "/api/kids", map[string]any{"name": "Ottoline", "birth_month": "2021-03"}, "owner",
			map[string]string{"Idempotency-Key": "kid-1"}).Expect(t, 201).JSON(t)["id"].(string)
		e.Request("POST", "/api/kids", map[string]any{"name": "Leo", "birth_month": "2020-01"}, "owner",
			map[string]string{"Idempotency-Key": "kid-2"}).Expect(t, 201)
		e.Do("DELETE", "/api/kids/"+kid, nil, "owner").Expect(t, 204)
		for _, left := range tablesHolding(t, e, "Ottoline", kid) {
			t.Error(left)
		}
		if n := e.Count(`SELECT COUNT(*) FROM idempotency_keys`); n != 1 {
			t.Errorf("%d recorded responses, want Leo's only", n)
		}
	})
}

// TestEachChildWhole: one child's export holds the child, their dreams and
// the consents; withdrawing the consent for them deletes them with every
// row that names them (every table is searched), records the withdrawal
// without their name, and leaves the other child whole. Withdrawing for the
// last child withdraws the consent: a new child asks for it again.
func TestEachChildWhole(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "1000"})
		giveConsent(t, e, "owner")
		key := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }
		mia := e.Request("POST", "/api/kids", map[string]any{"name": "Ottoline Secret", "birth_month": "2021-03"}, "owner", key("kid-1")).
			Expect(t, 201).JSON(t)["id"].(string)
		leo := e.AddKid("owner", "Leo", "2020-01")
		for i, kid := range []string{mia, mia, leo} {
			e.Request("POST", "/api/dreams", map[string]any{"kid_id": kid, "gender": "girl", "companion": "feefee"}, "owner",
				key(fmt.Sprintf("dream-%d", i))).Expect(t, 201)
		}

		var export struct {
			Child struct {
				Name       string `json:"name"`
				BirthMonth string `json:"birth_month"`
			} `json:"child"`
			Dreams []struct {
				Kid struct{ Name string } `json:"kid"`
			} `json:"dreams"`
			Consents []struct{ Action string } `json:"consents"`
		}
		res := e.Do("GET", "/api/kids/"+mia+"/export", nil, "owner").Expect(t, 200)
		if got := res.Header.Get("Content-Disposition"); got != `attachment; filename="siso-and-friends-ottoline-secret.json"` {
			t.Errorf("Content-Disposition %q", got)
		}
		res.Decode(t, &export)
		if export.Child.Name != "Ottoline Secret" || export.Child.BirthMonth != "2021-03" || len(export.Dreams) != 2 ||
			len(export.Consents) != 1 || export.Consents[0].Action != "given" {
			t.Fatalf("the child's export: %+v", export)
		}
		for _, dr := range export.Dreams {
			if dr.Kid.Name != "Ottoline Secret" {
				t.Errorf("another child's dream in the export: %+v", dr)
			}
		}
		if b := e.Do("GET", "/api/account/export", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"consents":[{"id":`) {
			t.Errorf("the account's export has no consent ledger: %.300s", b)
		}

		e.Do("POST", "/api/kids/"+mia+"/withdraw-consent", nil, "owner").Expect(t, 204)
		for _, left := range tablesHolding(t, e, "Ottoline", mia) {
			t.Error(left)
		}
		if n := e.Count(`SELECT COUNT(*) FROM consents WHERE action = 'withdrawn' AND scope = 'child'`); n != 1 {
			t.Errorf("%d withdrawals recorded, want 1", n)
		}
		if n := e.Count(`SELECT COUNT(*) FROM dreams WHERE kid_id = ?`, leo); n != 1 {
			t.Errorf("Leo's dream: %d", n)
		}
		e.Do("GET", "/api/kids/"+mia+"/export", nil, "owner").Expect(t, 404)
		e.Do("POST", "/api/kids/"+mia+"/withdraw-consent", nil, "owner").Expect(t, 404)
		if b := e.Do("GET", "/api/consents", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"current":true`) {
			t.Errorf("the consent went while Leo is still there: %s", b)
		}

		e.Do("DELETE", "/api/kids/"+leo, nil, "owner").Expect(t, 204) // a plain deletion keeps the consent
		if b := e.Do("GET", "/api/consents", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"current":true`) {
			t.Errorf("deleting a child withdrew the consent: %s", b)
		}
		last := e.Do("POST", "/api/kids", map[string]any{"name": "Leo", "birth_month": "2020-01"}, "owner").Expect(t, 201).JSON(t)["id"].(string)
		e.Do("POST", "/api/kids/"+last+"/withdraw-consent", nil, "owner").Expect(t, 204)
		if b := e.Do("GET", "/api/consents", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"current":false`) {
			t.Errorf("withdrawing for the last child kept the consent: %s", b)
		}
		e.Do("POST", "/api/kids", map[string]any{"name": "Leo", "birth_month": "2020-01"}, "owner").Expect(t, 403)
	})
}
