package posts_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/posts"
)

// newPost is a complete post to create, published.
func newPost() map[string]any {
	return map[string]any{
		"title": "Reading in the Rain", "excerpt": "Puddles, a blanket and a book.", "author": "June Park",
		"category": "Reading Tips", "bodyMarkdown": "## Rainy days\n\nRead by the window.", "coverImage": "/blog/reading-together.svg",
		"coverAlt": "Books by a window", "status": "published", "publishedAt": "2026-05-30",
	}
}

// create makes a post as the editor "ed" and keeps its id in e.Vars["post"].
func create(t *testing.T, e *apitest.Env, body map[string]any) {
	t.Helper()
	e.Staff("ed", auth.RoleEditor)
	r := e.Do("POST", "/api/admin/posts", body, "ed").Expect(t, 201)
	e.Vars["post"] = fmt.Sprint(r.JSON(t)["id"])
}

// draft5 turns the fifth seeded post into a draft, through the back office.
func draft5(t *testing.T, e *apitest.Env) {
	t.Helper()
	e.Staff("ed", auth.RoleEditor)
	e.Do("PATCH", "/api/admin/posts/5", map[string]any{"version": 1, "status": "draft"}, "ed").Expect(t, 200)
}

func with(body map[string]any, key string, value any) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		out[k] = v
	}
	out[key] = value
	return out
}

func entries(t *testing.T, e *apitest.Env, kind string) []audit.Logged {
	t.Helper()
	p, err := audit.List(context.Background(), e.DB, audit.Filter{Kind: kind})
	if err != nil {
		t.Fatal(err)
	}
	return p.Entries
}

var titles = []string{
	"5 Ways to Make Bedtime Stories Magical", "Why Choose-Your-Path Stories Build Confidence", "Building a Home Library on a Budget",
	"Counting Carrots: Easy Math Games in the Garden", "Starting a Kindness Club with Siso",
}

