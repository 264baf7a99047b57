package storybooks_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/storybooks"
)

// The shipped story (book 3) is storybook 1, published at start.
const (
	shipped   = "/api/storybooks/our-first-adventure"
	freePage  = shipped + "/pages/the-signpost"
	paidPage  = shipped + "/pages/great-balloon-ride"
	progress  = "/api/library/1/progress"
	grantPath = "/api/admin/storybooks/1/grants"
)

// granted gives pat's family the shipped story (by support), and pat a
// child whose id is Vars["kid"].
func granted(t *testing.T, e *apitest.Env) {
	e.User("pat")
	e.Vars["kid"] = e.AddKid("pat", "Maya", "2019-05")
	e.Staff("sue", auth.RoleSupport)
	e.Do("POST", grantPath, map[string]any{"email": "pat@example.com"}, "sue").Expect(t, 201)
}

func TestReading(t *testing.T) {
	user := func(name string) func(*testing.T, *apitest.Env) {
		return func(t *testing.T, e *apitest.Env) { e.User(name) }
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "the front matter, anonymous: public, no map", Method: "GET", URL: shipped, ExpectedStatus: 200,
			ExpectedContent:    []string{`"slug":"our-first-adventure","bookId":3,"title":"Our First Adventure","start":"meet-the-friends","previewPages":3,"preview":["meet-the-friends","the-signpost",`, `"endings":6,"entitled":false`},
			NotExpectedContent: []string{`"map"`},
			ExpectedHeaders:    map[string]string{"Cache-Control": "public, no-cache"}},
		{Name: "the front matter, a family with the edition: the map", Method: "GET", URL: shipped, As: "pat", BeforeTest: granted,
			ExpectedStatus: 200, ExpectedContent: []string{`"entitled":true`, `"map":[{"id":"meet-the-friends","choices":["the-signpost"]}`, `{"id":"great-balloon-ride","choices":[],"ending":"The Great Balloon Ride"}`},
			ExpectedHeaders: map[string]string{"Cache-Control": "private, no-cache"}},
		{Name: "the front matter's version moves with a change of a page's text, which the map does not show", Method: "GET", URL: shipped,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				staff(auth.RoleEditor)(t, e)
				var before struct {
					Version int64            `json:"version"`
					Pages   []map[string]any `json:"pages"`
				}
				e.Do("GET", "/api/admin/storybooks/1", nil, "ed").Expect(t, 200).Decode(t, &before)
				if got := e.Do("GET", shipped, nil, "").Expect(t, 200).JSON(t)["version"]; got != float64(before.Version) {
					t.Fatalf("version %v, want the storybook's %d", got, before.Version)
				}
				for _, p := range before.Pages {
					p["picture"] = "" // the shipped scenes are the web build's, which a Go test does not have
				}
				before.Pages[0]["text"] = "One sunny morning, Siso found a map."
				e.Do("PUT", "/api/admin/storybooks/1", map[string]any{"version": before.Version, "pages": before.Pages}, "ed").Expect(t, 200)
				e.Vars["next"] = strconv.FormatInt(before.Version+1, 10)
			},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if got := res.JSON(t)["version"]; fmt.Sprint(got) != e.Vars["next"] {
					t.Errorf("version %v, want %s", got, e.Vars["next"])
				}
			}},
		{Name: "an unknown storybook", Method: "GET", URL: "/api/storybooks/nainni-counts-the-carrots", ExpectedStatus: 404,
			ExpectedContent: []string{`"Storybook not found"`}},
		{Name: "a free page, anonymous: public and revalidated", Method: "GET", URL: freePage, ExpectedStatus: 200,
			ExpectedContent: []string{`"id":"the-signpost","html":"\u003cp\u003e\u003cspan class=\"w\" data-w=\"0\"\u003eNainni`, `"choices":[{"label":"Take the dark forest path","to":"forest-edge"}`},
			ExpectedHeaders: map[string]string{"Cache-Control": "public, no-cache"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				e.Request("GET", freePage, nil, "", map[string]string{"If-None-Match": res.Header.Get("ETag")}).Expect(t, 304)
			}},
		{Name: "beyond the preview, anonymous", Method: "GET", URL: paidPage, ExpectedStatus: 401,
			ExpectedContent: []string{storybooks.LogInToRead}, NotExpectedContent: []string{"balloon"}},
		{Name: "beyond the preview, without the edition", Method: "GET", URL: paidPage, As: "other", BeforeTest: user("other"),
			ExpectedStatus: 403, ExpectedContent: []string{storybooks.NotInLibrary}},
		{Name: "beyond the preview, an editor is not a family with the edition", Method: "GET", URL: paidPage, As: "ed",
			BeforeTest: staff(auth.RoleEditor), ExpectedStatus: 403, ExpectedContent: []string{storybooks.NotInLibrary}},
		{Name: "beyond the preview, granted", Method: "GET", URL: paidPage, As: "pat", BeforeTest: granted,
			ExpectedStatus: 200, ExpectedContent: []string{`"id":"great-balloon-ride"`, `"choices":[]`, `"ending":"The Great Balloon Ride"`},
			ExpectedHeaders: map[string]string{"Cache-Control": "private, no-cache"}},
		{Name: "an unknown page", Method: "GET", URL: shipped + "/pages/nowhere", As: "pat", BeforeTest: granted,
			ExpectedStatus: 404, ExpectedContent: []string{`"Page not found"`}},
		{Name: "the library", Method: "GET", URL: "/api/library", As: "pat", BeforeTest: granted, ExpectedStatus: 200,
			ExpectedContent: []string{`{"storybooks":[{"id":1,"slug":"our-first-adventure","title":"Our First Adventure","bookId":3,"cover":"/covers/book-3.svg","endings":6,"pages":`}},
		{Name: "another family's library is empty", Method: "GET", URL: "/api/library", As: "other",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { granted(t, e); e.User("other") },
			ExpectedStatus: 200, ExpectedContent: []string{`{"storybooks":[],"files":[]}`}},
		{Name: "the library, anonymous", Method: "GET", URL: "/api/library", ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
	})
}

