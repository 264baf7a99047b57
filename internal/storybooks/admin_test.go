package storybooks_test

import (
	"fmt"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/storybooks"
)

// fourPaths is a storybook that can be published: two choices, then two
// more on each side, four endings.
func fourPaths() []map[string]any {
	page := func(id, text string, to ...string) map[string]any {
		choices := []map[string]any{}
		for _, t := range to {
			choices = append(choices, map[string]any{"label": "Go to " + t, "to": t})
		}
		p := map[string]any{"id": id, "text": text, "choices": choices}
		if len(to) == 0 {
			p["ending"] = "The end of " + id
		}
		return p
	}
	return []map[string]any{
		withPicture(page("start", "Siso finds a *map*.", "left", "right")),
		page("left", "The forest is dark.", "owl", "cave"),
		page("right", "The river sings.", "boat", "duck"),
		page("owl", "An owl says hello."), page("cave", "A cave glows."),
		page("boat", "A boat drifts home."), page("duck", "The ducks parade."),
	}
}

func withPicture(p map[string]any) map[string]any {
	p["picture"] = "/illustrations/siso.svg"
	return p
}

// twoEndings is fourPaths cut short: valid, but with two paths and
// unreachable pages, so not publishable.
func twoEndings() []map[string]any {
	p := fourPaths()
	for _, i := range []int{1, 2} {
		p[i]["choices"] = []map[string]any{}
		p[i]["ending"] = "Home early"
	}
	return p
}

// asEditor makes "ed" an editor at aal2 and a draft storybook of book 1,
// whose id is Vars["id"].
func asEditor(t *testing.T, e *apitest.Env) {
	e.Staff("ed", auth.RoleEditor)
	created := e.Do("POST", "/api/admin/storybooks", map[string]any{"bookId": 1, "title": "Siso's Stripe"}, "ed").Expect(t, 201).JSON(t)
	e.Vars["id"] = fmt.Sprint(created["id"])
}

// withStory is asEditor with fourPaths saved (version 2).
func withStory(t *testing.T, e *apitest.Env) {
	asEditor(t, e)
	e.Do("PUT", "/api/admin/storybooks/{id}", map[string]any{"version": 1, "start": "start", "pages": fourPaths()}, "ed").Expect(t, 200)
}

func staff(role auth.Role) func(t *testing.T, e *apitest.Env) {
	return func(t *testing.T, e *apitest.Env) { e.Staff("ed", role) }
}

func TestAdminWhoMay(t *testing.T) {
	list := func(name, as string, before func(*testing.T, *apitest.Env), status int, content string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "GET", URL: "/api/admin/storybooks", As: as, BeforeTest: before,
			ExpectedStatus: status, ExpectedContent: []string{content}}
	}
	apitest.Run(t, []apitest.Scenario{
		list("anonymous", "", nil, 401, `"No user logged in"`),
		list("a customer", "pat", func(t *testing.T, e *apitest.Env) { e.User("pat") }, 403, `"Access Denied"`),
		list("an editor at aal1", "ed", func(t *testing.T, e *apitest.Env) { e.Grant("ed", auth.RoleEditor) }, 403, `"insufficient_aal"`),
		list("support", "ed", staff(auth.RoleSupport), 403, `"Your role does not allow this."`),
		list("an editor: the shipped story, published, 6 endings", "ed", staff(auth.RoleEditor), 200,
			`"bookId":3,"bookTitle":"Our First Adventure","slug":"our-first-adventure","title":"Our First Adventure","status":"published","version":1,"paths":`),
		{Name: "support may not create", Method: "POST", URL: "/api/admin/storybooks", As: "ed", BeforeTest: staff(auth.RoleSupport),
			Body: map[string]any{"bookId": 1}, ExpectedStatus: 403, ExpectedContent: []string{`"Your role does not allow this."`}},
		{Name: "support may not upload", Method: "POST", URL: "/api/admin/storybooks/media", As: "ed", BeforeTest: staff(auth.RoleSupport),
			Body: "ID3", Headers: map[string]string{"Content-Type": "audio/mpeg"}, ExpectedStatus: 403, ExpectedContent: []string{`"Your role does not allow this."`}},
		{Name: "support may grant", Method: "POST", URL: "/api/admin/storybooks/1/grants", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.User("pat"); e.Staff("ed", auth.RoleSupport) },
			Body:       map[string]any{"email": " Pat@Example.com "}, ExpectedStatus: 201, ExpectedContent: []string{`"email":"pat@example.com","grantedAt":"2026-06-01T12:00:00Z"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				again := e.Do("POST", "/api/admin/storybooks/1/grants", map[string]any{"email": "pat@example.com"}, "ed").Expect(t, 200)
				if !strings.Contains(again.Body, `"grantedAt":"2026-06-01T12:00:00Z"`) {
					t.Errorf("again: %s", again.Body)
				}
				if n := e.Count(`SELECT COUNT(*) FROM storybook_entitlements WHERE source = 'grant' AND granted_by = (SELECT id FROM users WHERE email = 'ed@example.com')`); n != 1 {
					t.Errorf("%d grants", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'storybook.grant' AND entity_id = '1'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
			}},
		{Name: "a grant to an unknown address", Method: "POST", URL: "/api/admin/storybooks/1/grants", As: "ed", BeforeTest: staff(auth.RoleSupport),
			Body: map[string]any{"email": "nobody@example.com"}, ExpectedStatus: 400, ExpectedContent: []string{`"email":"No account has this address.`}},
		{Name: "a manager may edit", Method: "GET", URL: "/api/admin/storybooks/1", As: "ed", BeforeTest: staff(auth.RoleManager),
			ExpectedStatus: 200, ExpectedContent: []string{`"id":"meet-the-friends"`, `"html":"\u003cp\u003e`, `"report":{"paths":`}},
	})
}