func TestBlogAPI(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "the blog lists the five published posts, newest first, revalidated by ETag", Method: "GET", URL: "/api/posts",
			ExpectedStatus: 200,
			ExpectedContent: []string{
				`{"posts":[{"id":1,"slug":"5-ways-to-make-bedtime-stories-magical","title":"5 Ways to Make Bedtime Stories Magical",` +
					`"excerpt":"Funny voices, a cozy reading nook and letting your child choose the ending: small rituals that turn story time into the best part of the day.",` +
					`"author":"Hannah Lindqvist","date":"2025-11-20","category":"Reading Tips","image":"/blog/bedtime-stories.svg","imageAlt":"Moon and stars over an open book"},`,
				`"author":"Tomás Ferreira","date":"2025-05-28","category":"Kindness","image":"/blog/kindness-club.svg"`,
				"since we began writing branching stories in 2010.",
			},
			NotExpectedContent: []string{`"html"`, `"bodyMarkdown"`},
			ExpectedHeaders:    map[string]string{"Cache-Control": "public, no-cache", "Content-Type": "application/json; charset=utf-8"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var got struct{ Posts []posts.Summary }
				res.Decode(t, &got)
				for i, p := range got.Posts {
					if i >= len(titles) || p.Title != titles[i] || p.ID != int64(i+1) {
						t.Fatalf("post %d: %+v", i, p)
					}
				}
				if len(got.Posts) != 5 {
					t.Fatalf("%d posts", len(got.Posts))
				}
				etag := res.Header.Get("ETag")
				e.Request("GET", "/api/posts", nil, "", map[string]string{"If-None-Match": etag}).Expect(t, 304)
				draft5(t, e)
				again := e.Do("GET", "/api/posts", nil, "").Expect(t, 200)
				if again.Header.Get("ETag") == etag || strings.Contains(again.Body, "Kindness Club") {
					t.Fatalf("after the draft: ETag %s, %s", again.Header.Get("ETag"), again.Body)
				}
			}},
		{Name: "a post's page has its own article, sanitized HTML", Method: "GET", URL: "/api/posts/3",
			ExpectedStatus: 200,
			ExpectedContent: []string{`"id":3,`, `"title":"Building a Home Library on a Budget"`, `"readMinutes":3`,
				`\u003ch2\u003eGet to know your public library\u003c/h2\u003e`},
			NotExpectedContent: []string{"Build a cozy reading nook"},
			ExpectedHeaders:    map[string]string{"Cache-Control": "public, no-cache"}},
		{Name: "the five articles are different and 350 to 600 words long", Method: "GET", URL: "/api/posts",
			ExpectedStatus: 200, ExpectedContent: []string{`"id":5`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				tags := regexp.MustCompile(`<[^>]+>`)
				seen := map[string]int{}
				for id := 1; id <= 5; id++ {
					var a posts.Article
					e.Do("GET", fmt.Sprintf("/api/posts/%d", id), nil, "").Expect(t, 200).Decode(t, &a)
					if a.Title != titles[id-1] {
						t.Errorf("post %d is %q", id, a.Title)
					}
					words := len(strings.Fields(tags.ReplaceAllString(a.HTML, " ")))
					if words < 350 || words > 600 {
						t.Errorf("post %d has %d words", id, words)
					}
					first := strings.SplitN(a.HTML, "</p>", 2)[0]
					if other, dup := seen[first]; dup {
						t.Errorf("posts %d and %d begin alike", other, id)
					}
					seen[first] = id
				}
			}},
		{Name: "an unknown post is a 404", Method: "GET", URL: "/api/posts/999",
			ExpectedStatus: 404, ExpectedContent: []string{`"code":"not_found"`, `"Post not found."`}},
		{Name: "an id spelled another way is a 404", Method: "GET", URL: "/api/posts/01",
			ExpectedStatus: 404, ExpectedContent: []string{`"Post not found."`}},
		{Name: "a draft is a 404 for visitors", Method: "GET", URL: "/api/posts/5", BeforeTest: draft5,
			ExpectedStatus: 404, ExpectedContent: []string{`"Post not found."`}},
		{Name: "a draft is a 404 for staff too on the public API", Method: "GET", URL: "/api/posts/5", As: "ed", BeforeTest: draft5,
			ExpectedStatus: 404, ExpectedContent: []string{`"Post not found."`}},
		{Name: "a published new post is listed first and readable at once", Method: "GET", URL: "/api/posts/{post}",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				create(t, e, with(newPost(), "bodyMarkdown", "Read by the window.\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[tap](javascript:alert(1))"))
				list := e.Do("GET", "/api/posts", nil, "").Expect(t, 200)
				if !strings.HasPrefix(list.Body, `{"posts":[{"id":`+e.Vars["post"]+`,"slug":"reading-in-the-rain","title":"Reading in the Rain"`) {
					t.Fatalf("list %s", list.Body)
				}
			},
			ExpectedStatus:     200,
			ExpectedContent:    []string{`"title":"Reading in the Rain"`, `"html":"\u003cp\u003eRead by the window.\u003c/p\u003e`, `"date":"2026-05-30"`, `tap`},
			NotExpectedContent: []string{"script", "onerror", "javascript:"}},
	})
}

