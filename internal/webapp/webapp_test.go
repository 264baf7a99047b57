package webapp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
)

func newApp(t *testing.T, files fstest.MapFS, pages Pages) *Handler {
	t.Helper()
	files["index.html"] = &fstest.MapFile{Data: []byte("<!doctype html><div id=root></div>")}
	h, err := NewFromFS(files, Options{Pages: pages})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestPagesOfTheManifestAreFoundOthersAre404(t *testing.T) {
	h := newApp(t, fstest.MapFS{
		"routes.json": {Data: []byte(`{"routes":["/","/books","/books/:id","/auth/google/callback"]}`)},
		"favicon.svg": {Data: []byte("<svg/>")},
	}, pagesFunc(func(pattern string, u *url.URL) *Page {
		return &Page{NotFound: pattern == "" || (pattern == "/books/:id" && u.Path != "/books/3")}
	}))
	for path, want := range map[string]int{
		"/":                     200,
		"/books":                200,
		"/Books/":               200,
		"/books/3":              200,
		"/books/4":              404,
		"/books/3/extra":        404,
		"/auth/google/callback": 200,
		"/auth/google":          404,
		"/nowhere":              404,
		"/favicon.svg":          200,
		"/index.html":           200,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Errorf("GET %s = %d, want %d", path, rec.Code, want)
		}
		if want == 404 && !strings.HasPrefix(rec.Body.String(), "<!doctype html><div id=root></div>") {
			t.Errorf("GET %s: the 404 should still be the app, got %q", path, rec.Body.String())
		}
	}
}

func TestA404IsNeverANotModified(t *testing.T) {
	h := newApp(t, fstest.MapFS{"routes.json": {Data: []byte(`{"routes":["/"]}`)}}, nil)
	req := httptest.NewRequest(http.MethodGet, "/nowhere", nil)
	req.Header.Set("If-None-Match", h.index.etag)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 404 {
		t.Fatalf("got %d, want 404", rec.Code)
	}
}