func TestCreateAndSave(t *testing.T) {
	key := map[string]string{"Idempotency-Key": "create-1"}
	save := func(name string, body map[string]any, status int, content ...string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "PUT", URL: "/api/admin/storybooks/{id}", As: "ed", BeforeTest: asEditor,
			Body: body, ExpectedStatus: status, ExpectedContent: content}
	}
	broken := fourPaths()
	broken[1]["id"] = "right"                                    // a duplicate id
	broken[0]["choices"].([]map[string]any)[0]["to"] = "nowhere" // an unknown target
	broken[3]["text"] = "  "                                     // empty text
	badMedia := fourPaths()
	badMedia[0]["picture"] = "/storybooks/media/" + strings.Repeat("ab", 32) + ".jpg"
	badMedia[1]["picture"] = "/illustrations/siso.svg" // a shop drawing: fine
	badMedia[2]["picture"] = "/illustrations/nobody.svg"
	badMedia[3]["timings"] = []int{0, 100, 200}
	described := fourPaths()
	described[0]["alt"] = "Siso holds up a treasure map."
	longAlt := fourPaths()
	longAlt[0]["alt"] = strings.Repeat("a", 301)
	apitest.Run(t, []apitest.Scenario{
		{Name: "create twice with one key is one", Method: "POST", URL: "/api/admin/storybooks", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("ed", auth.RoleEditor)
				e.Request("POST", "/api/admin/storybooks", map[string]any{"bookId": 1}, "ed", key).Expect(t, 201)
			},
			Body: map[string]any{"bookId": 1}, Headers: key, ExpectedStatus: 201,
			ExpectedContent: []string{`"bookId":1,"slug":"siso-and-the-stripe-that-got-away","title":"Siso and the Stripe That Got Away","status":"draft","version":1,"start":"start","previewPages":3`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM storybooks WHERE book_id = 1`); n != 1 {
					t.Errorf("%d storybooks", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'storybook.create'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
			}},
		{Name: "a second storybook for a book", Method: "POST", URL: "/api/admin/storybooks", As: "ed", BeforeTest: asEditor,
			Body: map[string]any{"bookId": 1}, ExpectedStatus: 409, ExpectedContent: []string{"already has a storybook"}},
		{Name: "an unknown book", Method: "POST", URL: "/api/admin/storybooks", As: "ed", BeforeTest: staff(auth.RoleEditor),
			Body: map[string]any{"bookId": 999}, ExpectedStatus: 400, ExpectedContent: []string{`"bookId":"There is no book 999 in the catalogue."`}},
		save("a save", map[string]any{"version": 1, "title": " Stripes ", "previewPages": 2, "pages": fourPaths()}, 200,
			`"title":"Stripes","status":"draft","version":2`, `"previewPages":2`, `"report":{"paths":4,"endings":4,"problems":[]}`,
			`"html":"\u003cp\u003e\u003cspan class=\"w\" data-w=\"0\"\u003eSiso`),
		save("a picture's description is kept", map[string]any{"version": 1, "pages": described}, 200,
			`"picture":"/illustrations/siso.svg","alt":"Siso holds up a treasure map."`),
		save("a picture's description too long", map[string]any{"version": 1, "pages": longAlt}, 400,
			`"pages.start.alt":"A picture's description is at most 300 characters; this one has 301."`),
		save("a stale save", map[string]any{"version": 7, "pages": fourPaths()}, 409, storybooks.ConflictMessage),
		save("no version", map[string]any{"pages": fourPaths()}, 400, `"version":"Required`),
		save("an unknown target, a duplicate id and empty text", map[string]any{"version": 1, "pages": broken}, 400,
			`"pages.start.choices.0.to":`, `"pages.right.id":`, `"pages.owl.text":`),
		save("pictures that are not on the shop, timings not one per word", map[string]any{"version": 1, "pages": badMedia}, 400,
			`"pages.start.picture":"This picture isn't on the shop`, `"pages.right.picture":"This picture isn't on the shop`,
			`"pages.owl.timings":"Word timings follow a narration`),
		save("too many free pages", map[string]any{"version": 1, "previewPages": 99}, 400, `"previewPages":`),
		{Name: "an unknown storybook", Method: "GET", URL: "/api/admin/storybooks/99", As: "ed", BeforeTest: staff(auth.RoleEditor),
			ExpectedStatus: 404, ExpectedContent: []string{`"Storybook not found"`}},
	})
}