// TestAdminPostsRoles: the owner, manager and editor manage posts; support
// staff, customers and visitors may not, nor staff signed in with one step.
func TestAdminPostsRoles(t *testing.T) {
	type call struct {
		method, url string
		body        any
		status      int
		content     string
	}
	calls := func() []call {
		return []call{
			{"GET", "/api/admin/posts", nil, 200, `"title":"5 Ways to Make Bedtime Stories Magical"`},
			{"POST", "/api/admin/posts", newPost(), 201, `"slug":"reading-in-the-rain"`},
			{"GET", "/api/admin/posts/2", nil, 200, `"bodyMarkdown":"When we began writing branching stories in 2010`},
			{"PATCH", "/api/admin/posts/2", map[string]any{"version": 1, "title": "Choices Build Confidence"}, 200, `"version":2`},
			{"POST", "/api/admin/posts/preview", map[string]any{"markdown": "**hi**"}, 200, `"html":"\u003cp\u003e\u003cstrong\u003ehi`},
		}
	}
	var scenarios []apitest.Scenario
	for _, who := range []struct {
		name    string
		prepare func(e *apitest.Env)
		status  int
		content string
	}{
		{"anonymous", func(*apitest.Env) {}, 401, `"No user logged in"`},
		{"a customer", func(e *apitest.Env) { e.User("who") }, 403, `"Access Denied"`},
		{"support", func(e *apitest.Env) { e.Staff("who", auth.RoleSupport) }, 403, `"Your role does not allow this."`},
		{"an editor signed in with one step", func(e *apitest.Env) { e.Grant("who", auth.RoleEditor) }, 403, `"code":"insufficient_aal"`},
		{"an editor", func(e *apitest.Env) { e.Staff("who", auth.RoleEditor) }, 0, ""},
		{"a manager", func(e *apitest.Env) { e.Staff("who", auth.RoleManager) }, 0, ""},
		{"the owner", func(e *apitest.Env) { e.Staff("who", auth.RoleOwner) }, 0, ""},
	} {
		as := "who"
		if who.name == "anonymous" {
			as = ""
		}
		for _, c := range calls() {
			s := apitest.Scenario{Name: who.name + ": " + c.method + " " + c.url, Method: c.method, URL: c.url, Body: c.body, As: as,
				BeforeTest:     func(t *testing.T, e *apitest.Env) { who.prepare(e) },
				ExpectedStatus: c.status, ExpectedContent: []string{c.content}}
			if who.status != 0 {
				s.ExpectedStatus, s.ExpectedContent = who.status, []string{who.content}
				s.AfterTest = func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
					if n := e.Count(`SELECT COUNT(*) FROM audit_log`); n != 0 {
						t.Errorf("%d audit entries after a refusal", n)
					}
					if n := e.Count(`SELECT COUNT(*) FROM posts WHERE version > 1 OR id > 5`); n != 0 {
						t.Errorf("%d posts changed by a refused request", n)
					}
				}
			}
			scenarios = append(scenarios, s)
		}
	}
	apitest.Run(t, scenarios)
}

