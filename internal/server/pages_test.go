package server_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/render"
	"bookshop/internal/server"
)

// engine is one Renderer over the real server bundle for the tests of this
// package: loading it is the slow part. Generous time: the race detector
// slows the engine tenfold.
var engine = sync.OnceValues(func() (*render.Renderer, error) {
	r, err := render.New(render.Options{Timeout: time.Minute})
	if err != nil {
		return nil, err
	}
	return r, r.Ready(context.Background())
})

// renderingShop is a test server that renders its pages with the real bundle
// and the embedded build, as `bookshop serve` does. `make web` builds both;
// without them the test is skipped.
func renderingShop(t *testing.T, d *db.DB) *apitest.Env {
	t.Helper()
	r, err := engine()
	if errors.Is(err, render.ErrNoScript) {
		t.Skip("no server bundle: run `make web`")
	}
	if err != nil {
		t.Fatal(err)
	}
	return apitest.NewEnv(t, d, nil, server.WithWebApp(nil), server.WithRenderer(r))
}

// A book the editor creates is in the HTML of its page on the very next
// request (title, price, cover, its schema.org offer) and in the sitemap;
// archived, its page is the not-found page with 404 and it leaves the sitemap.
// A draft is neither. A post published is rendered too, and gone as a draft.
func TestWhatTheBackOfficeChangesIsRenderedAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := renderingShop(t, d)
		e.Staff("ed", auth.RoleEditor)
		created := e.Do("POST", "/api/admin/books", map[string]any{"title": "Tigers & Teacups", "author": "Ada Wren",
			"description": "A bedtime story.", "priceCents": 1125, "category": "fantasy", "pages": 40, "isbn": "978 1 915842 11 4",
			"publicationDate": "2026-03-01", "coverImage": "/covers/book-1.svg", "status": "published"}, "ed").Expect(t, 201).JSON(t)
		id := fmt.Sprint(created["id"])

		page := e.Do("GET", "/books/"+id, nil, "")
		page.Expect(t, 200)
		for _, want := range []string{
			`<div id="root" data-ssr>`, `<h1 class="text-3xl font-bold leading-tight sm:text-4xl">Tigers &amp; Teacups</h1>`,
			`$11.25`, `src="/covers/book-1.svg"`, `<title>Tigers &amp; Teacups — Siso &amp; Friends</title>`,
			`<link rel="canonical" href="http://shop.test/books/` + id + `">`, `"price":"11.25"`, `"availability":"https://schema.org/InStock"`,
		} {
			if !strings.Contains(page.Body, want) {
				t.Errorf("the page lacks %s", want)
			}
		}
		sitemap := e.Do("GET", "/sitemap.xml", nil, "").Expect(t, 200).Body
		if !strings.Contains(sitemap, "<loc>http://shop.test/books/"+id+"</loc><lastmod>2026-06-01</lastmod>") ||
			!strings.Contains(sitemap, "<loc>http://shop.test/categories/fantasy</loc><lastmod>") ||
			!strings.Contains(sitemap, "<loc>http://shop.test/blog/1</loc>") {
			t.Errorf("the sitemap lacks the book, its category or a post:\n%s", sitemap)
		}

		e.Do("PATCH", "/api/admin/books/"+id, map[string]any{"version": created["version"], "status": "archived"}, "ed").Expect(t, 200)
		gone := e.Do("GET", "/books/"+id, nil, "")
		if gone.Status != 404 || !strings.Contains(gone.Body, "Book Not Found") || strings.Contains(gone.Body, "Tigers") {
			t.Errorf("archived: %d, the not-found page: %v", gone.Status, strings.Contains(gone.Body, "Book Not Found"))
		}
		if sitemap := e.Do("GET", "/sitemap.xml", nil, "").Expect(t, 200).Body; strings.Contains(sitemap, "/books/"+id+"<") {
			t.Error("the archived book is still in the sitemap")
		}

		draft := e.Do("POST", "/api/admin/books", map[string]any{"title": "Not Yet", "author": "Ada Wren", "description": "Soon.",
			"priceCents": 900, "category": "fantasy", "pages": 20, "isbn": "", "publicationDate": "2026-03-01",
			"coverImage": "/covers/book-2.svg", "status": "draft"}, "ed").Expect(t, 201).JSON(t)
		draftID := fmt.Sprint(draft["id"])
		e.Do("GET", "/books/"+draftID, nil, "").Expect(t, 404)
		if sitemap := e.Do("GET", "/sitemap.xml", nil, "").Body; strings.Contains(sitemap, "/books/"+draftID+"<") {
			t.Error("the draft is in the sitemap")
		}
		// A post published in the back office: its article rendered, as a BlogPosting; back to a draft, a 404.
		post := e.Do("POST", "/api/admin/posts", map[string]any{"title": "Reading in the Rain", "excerpt": "Puddles, a blanket and a book.",
			"author": "June Park", "category": "Reading Tips", "bodyMarkdown": "## Rainy days\n\nRead by the window.",
			"coverImage": "/blog/reading-together.svg", "coverAlt": "Books by a window", "status": "published", "publishedAt": "2026-05-30"},
			"ed").Expect(t, 201).JSON(t)
		postID := fmt.Sprint(post["id"])
		article := e.Do("GET", "/blog/"+postID, nil, "").Expect(t, 200).Body
		for _, want := range []string{">Reading in the Rain</h1>", "<h2>Rainy days</h2>", `"@type":"BlogPosting"`, `"headline":"Reading in the Rain"`} {
			if !strings.Contains(article, want) {
				t.Errorf("the post's page lacks %s", want)
			}
		}
		if list := e.Do("GET", "/blog", nil, "").Expect(t, 200).Body; !strings.Contains(list, "Reading in the Rain") {
			t.Error("the blog's list does not render the new post")
		}
		e.Do("PATCH", "/api/admin/posts/"+postID, map[string]any{"version": post["version"], "status": "draft"}, "ed").Expect(t, 200)
		e.Do("GET", "/blog/"+postID, nil, "").Expect(t, 404)

		robots := e.Do("GET", "/robots.txt", nil, "").Expect(t, 200).Body
		if !strings.Contains(robots, "Sitemap: http://shop.test/sitemap.xml") {
			t.Errorf("robots.txt: %s", robots)
		}
	})
}

