package storybooks_test

import (
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

// reading has pat's family read the shipped story: the parent and their
// child Maya each have progress.
func reading(t *testing.T, e *apitest.Env) {
	granted(t, e)
	for _, reader := range []string{"me", "{kid}"} {
		e.Do("PUT", progress+"?reader="+reader, map[string]any{"page": "the-signpost", "visited": []string{"meet-the-friends", "the-signpost"},
			"endings": []string{}, "updatedAt": "2026-06-01T11:00:00Z"}, "pat").Expect(t, 200)
	}
}

func countRows(t *testing.T, e *apitest.Env) (progress, entitlements int) {
	return e.Count(`SELECT COUNT(*) FROM storybook_progress`), e.Count(`SELECT COUNT(*) FROM storybook_entitlements`)
}

func TestPrivacy(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "the account's export has the editions and everyone's progress", Method: "GET", URL: "/api/account/export", As: "pat",
			BeforeTest: reading, ExpectedStatus: 200,
			ExpectedContent: []string{`"storybooks":{"entitlements":[{"storybook":"Our First Adventure","slug":"our-first-adventure","source":"grant","granted_at":"2026-06-01T12:00:00Z","revoked_at":null}]`,
				`{"storybook":"Our First Adventure","slug":"our-first-adventure","reader":"me","page":"the-signpost","visited":["meet-the-friends","the-signpost"]`,
			},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if !strings.Contains(res.Body, `"reader":"`+e.Vars["kid"]+`"`) {
					t.Errorf("no progress of the child: %s", res.Body)
				}
			}},
		{Name: "the child's export has the child's progress alone", Method: "GET", URL: "/api/kids/{kid}/export", As: "pat",
			BeforeTest: reading, ExpectedStatus: 200,
			ExpectedContent:    []string{`"storybook_progress":[{"storybook":"Our First Adventure","slug":"our-first-adventure","reader":"`},
			NotExpectedContent: []string{`"reader":"me"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if !strings.Contains(res.Body, `"reader":"`+e.Vars["kid"]+`"`) {
					t.Errorf("no progress of the child: %s", res.Body)
				}
			}},
		{Name: "removing the child removes their progress", Method: "DELETE", URL: "/api/kids/{kid}", As: "pat",
			BeforeTest: reading, ExpectedStatus: 204,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if p, g := countRows(t, e); p != 1 || g != 1 {
					t.Errorf("%d progress rows, %d editions left", p, g)
				}
				if n := e.Count(`SELECT COUNT(*) FROM storybook_progress WHERE kid_id IS NOT NULL`); n != 0 {
					t.Errorf("the child's progress is left")
				}
			}},
		{Name: "deleting the account removes the progress and the editions", Method: "DELETE", URL: "/api/account", As: "pat",
			BeforeTest: reading, Body: map[string]any{"password": apitest.Password}, ExpectedStatus: 204,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if p, g := countRows(t, e); p != 0 || g != 0 {
					t.Errorf("%d progress rows, %d editions left", p, g)
				}
			}},
	})
}