func TestWithoutAManifestEveryPathIsTheApp(t *testing.T) {
	h := newApp(t, fstest.MapFS{}, nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/anything/at/all", nil))
	if rec.Code != 200 {
		t.Fatalf("got %d, want 200", rec.Code)
	}
}

func TestABrokenManifestStopsTheStart(t *testing.T) {
	if _, err := NewFromFS(fstest.MapFS{"routes.json": {Data: []byte(`{not json`)}}, Options{}); err == nil {
		t.Fatal("a broken routes.json should be an error at start")
	}
}

// The installable app's files: the manifest with its own type, and the
// service worker and the manifest revalidated on each use, so a new build's
// worker is found at once; the hashed assets stay immutable.
func TestTheInstallableAppsFiles(t *testing.T) {
	h := newApp(t, fstest.MapFS{
		"sw.js":                {Data: []byte("self.skipWaiting()")},
		"manifest.webmanifest": {Data: []byte(`{"name":"Siso & Friends"}`)},
		"icons/icon-192.png":   {Data: []byte("\x89PNG\r\n\x1a\n")},
		"assets/app-1a2b.js":   {Data: []byte("export {}")},
	}, nil)
	for path, want := range map[string][2]string{
		"/sw.js":                {"text/javascript; charset=utf-8", "no-cache"},
		"/manifest.webmanifest": {"application/manifest+json", "no-cache"},
		"/icons/icon-192.png":   {"image/png", "public, max-age=3600"},
		"/assets/app-1a2b.js":   {"text/javascript; charset=utf-8", "public, max-age=31536000, immutable"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if got := [2]string{rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control")}; rec.Code != 200 || got != want {
			t.Errorf("GET %s = %d %q, want 200 %q", path, rec.Code, got, want)
		}
	}
}

// The build's own .br and .gz copies are served by Accept-Encoding, brotli
// first; they are not files of their own.
func TestPrecompressedCopiesOfTheBuild(t *testing.T) {
	js := strings.Repeat("console.log('siso');", 100)
	h := newApp(t, fstest.MapFS{
		"assets/app-1a2b.js":    {Data: []byte(js)},
		"assets/app-1a2b.js.br": {Data: []byte("brotli bytes")},
		"assets/app-1a2b.js.gz": {Data: []byte("gzip bytes")},
	}, nil)
	for accept, want := range map[string][2]string{
		"gzip, deflate, br": {"br", "brotli bytes"},
		"gzip":              {"gzip", "gzip bytes"},
		"br;q=0, gzip":      {"gzip", "gzip bytes"},
		"":                  {"", js},
	} {
		req := httptest.NewRequest("GET", "/assets/app-1a2b.js", nil)
		req.Header.Set("Accept-Encoding", accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get("Content-Encoding") != want[0] || rec.Body.String() != want[1] || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: %v %q", accept, rec.Header(), rec.Body.String()[:min(20, rec.Body.Len())])
		}
	}
	// Behind the server's gzip layer, which says Vary: Accept-Encoding first, it is said once.
	rec := httptest.NewRecorder()
	rec.Header().Add("Vary", "Accept-Encoding")
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/assets/app-1a2b.js", nil))
	if vary := rec.Header().Values("Vary"); len(vary) != 1 {
		t.Errorf("Vary %q, want Accept-Encoding once", vary)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/assets/app-1a2b.js.br", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("the .br copy is served as a file: %d", rec.Code)
	}
}

// Each route's page names its chunks for the boot script and carries the
// inlined answers, which cannot end their <script> element.
func TestPagesCarryTheirChunksAndTheInlinedAnswers(t *testing.T) {
	files := fstest.MapFS{
		"index.html":  {Data: []byte("<!doctype html><html><head><title>Shop</title></head><body><div id=root></div></body></html>")},
		"routes.json": {Data: []byte(`{"routes":["/","/books/:id"],"preload":{"/books/:id":["/assets/book-1.js","/assets/card-2.js","https://evil.example/x.js"]}}`)},
	}
	h, err := NewFromFS(files, Options{Inline: map[string]json.RawMessage{"/api/books": json.RawMessage(`[{"title":"</script><b>"}]`)}})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
	const data = `<script id="app-data" type="application/json">{"/api/books":[{"title":"\u003c/script\u003e\u003cb\u003e"}]}</script></head>`
	status, book := get("/books/3")
	if status != 200 || !strings.Contains(book, `<meta name="app-chunks" content="/assets/book-1.js /assets/card-2.js">`+data) {
		t.Errorf("/books/3: %d %s", status, book)
	}
	if strings.Contains(book, "evil.example") {
		t.Error("a preload outside /assets/ was linked")
	}
	for _, path := range []string{"/", "/nowhere", "/index.html"} {
		if _, page := get(path); !strings.Contains(page, "<title>Shop</title>"+data) || strings.Contains(page, "app-chunks") {
			t.Errorf("%s: %s", path, page)
		}
	}
}

// pagesFunc is a Pages of a function.
type pagesFunc func(pattern string, u *url.URL) *Page

func (f pagesFunc) Page(_ context.Context, pattern string, u *url.URL) (*Page, error) {
	return f(pattern, u), nil
}

// renderer is a fake engine: it renders the URL and the book it is given, and
// counts its renders; fail makes it fail.
type renderer struct {
	rendered int
	fail     bool
}

func (d *renderer) Render(_ context.Context, req RenderRequest) (Rendered, error) {
	d.rendered++
	if d.fail {
		return Rendered{}, errors.New("the engine failed")
	}
	book, _ := req.Data["/api/books/3"].(json.RawMessage)
	status := 200
	if req.URL == "/nowhere" {
		status = 404
	}
	return Rendered{HTML: "<h1>" + req.URL + "</h1>" + string(book), Head: `<link rel="preload" href="/c.svg">`, Status: status,
		Title: "Book & co", Description: `A "book"`}, nil
}

const shellIndex = `<html><head><meta name="description" content="shop"><title>Shop</title><script type="module" src="/a.js"></script></head>` +
	`<body><div id="root"><p>splash</p><!--/splash--></div></body></html>`

// shop is an app whose /books/3 is rendered from book (a pointer, so a test
// changes the data between requests), with its head tags.
func shop(t *testing.T, d Renderer, book *string) *Handler {
	t.Helper()
	files := fstest.MapFS{
		"index.html":  {Data: []byte(shellIndex)},
		"routes.json": {Data: []byte(`{"routes":["/","/books/:id","/profile"],"preload":{"/books/:id":["/assets/book-1.js"]}}`)},
	}
	pages := pagesFunc(func(pattern string, u *url.URL) *Page {
		switch pattern {
		case "/books/:id":
			if u.Path != "/books/3" {
				return &Page{NotFound: true, Responses: map[string]json.RawMessage{"/api/books/" + u.Path[7:]: nil}, URL: "/books/-"}
			}
			return &Page{Responses: map[string]json.RawMessage{"/api/books/3": json.RawMessage(*book)},
				Head: Head{Canonical: "https://shop.test/books/3", Type: "book", Image: "https://shop.test/c.png", JSONLD: map[string]any{"name": "</script>"}}}
		case "":
			return &Page{NotFound: true}
		case "/":
			return &Page{}
		}
		return nil // /profile: the browser's
	})
	h, err := NewFromFS(files, Options{Pages: pages, Renderer: d, Inline: map[string]json.RawMessage{"/api/settings": json.RawMessage(`{"dev":false}`)}})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func request(h http.Handler, target string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// A public page is rendered with its data, which it carries inline, and says
// what it is in its head: title, description, canonical link, previews, JSON-LD.
func TestAPageIsRenderedFromItsData(t *testing.T) {
	book := `{"id":3,"title":"Tigers"}`
	h := shop(t, &renderer{}, &book)
	rec := request(h, "/books/3", nil)
	body := rec.Body.String()
	for _, want := range []string{
		`<html><head><meta name="description" content="A &#34;book&#34;"><title>Book &amp; co</title><link rel="canonical" href="https://shop.test/books/3">`,
		`<meta property="og:type" content="book">`, `<meta property="og:image" content="https://shop.test/c.png">`,
		`<meta name="twitter:card" content="summary_large_image">`,
		`<link rel="preload" href="/c.svg"><script type="module" src="/a.js"></script><meta name="app-chunks" content="/assets/book-1.js">`,
		`<script id="app-data" type="application/json">{"/api/books/3":{"id":3,"title":"Tigers"},"/api/settings":{"dev":false}}</script>`,
		`<script type="application/ld+json">{"name":"\u003c/script\u003e"}</script></head>`,
		`<body><div id="root" data-ssr><h1>/books/3</h1>{"id":3,"title":"Tigers"}</div></body></html>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s:\n%s", want, body)
		}
	}
	if rec.Code != 200 || strings.Contains(body, "splash") || rec.Header().Get("ETag") == "" || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("%d %v", rec.Code, rec.Header())
	}
}

// A rendered page is kept while its data is the same, and answers a
// revalidation with 304; a change of its data renders it again.
func TestARenderedPageIsKeptWhileItsDataHolds(t *testing.T) {
	book := `{"id":3,"title":"Tigers"}`
	d := &renderer{}
	h := shop(t, d, &book)
	first := request(h, "/books/3", nil)
	again := request(h, "/books/3", nil)
	if d.rendered != 1 || again.Body.String() != first.Body.String() {
		t.Fatalf("rendered %d times for two requests of the same data", d.rendered)
	}
	if rec := request(h, "/books/3", map[string]string{"If-None-Match": first.Header().Get("ETag")}); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("revalidation: %d, %d bytes", rec.Code, rec.Body.Len())
	}
	book = `{"id":3,"title":"Lions"}`
	rec := request(h, "/books/3", map[string]string{"If-None-Match": first.Header().Get("ETag")})
	if rec.Code != 200 || d.rendered != 2 || !strings.Contains(rec.Body.String(), "Lions") || rec.Header().Get("ETag") == first.Header().Get("ETag") {
		t.Errorf("after the change: %d, rendered %d times, ETag %s", rec.Code, d.rendered, rec.Header().Get("ETag"))
	}
	gz := request(h, "/books/3", map[string]string{"Accept-Encoding": "gzip"})
	if gz.Header().Get("Content-Encoding") != "gzip" || d.rendered != 2 {
		t.Errorf("gzip: %v, rendered %d times", gz.Header(), d.rendered)
	}
}

// A record that does not exist, and a path of no route, are the app's
// not-found, rendered, with 404; the null tells the app the API's 404.
func TestNotFoundPagesAre404(t *testing.T) {
	book := `{}`
	h := shop(t, &renderer{}, &book)
	for path, renderedAt := range map[string]string{"/books/4": "/books/-", "/nowhere": "/nowhere"} {
		rec := request(h, path, nil)
		if rec.Code != 404 || !strings.Contains(rec.Body.String(), "<h1>"+renderedAt+"</h1>") {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Body.String())
		}
	}
	if body := request(h, "/books/4", nil).Body.String(); !strings.Contains(body, `"/api/books/4":null`) {
		t.Errorf("the 404 is not inlined: %s", body)
	}
}

// Issue 27, "At scale": unknown ids render the not-found page once, not once
// each (a visitor or a bot could make the server render without end), and
// push no rendered page out of the cache; each still carries its own 404 for
// the app's first render. A change of the data it is rendered from renders it again.
func TestUnknownRecordsShareOneNotFoundRender(t *testing.T) {
	book := `{"id":3,"title":"Tigers"}`
	d := &renderer{}
	h := shop(t, d, &book)
	request(h, "/books/3", nil)
	for id := 100; id < 150; id++ {
		path := fmt.Sprintf("/books/%d", id)
		rec := request(h, path, nil)
		if body := rec.Body.String(); rec.Code != 404 || !strings.Contains(body, "<h1>/books/-</h1>") ||
			!strings.Contains(body, fmt.Sprintf(`"/api/books/%d":null`, id)) || strings.Contains(body, `"/api/books/99":null`) {
			t.Fatalf("%s: %d %s", path, rec.Code, body)
		}
	}
	if d.rendered != 2 {
		t.Errorf("rendered %d times for a book and 50 unknown ids, want 2", d.rendered)
	}
	if h.cache.order.Len() != 2 {
		t.Errorf("%d pages kept, want the book's and the one not-found rendering", h.cache.order.Len())
	}
	h.inline["/api/settings"] = json.RawMessage(`{"dev":true}`)
	request(h, "/books/100", nil)
	request(h, "/books/101", nil)
	if d.rendered != 3 {
		t.Errorf("rendered %d times after a change of the data, want 3", d.rendered)
	}
}

// Issue 27, "At scale": the rendered pages kept stay within their bound in
// bytes, the least recently used going first; a page pushed out is rendered
// again when asked for.
func TestKeptPagesStayWithinTheirBound(t *testing.T) {
	d := &renderer{}
	files := fstest.MapFS{"index.html": {Data: []byte(shellIndex)}, "routes.json": {Data: []byte(`{"routes":["/books/:id"]}`)}}
	pages := pagesFunc(func(_ string, u *url.URL) *Page {
		return &Page{Responses: map[string]json.RawMessage{"/api" + u.Path: json.RawMessage(`{"title":"` + strings.Repeat("x", 2000) + `"}`)}}
	})
	h, err := NewFromFS(files, Options{Renderer: d, Pages: pages, CacheBytes: 20_000})
	if err != nil {
		t.Fatal(err)
	}
	for id := range 40 {
		request(h, fmt.Sprintf("/books/%d", id), nil)
		if h.cache.size > h.cache.max {
			t.Fatalf("after %d pages: %d bytes kept, over the bound of %d", id+1, h.cache.size, h.cache.max)
		}
	}
	kept := h.cache.order.Len()
	if kept < 2 || kept > 10 {
		t.Errorf("%d pages kept", kept)
	}
	request(h, "/books/39", nil) // the last one: kept
	if d.rendered != 40 {
		t.Errorf("rendered %d times, want the last page kept", d.rendered)
	}
	request(h, "/books/0", nil) // the first one: pushed out long ago
	if d.rendered != 41 {
		t.Errorf("rendered %d times, want the first page rendered again", d.rendered)
	}
}

// When the engine fails, the page is the app's plain page with its data:
// the browser renders it. It is not kept, so the next request tries again.
func TestAPageTheEngineCannotRenderIsTheBrowsers(t *testing.T) {
	book := `{"id":3}`
	d := &renderer{fail: true}
	h := shop(t, d, &book)
	rec := request(h, "/books/3", nil)
	body := rec.Body.String()
	if rec.Code != 200 || !strings.Contains(body, "<p>splash</p>") || !strings.Contains(body, `"/api/books/3":{"id":3}`) ||
		!strings.Contains(body, `<title>Shop</title><link rel="canonical"`) || strings.Contains(body, "data-ssr") {
		t.Fatalf("%d %s", rec.Code, body)
	}
	request(h, "/books/3", nil)
	if d.rendered != 2 {
		t.Errorf("rendered %d times, want a new try per request", d.rendered)
	}
}

// A page Pages does not list (the signed-in area) is never rendered.
func TestAPrivatePageIsNotRendered(t *testing.T) {
	d := &renderer{}
	book := `{}`
	rec := request(shop(t, d, &book), "/profile", nil)
	if rec.Code != 200 || d.rendered != 0 || !strings.Contains(rec.Body.String(), "<p>splash</p>") {
		t.Errorf("%d, rendered %d", rec.Code, d.rendered)
	}
}

// A page rendered by the cart's cookie is rendered apart for visitors with it and
// without it, and says which; with PlainWithCookie those with it get the
// plain page.
func TestPagesRenderedByACookie(t *testing.T) {
	d := &renderer{}
	files := fstest.MapFS{"index.html": {Data: []byte(shellIndex)}, "routes.json": {Data: []byte(`{"routes":["/cart","/checkout"]}`)}}
	h, err := NewFromFS(files, Options{Renderer: d, Pages: pagesFunc(func(pattern string, _ *url.URL) *Page {
		return &Page{Cookie: "cart_filled", PlainWithCookie: pattern == "/cart"}
	})})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, cookie, meta string
		rendered           bool
	}{
		{"/cart", "", `<meta name="ssr-for-cookie" content="without cart_filled">`, true},
		{"/cart", "cart_filled=1", "", false},
		{"/checkout", "", `<meta name="ssr-for-cookie" content="without cart_filled">`, true},
		{"/checkout", "cart_filled=1", `<meta name="ssr-for-cookie" content="with cart_filled">`, true},
	} {
		rec := request(h, c.path, map[string]string{"Cookie": c.cookie})
		body := rec.Body.String()
		if strings.Contains(body, "data-ssr") != c.rendered || !strings.Contains(body, c.meta) || rec.Header().Get("Vary") != "Cookie" {
			t.Errorf("%s with %q: %v %s", c.path, c.cookie, rec.Header(), body)
		}
	}
}

// A page rendered at a URL of its own (Page.URL: what it reads of the
// request's) is rendered once for every request URL that differs only in
// what it does not read, under one ETag.
func TestURLsThatDifferInWhatThePageIgnoresShareARender(t *testing.T) {
	d := &renderer{}
	files := fstest.MapFS{"index.html": {Data: []byte(shellIndex)}, "routes.json": {Data: []byte(`{"routes":["/books"]}`)}}
	h, err := NewFromFS(files, Options{Renderer: d, Pages: pagesFunc(func(_ string, u *url.URL) *Page {
		return &Page{URL: u.Path + "?q=" + u.Query().Get("q")}
	})})
	if err != nil {
		t.Fatal(err)
	}
	first := request(h, "/books?q=moon&utm_source=news", nil)
	again := request(h, "/books?a=random&q=moon", nil)
	if d.rendered != 1 || again.Body.String() != first.Body.String() || !strings.Contains(first.Body.String(), "<h1>/books?q=moon</h1>") {
		t.Fatalf("rendered %d times:\n%s", d.rendered, again.Body.String())
	}
	if rec := request(h, "/books?q=moon&x=1", map[string]string{"If-None-Match": first.Header().Get("ETag")}); rec.Code != http.StatusNotModified {
		t.Errorf("revalidation with another ignored parameter: %d", rec.Code)
	}
	if rec := request(h, "/books?q=sun&utm_source=news", nil); d.rendered != 2 || !strings.Contains(rec.Body.String(), "<h1>/books?q=sun</h1>") {
		t.Errorf("another search: rendered %d times", d.rendered)
	}
}