func TestProgress(t *testing.T) {
	put := func(page, at string, visited ...string) map[string]any {
		return map[string]any{"page": page, "visited": visited, "endings": []string{}, "updatedAt": at}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "not started: at the start", Method: "GET", URL: progress + "?reader=me", As: "pat", BeforeTest: granted,
			ExpectedStatus: 200, ExpectedContent: []string{`{"reader":"me","page":"meet-the-friends","visited":[],"endings":[],"updatedAt":null}`}},
		{Name: "a child's progress made offline arrives late: merged", Method: "PUT", URL: progress + "?reader={kid}", As: "pat",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				granted(t, e)
				e.Do("PUT", progress+"?reader={kid}", map[string]any{"page": "great-balloon-ride", "visited": []string{"meet-the-friends", "great-balloon-ride"},
					"endings": []string{"great-balloon-ride"}, "updatedAt": "2026-06-01T11:00:00Z"}, "pat").Expect(t, 200)
			},
			Body:            put("the-signpost", "2026-06-01T10:00:00Z", "the-signpost", "meet-the-friends"),
			ExpectedStatus:  200,
			ExpectedContent: []string{`"page":"great-balloon-ride","visited":["meet-the-friends","great-balloon-ride","the-signpost"],"endings":["great-balloon-ride"],"updatedAt":"2026-06-01T11:00:00Z"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				mine := e.Do("GET", progress+"?reader=me", nil, "pat").Expect(t, 200)
				if !strings.Contains(mine.Body, `"updatedAt":null`) {
					t.Errorf("the parent's progress: %s", mine.Body)
				}
			}},
		{Name: "a time ahead of the server's counts as now", Method: "PUT", URL: progress + "?reader=me", As: "pat", BeforeTest: granted,
			Body: put("the-signpost", "2099-01-01T00:00:00Z"), ExpectedStatus: 200, ExpectedContent: []string{`"updatedAt":"2026-06-01T12:00:00Z"`}},
		{Name: "pages the storybook lacks", Method: "PUT", URL: progress + "?reader=me", As: "pat", BeforeTest: granted,
			Body:           map[string]any{"page": "nowhere", "visited": []string{"x"}, "endings": []string{"the-signpost"}, "updatedAt": "2026-06-01T11:00:00Z"},
			ExpectedStatus: 400, ExpectedContent: []string{`"page":"This storybook has no page \"nowhere\".","updatedAt"`[:45], `"visited":`, `"endings":`}},
		{Name: "a child of another family", Method: "GET", URL: progress + "?reader={kid}", As: "other",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				granted(t, e)
				e.Do("POST", grantPath, map[string]any{"email": e.User("other").Email}, "sue").Expect(t, 201)
			},
			ExpectedStatus: 404, ExpectedContent: []string{`"Child not found"`}},
		{Name: "without the edition", Method: "PUT", URL: progress + "?reader=me", As: "other",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.User("other") },
			Body:       put("the-signpost", "2026-06-01T11:00:00Z"), ExpectedStatus: 403, ExpectedContent: []string{storybooks.NotInLibrary}},
		{Name: "anonymous", Method: "GET", URL: progress + "?reader=me", ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "an unknown storybook", Method: "GET", URL: "/api/library/42/progress?reader=me", As: "pat", BeforeTest: granted,
			ExpectedStatus: 404, ExpectedContent: []string{`"Storybook not found"`}},
	})
}
