package games_test

import (
	"context"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/audit"
	"bookshop/internal/auth"
)

// TestGameWritesNeedTheGamesPermission: the owner and the editor may
// publish the configuration and upload pictures, in a two-step (aal2)
// session like every other staff write (issue 38, item 22: an editor with
// only a password could change them); other staff and customers may not.
func TestGameWritesNeedTheGamesPermission(t *testing.T) {
	pic := pngBytes(t, 40, 30)
	var scenarios []apitest.Scenario
	for _, c := range []struct {
		role    auth.Role
		status  int
		message string
	}{
		{auth.RoleOwner, 200, ""},
		{auth.RoleEditor, 200, ""},
		{auth.RoleManager, 403, "Your role does not allow this."},
		{auth.RoleSupport, 403, "Your role does not allow this."},
		{auth.RoleUser, 403, "Access Denied"},
		{"editor at aal1", 403, "The back office needs two-step sign-in."},
	} {
		grant := func(t *testing.T, e *apitest.Env) { e.Staff("who", c.role) }
		if c.role == "editor at aal1" {
			grant = func(t *testing.T, e *apitest.Env) { e.Grant("who", auth.RoleEditor) }
		}
		upload := apitest.Scenario{Name: "upload as " + string(c.role), Method: "POST", URL: "/api/admin/game-images", As: "who",
			Body: string(pic), Headers: pngHeader, BeforeTest: grant, ExpectedStatus: c.status}
		if c.status == 200 {
			upload.ExpectedStatus = 201
			upload.ExpectedContent = []string{`"url":"/api/game-images/`, `"width":40`}
		} else {
			upload.ExpectedContent = []string{c.message}
		}
		save := apitest.Scenario{Name: "save as " + string(c.role), Method: "PUT", URL: "/api/admin/game-config", As: "who",
			Body:       map[string]any{"version": 0, "gameImages": []any{}, "differencePairs": []any{}},
			BeforeTest: grant, ExpectedStatus: c.status}
		save.ExpectedContent = []string{`"version":1`}
		if c.status != 200 {
			save.ExpectedContent = []string{c.message}
			save.AfterTest = func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log`); n != 0 {
					t.Fatalf("%d audit entries for a refused save", n)
				}
			}
		}
		scenarios = append(scenarios, upload, save)
	}
	scenarios = append(scenarios, apitest.Scenario{Name: "a save is audited with the configuration before and after",
		Method: "PUT", URL: "/api/admin/game-config", As: "who",
		BeforeTest: func(t *testing.T, e *apitest.Env) {
			e.Staff("who", auth.RoleEditor)
			r := e.Request("POST", "/api/admin/game-images", string(pic), "who", pngHeader).Expect(t, 201)
			e.Vars["pic"] = r.JSON(t)["url"].(string)
			e.Do("PUT", "/api/admin/game-config", pairConfig("Zoo", e.Vars["pic"], e.Vars["pic"]), "who").Expect(t, 200)
		},
		Body:           map[string]any{"version": 1, "hideShopPictures": true, "gameImages": []any{}, "differencePairs": []any{}},
		ExpectedStatus: 200, ExpectedContent: []string{`"version":2`, `"hideShopPictures":true`},
		AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
			p, err := audit.List(context.Background(), e.DB, audit.Filter{Kind: "games.config"})
			if err != nil || len(p.Entries) != 2 {
				t.Fatalf("entries %+v %v", p.Entries, err)
			}
			l := p.Entries[0]
			if l.Actor.Email != "who@example.com" || l.Actor.ID != e.User("who").ID || l.Entity != "games" || !l.At.Equal(e.Clock.Now()) {
				t.Fatalf("entry %+v", l)
			}
			if !strings.Contains(string(l.Before), `"version":1`) || !strings.Contains(string(l.Before), `"name":"Zoo"`) ||
				!strings.Contains(string(l.After), `"version":2`) || !strings.Contains(string(l.After), `"hideShopPictures":true`) {
				t.Fatalf("before %s after %s", l.Before, l.After)
			}
			if first := p.Entries[1]; !strings.Contains(string(first.Before), `"version":0`) {
				t.Fatalf("first save's before %s", first.Before)
			}
		}})
	apitest.Run(t, scenarios)
}