// Issue 27, "At scale": a page is kept under what it reads of its URL, so
// parameters it ignores (a campaign's, random ones) and random paths share
// the rendering of the page without them, under its ETag; what it reads
// still makes a page of its own.
func TestPagesAreKeptUnderWhatTheyRead(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := renderingShop(t, d)
		rendered := func(target string, status int) *apitest.Response {
			t.Helper()
			page := e.Do("GET", target, nil, "").Expect(t, status)
			if !strings.Contains(page.Body, "data-ssr") || page.Header.Get("ETag") == "" {
				t.Fatalf("%s is not rendered: %v", target, page.Header)
			}
			return page
		}
		for _, same := range [][]string{
			{"/books?q=moon", "/books?utm_source=news&q=moon", "/books?q=moon&a=random"},
			{"/books/3", "/books/3?utm_source=news", "/books/3?page=2"},
			{"/categories/fantasy?new=1", "/categories/fantasy?ref=x&new=1"},
			{"/faq", "/faq?a=random"},
		} {
			first := rendered(same[0], 200)
			for _, target := range same[1:] {
				if page := rendered(target, 200); page.Header.Get("ETag") != first.Header.Get("ETag") || page.Body != first.Body {
					t.Errorf("%s is rendered apart from %s", target, same[0])
				}
			}
		}
		missing := rendered("/nowhere", 404)
		for _, target := range []string{"/elsewhere/at/all?x=1", "/random-7"} {
			if page := rendered(target, 404); page.Header.Get("ETag") != missing.Header.Get("ETag") || page.Body != missing.Body {
				t.Errorf("%s is a not-found rendering of its own", target)
			}
		}
		if rendered("/books?q=sun", 200).Header.Get("ETag") == rendered("/books?q=moon", 200).Header.Get("ETag") {
			t.Error("two searches share a rendering")
		}
		if page := rendered("/books?q=moon&utm_source=news", 200); !strings.Contains(page.Body, `value="moon"`) {
			t.Errorf("the search box lacks the search:\n%.3000s", page.Body)
		}
	})
}