func TestPublish(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "refused with its problems, then published once fixed", Method: "POST", URL: "/api/admin/storybooks/{id}/publish", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				refused := e.Do("POST", "/api/admin/storybooks/{id}/publish", map[string]any{"version": 1}, "ed").Expect(t, 422)
				for _, want := range []string{`"code":"unpublishable"`, `"problems":[{"page":`} {
					if !strings.Contains(refused.Body, want) {
						t.Errorf("refusal lacks %s: %s", want, refused.Body)
					}
				}
				e.Do("PUT", "/api/admin/storybooks/{id}", map[string]any{"version": 1, "pages": fourPaths()}, "ed").Expect(t, 200)
			},
			Body: map[string]any{"version": 2}, ExpectedStatus: 200, ExpectedContent: []string{`"status":"published","version":3`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'storybook.publish' AND entity_id = ?`, e.Vars["id"]); n != 1 {
					t.Errorf("%d audit entries", n)
				}
				e.Do("GET", "/api/storybooks/siso-and-the-stripe-that-got-away", nil, "").Expect(t, 200)
				broken := fourPaths()[:6] // the duck's ending gone: a choice to nowhere
				e.Do("PUT", "/api/admin/storybooks/{id}", map[string]any{"version": 3, "pages": broken}, "ed").Expect(t, 400)
				e.Do("POST", "/api/admin/storybooks/{id}/unpublish", map[string]any{"version": 3}, "ed").Expect(t, 200)
				e.Do("GET", "/api/storybooks/siso-and-the-stripe-that-got-away", nil, "").Expect(t, 404)
			}},
		{Name: "a save that would break a published storybook", Method: "PUT", URL: "/api/admin/storybooks/{id}", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withStory(t, e)
				e.Do("POST", "/api/admin/storybooks/{id}/publish", map[string]any{"version": 2}, "ed").Expect(t, 200)
			},
			Body: map[string]any{"version": 3, "pages": twoEndings()}, ExpectedStatus: 422,
			ExpectedContent: []string{`"code":"unpublishable"`, `"problems":[`}},
		{Name: "a stale publish", Method: "POST", URL: "/api/admin/storybooks/{id}/publish", As: "ed", BeforeTest: withStory,
			Body: map[string]any{"version": 1}, ExpectedStatus: 409, ExpectedContent: []string{storybooks.ConflictMessage}},
		{Name: "the shipped story shows on its book", Method: "GET", URL: "/api/books/3",
			ExpectedStatus: 200, ExpectedContent: []string{`"slug":"our-first-adventure"`, `"storybook":true`}},
	})
}

func TestTwee(t *testing.T) {
	text := map[string]string{"Content-Type": "text/plain"}
	// same compares what two storybooks tell a reader.
	same := func(t *testing.T, a, b map[string]any) {
		t.Helper()
		for _, k := range []string{"title", "start", "previewPages", "pages", "report"} {
			if fmt.Sprint(a[k]) != fmt.Sprint(b[k]) {
				t.Errorf("%s: %v, then %v", k, a[k], b[k])
			}
		}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "import, export, import: the same storybook", Method: "GET", URL: "/api/admin/storybooks/{copy}/export.twee", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withStory(t, e)
				twee := e.Do("GET", "/api/admin/storybooks/{id}/export.twee", nil, "ed").Expect(t, 200).Body
				created := e.Request("POST", "/api/admin/storybooks/import?bookId=2", twee, "ed", text).Expect(t, 201).JSON(t)
				e.Vars["copy"] = fmt.Sprint(created["id"])
			},
			ExpectedStatus: 200, ExpectedContent: []string{":: StoryTitle\nSiso's Stripe\n"},
			ExpectedHeaders: map[string]string{"Content-Type": "text/plain; charset=utf-8",
				"Content-Disposition": `attachment; filename="nainni-counts-the-carrots.twee"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				again := e.Request("POST", "/api/admin/storybooks/import?bookId=2", res.Body, "ed", text).Expect(t, 200).JSON(t)
				if again["version"] != 2.0 {
					t.Errorf("version %v", again["version"])
				}
				same(t, e.Do("GET", "/api/admin/storybooks/{id}", nil, "ed").Expect(t, 200).JSON(t), again)
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'storybook.import'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
			}},
		{Name: "not Twee", Method: "POST", URL: "/api/admin/storybooks/import?bookId=1", As: "ed", BeforeTest: staff(auth.RoleEditor),
			Body: "hello", Headers: text, ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "no book", Method: "POST", URL: "/api/admin/storybooks/import", As: "ed", BeforeTest: staff(auth.RoleEditor),
			Body: "hello", Headers: text, ExpectedStatus: 400, ExpectedContent: []string{`"bookId"`}},
	})
}