func TestAdminPostsWrites(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n) }
	invalid := func(name, field string, value any, message string) apitest.Scenario {
		return apitest.Scenario{Name: "create: " + name, Method: "POST", URL: "/api/admin/posts", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			Body:       with(newPost(), field, value), ExpectedStatus: 400,
			ExpectedContent: []string{`"code":"invalid"`, `"fields":{"` + field + `":"` + message + `"}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM posts`); n != 5 {
					t.Errorf("%d posts", n)
				}
			}}
	}
	apitest.Run(t, []apitest.Scenario{
		invalid("a blank title", "title", "   ", "Enter a title."),
		invalid("a title over 150 characters", "title", long(151), "Keep the title to 150 characters or fewer."),
		invalid("an excerpt over 300 characters", "excerpt", long(301), "Keep the excerpt to 300 characters or fewer."),
		invalid("an article over 50,000 characters", "bodyMarkdown", long(50_001), "Keep the article to 50,000 characters or fewer."),
		invalid("a date that does not exist", "publishedAt", "2025-02-30", "Enter a real date, such as 2025-11-20."),
		invalid("a date in another format", "publishedAt", "11/20/2025", "Enter a real date, such as 2025-11-20."),
		invalid("an unknown status", "status", "live", "Choose draft or published."),
		invalid("a cover on another site", "coverImage", "https://evil.example/x.png", "Use a picture on this site: an address starting with /, such as /blog/bedtime-stories.svg."),
		invalid("a cover without its description", "coverAlt", "", "Describe the picture for readers who cannot see it."),
		invalid("a published post without an excerpt", "excerpt", "", "A published post needs an excerpt for the blog's list."),
		invalid("a slug with capitals", "slug", "Rainy-Days", "Use lowercase letters, digits and single dashes, such as bedtime-stories."),
		invalid("a slug another post has", "slug", "building-a-home-library-on-a-budget", "Another post already has this slug. Choose another."),
		{Name: "create: a draft may be unfinished; the date is today and the slug made free", Method: "POST", URL: "/api/admin/posts", As: "ed",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			Body:           map[string]any{"title": "Building a Home Library on a Budget", "author": "Ed", "category": "Family"},
			ExpectedStatus: 201,
			ExpectedContent: []string{`"slug":"building-a-home-library-on-a-budget-2"`, `"status":"draft"`, `"publishedAt":"2026-06-01"`,
				`"version":1`, `"excerpt":""`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				id := fmt.Sprint(res.JSON(t)["id"])
				e.Do("GET", "/api/posts/"+id, nil, "").Expect(t, 404)
				got := entries(t, e, "post")
				if len(got) != 1 || got[0].Action != "post.create" || got[0].EntityID != id || got[0].Entity != "post" ||
					got[0].Actor.Email != "ed@example.com" || !got[0].At.Equal(e.Clock.Now()) || string(got[0].Before) != "null" ||
					!strings.Contains(string(got[0].After), `"title":"Building a Home Library on a Budget"`) {
					t.Fatalf("audit %+v", got)
				}
			}},
		{Name: "create: a blank slug is made from the title, free", Method: "POST", URL: "/api/admin/posts", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) { create(t, e, newPost()) },
			Body:       with(newPost(), "slug", "   "), ExpectedStatus: 201, ExpectedContent: []string{`"slug":"reading-in-the-rain-2"`}},
		{Name: "create: a repeated Idempotency-Key makes one post", Method: "POST", URL: "/api/admin/posts", As: "ed",
			Headers: map[string]string{"Idempotency-Key": "k-1"}, Body: newPost(),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("ed", auth.RoleEditor)
				e.Request("POST", "/api/admin/posts", newPost(), "ed", map[string]string{"Idempotency-Key": "k-1"}).Expect(t, 201)
			},
			ExpectedStatus: 201, ExpectedContent: []string{`"slug":"reading-in-the-rain"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM posts`); n != 6 {
					t.Errorf("%d posts", n)
				}
			}},
		{Name: "save: the fields sent change, the version moves, the audit entry shows what changed", Method: "PATCH", URL: "/api/admin/posts/1", As: "ed",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			Body:           map[string]any{"version": 1, "title": "  Six Ways to Make Bedtime Magical ", "bodyMarkdown": "## New\n\nText."},
			ExpectedStatus: 200,
			ExpectedContent: []string{`"title":"Six Ways to Make Bedtime Magical"`, `"version":2`, `"author":"Hannah Lindqvist"`,
				`"slug":"5-ways-to-make-bedtime-stories-magical"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				a := e.Do("GET", "/api/posts/1", nil, "").Expect(t, 200).JSON(t)
				if a["html"] != "<h2>New</h2>\n<p>Text.</p>\n" || a["title"] != "Six Ways to Make Bedtime Magical" {
					t.Fatalf("article %v", a)
				}
				got := entries(t, e, "post.update")
				if len(got) != 1 || got[0].EntityID != "1" ||
					!strings.Contains(string(got[0].Before), `"title":"5 Ways to Make Bedtime Stories Magical"`) ||
					!strings.Contains(string(got[0].After), `"title":"Six Ways to Make Bedtime Magical"`) ||
					!strings.Contains(string(got[0].After), `"bodyMarkdown":"## New\n\nText."`) ||
					strings.Contains(string(got[0].After), `"author"`) {
					t.Fatalf("audit %+v %s %s", got, got[0].Before, got[0].After)
				}
			}},
		{Name: "save: a stale version is a 409 and changes nothing", Method: "PATCH", URL: "/api/admin/posts/1", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("ed", auth.RoleEditor)
				e.Staff("mo", auth.RoleManager)
				e.Do("PATCH", "/api/admin/posts/1", map[string]any{"version": 1, "excerpt": "Mo's excerpt."}, "mo").Expect(t, 200)
			},
			Body:           map[string]any{"version": 1, "excerpt": "Ed's excerpt."},
			ExpectedStatus: 409,
			ExpectedContent: []string{`{"error":{"code":"conflict","message":"Someone else saved this post after you opened it. ` +
				`Reload to see their changes, then make yours again."}}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				p := e.Do("GET", "/api/admin/posts/1", nil, "ed").Expect(t, 200).JSON(t)
				if p["excerpt"] != "Mo's excerpt." || p["version"] != float64(2) {
					t.Fatalf("post %v", p)
				}
				if n := len(entries(t, e, "post.update")); n != 1 {
					t.Fatalf("%d update entries", n)
				}
			}},
		{Name: "save: without the version it is refused", Method: "PATCH", URL: "/api/admin/posts/1", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			Body:       map[string]any{"title": "x"}, ExpectedStatus: 400, ExpectedContent: []string{`"version":"Required`}},
		{Name: "save: an unknown post is a 404", Method: "PATCH", URL: "/api/admin/posts/999", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			Body:       map[string]any{"version": 1}, ExpectedStatus: 404, ExpectedContent: []string{`"Post not found."`}},
		{Name: "save: a field is checked against the whole post", Method: "PATCH", URL: "/api/admin/posts/1", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			Body:       map[string]any{"version": 1, "bodyMarkdown": "  "}, ExpectedStatus: 400,
			ExpectedContent: []string{`"bodyMarkdown":"A published post needs its article."`}},
		{Name: "save: publishing a draft shows it to visitors", Method: "GET", URL: "/api/posts/{post}",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				create(t, e, with(newPost(), "status", "draft"))
				e.Do("GET", "/api/posts/"+e.Vars["post"], nil, "").Expect(t, 404)
				e.Do("PATCH", "/api/admin/posts/"+e.Vars["post"], map[string]any{"version": 1, "status": "published"}, "ed").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"title":"Reading in the Rain"`, `\u003ch2\u003eRainy days\u003c/h2\u003e`}},
		{Name: "the staff list has drafts, without the articles", Method: "GET", URL: "/api/admin/posts", As: "ed",
			BeforeTest:         func(t *testing.T, e *apitest.Env) { create(t, e, with(newPost(), "status", "draft")) },
			ExpectedStatus:     200,
			ExpectedContent:    []string{`"status":"draft"`, `"title":"Reading in the Rain"`, `"status":"published"`, `"version":1`},
			NotExpectedContent: []string{"bodyMarkdown", "Rainy days"},
			ExpectedHeaders:    map[string]string{"Cache-Control": "no-store"}},
		{Name: "preview: sanitized as a save is", Method: "POST", URL: "/api/admin/posts/preview", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			Body: map[string]any{"markdown": "# Hi\n\n<script>alert(1)</script><a href=\"javascript:alert(1)\" onclick=\"x()\">a</a>\n\n" +
				"<img src=x onerror=alert(1)>\n\n[b](javascript:alert(1))"},
			ExpectedStatus:     200,
			ExpectedContent:    []string{`"html":"\u003ch1\u003eHi\u003c/h1\u003e`, `"readMinutes":1`},
			NotExpectedContent: []string{"script", "onerror", "onclick", "javascript:"}},
		{Name: "preview: over 50,000 characters is refused", Method: "POST", URL: "/api/admin/posts/preview", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			Body:       map[string]any{"markdown": long(50_001)}, ExpectedStatus: 400,
			ExpectedContent: []string{`"markdown":"Keep the article to 50,000 characters or fewer."`}},
	})
}