// Issue 27, "At scale": the not-found page of unknown books (of unknown
// posts, of unknown categories) is one rendering, whatever the id: the same
// root, each page with its own 404 inline for the app's first render.
func TestUnknownRecordsAreOneNotFoundRender(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := renderingShop(t, d)
		root := func(body string) string {
			_, after, _ := strings.Cut(body, `<div id="root" data-ssr>`)
			return after
		}
		for _, c := range []struct{ a, b, says, inlined string }{
			{"/books/999", "/books/12345", "Book Not Found", `"/api/books/%s":null`},
			{"/blog/999", "/blog/4242", "This Page Existed", `"/api/posts/%s":null`},
			{"/categories/nope", "/categories/other", "", ""},
		} {
			a := e.Do("GET", c.a, nil, "").Expect(t, 404)
			b := e.Do("GET", c.b, nil, "").Expect(t, 404)
			if root(a.Body) == "" || root(a.Body) != root(b.Body) || !strings.Contains(root(a.Body), c.says) {
				t.Errorf("%s and %s are rendered apart, or not as not found:\n%.2000s", c.a, c.b, root(b.Body))
			}
			for _, page := range []struct{ path, body string }{{c.a, a.Body}, {c.b, b.Body}} {
				id := page.path[strings.LastIndex(page.path, "/")+1:]
				if c.inlined != "" && !strings.Contains(page.body, fmt.Sprintf(c.inlined, id)) {
					t.Errorf("%s does not carry its own 404", page.path)
				}
			}
		}
	})
}

// When the engine fails on a page, the page is still served: the app's
// plain page with the page's data inline, which the browser renders.
func TestAPageTheEngineFailsOnIsTheAppsShell(t *testing.T) {
	broken, err := render.New(render.Options{VMs: 1, Script: `var SSR = { loaded: function () { return true },
		runTasks: function () { return 0 }, dropTasks: function () {}, takeConsole: function () { return [] },
		render: function () { return Promise.reject(new Error('the page broke')) } };`})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { broken.Close() })
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if _, err := engine(); errors.Is(err, render.ErrNoScript) {
			t.Skip("no web build: run `make web`")
		}
		e := apitest.NewEnv(t, d, nil, server.WithWebApp(nil), server.WithRenderer(broken))
		page := e.Do("GET", "/books/3", nil, "")
		page.Expect(t, 200)
		if !strings.Contains(page.Body, "<!--/splash-->") || strings.Contains(page.Body, "data-ssr") ||
			!strings.Contains(page.Body, `"title":"Our First Adventure"`) {
			t.Errorf("not the shell with the book inline:\n%.2000s", page.Body)
		}
	})
}

// BenchmarkUncachedBookPage is the first rendering of a book's page, the
// whole request (its data, the engine, the page), with nothing kept: the
// cache holds one page, and the requests go round the ten books. It reports the median (p50-ms) and the CPU
// time the process spent per page (cpu-ms), as the machine may be shared.
func BenchmarkUncachedBookPage(b *testing.B) {
	r, err := engine()
	if err != nil {
		b.Skip(err)
	}
	e := apitest.NewEnv(&testing.T{}, dbtest.SQLite(&testing.T{}), nil, server.WithWebApp(nil), server.WithRenderer(r), server.WithPageCache(1))
	var took []time.Duration
	cpu := cpuTime()
	n := 0
	for b.Loop() {
		n++
		start := time.Now()
		page := e.Do("GET", fmt.Sprintf("/books/%d", n%10+1), nil, "")
		took = append(took, time.Since(start))
		if page.Status != 200 || !strings.Contains(page.Body, "data-ssr") {
			b.Fatalf("%d: not rendered", page.Status)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(n), "cpu-ms")
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
}

func cpuTime() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// Issue 38 item 1: a category made in the back office is the shop's at once,
// from the server's categories: its page renders its name and books, the book
// page names and links it, /books filters by it, the sitemap lists it; an
// unknown category is the not-found page with 404.
func TestACategoryMadeInTheBackOfficeIsInTheShopAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := renderingShop(t, d)
		e.Staff("ed", auth.RoleEditor)
		e.Do("GET", "/categories/bedtime-stories", nil, "").Expect(t, 404)
		e.Do("POST", "/api/admin/categories", map[string]any{"id": "bedtime-stories", "name": "Bedtime Stories",
			"description": "Quiet tales for the end of the day."}, "ed").Expect(t, 201)
		created := e.Do("POST", "/api/admin/books", map[string]any{"title": "Moon Over the Jungle", "author": "Ada Wren",
			"description": "A bedtime story.", "priceCents": 1125, "category": "bedtime-stories", "pages": 40, "isbn": "978 1 915842 11 4",
			"publicationDate": "2026-03-01", "coverImage": "/covers/book-1.svg", "status": "published"}, "ed").Expect(t, 201).JSON(t)
		id := fmt.Sprint(created["id"])

		expectRendered := func(path string, wants ...string) {
			t.Helper()
			page := e.Do("GET", path, nil, "").Expect(t, 200)
			_, root, _ := strings.Cut(page.Body, `<div id="root" data-ssr>`)
			for _, want := range wants {
				if !strings.Contains(root, want) {
					t.Errorf("%s lacks %s:\n%.3000s", path, want, root)
				}
			}
		}
		expectRendered("/categories/bedtime-stories", ">Bedtime Stories</h1>", "Moon Over the Jungle", "1<!-- --> books found")
		expectRendered("/books/"+id, `href="/categories/bedtime-stories" data-discover="true">Bedtime Stories</a>`)
		// Issue 38 item 5: nobody rated it, so neither the page, its card nor
		// its schema.org Book shows a rating.
		for _, path := range []string{"/books/" + id, "/categories/bedtime-stories"} {
			if page := e.Do("GET", path, nil, "").Expect(t, 200).Body; strings.Contains(page, "Rated ") || strings.Contains(page, "aggregateRating") {
				t.Errorf("%s shows a rating for a book without one", path)
			}
		}
		expectRendered("/books/3", "Rated <!-- -->4.9<!-- --> out of 5")
		expectRendered("/books", `for="category-bedtime-stories"`, ">Bedtime Stories</label>")
		expectRendered("/books?category=bedtime-stories", "Moon Over the Jungle", "1<!-- --> books found")
		if sitemap := e.Do("GET", "/sitemap.xml", nil, "").Expect(t, 200).Body; !strings.Contains(sitemap, "<loc>http://shop.test/categories/bedtime-stories</loc>") {
			t.Errorf("the sitemap lacks the new category:\n%s", sitemap)
		}
		if missing := e.Do("GET", "/categories/bedtime", nil, "").Expect(t, 404); !strings.Contains(missing.Body, "Category Not Found") {
			t.Errorf("an unknown category is not rendered as not found:\n%.3000s", missing.Body)
		}
	})
}

// Issue 35: a storybook's reader is rendered for everyone with its start page,
// and never with a page beyond the free preview (Our First Adventure's
// glowing footprints are four pages in); a storybook that is not there, or
// a slug that cannot be one, is the not-found page.
func TestTheReaderIsRenderedWithTheFreeStartPageOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := renderingShop(t, d)
		page := e.Do("GET", "/read/our-first-adventure", nil, "").Expect(t, 200).Body
		for _, want := range []string{`<div id="root" data-ssr>`, `>crinkly</span>`, `Set off for the Rainbow Lake`,
			`<title>Our First Adventure — Siso &amp; Friends</title>`, `<link rel="canonical" href="http://shop.test/read/our-first-adventure">`} {
			if !strings.Contains(page, want) {
				t.Errorf("the reader's page lacks %s", want)
			}
		}
		for _, beyond := range []string{"Forty-seven", "footprints.svg"} {
			if strings.Contains(page, beyond) {
				t.Errorf("the reader's page holds %q, beyond the preview", beyond)
			}
		}
		for _, path := range []string{"/read/no-such-story", "/read/Not_A_Slug"} {
			if r := e.Do("GET", path, nil, ""); r.Status != 404 || strings.Contains(r.Body, "crinkly") {
				t.Errorf("%s: %d", path, r.Status)
			}
		}
	})
}
