package webapp

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func newApp(t *testing.T, files fstest.MapFS, exists Exists) *Handler {
	t.Helper()
	files["index.html"] = &fstest.MapFile{Data: []byte("<!doctype html><div id=root></div>")}
	h, err := NewFromFS(files, Options{Exists: exists})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestPagesOfTheManifestAreFoundOthersAre404(t *testing.T) {
	h := newApp(t, fstest.MapFS{
		"routes.json": {Data: []byte(`{"routes":["/","/books","/books/:id","/auth/google/callback"]}`)},
		"favicon.svg": {Data: []byte("<svg/>")},
	}, Exists{"/books/:id": func(id string) bool { return id == "3" }})
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
		if want == 404 && rec.Body.String() != "<!doctype html><div id=root></div>" {
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

// prerenderedApp is a build with three prerendered pages: /books/3 drawn
// from the given answers with a support-address placeholder, /cart drawn for
// visitors without the cart's cookie and /checkout drawn for those with it
// and those without; /login is drawn for settings it is not given.
func prerenderedApp(t *testing.T, drawnFrom, served map[string]json.RawMessage, fill map[string]string) *Handler {
	t.Helper()
	build, err := json.Marshal(prerenderedPages{
		Digest:  Digest(drawnFrom),
		Answers: []string{"/api/books"},
		Pages: map[string][]prerenderedPage{
			"/books/3": {{
				Head: `<link rel="preload" as="image" href="/covers/book-3.svg"/>`,
				Root: `<h1>Book three</h1><a href="mailto:support@placeholder">support@placeholder</a>`,
			}},
			"/cart": {{Root: `<p>Your cart is empty</p>`, Cookie: &cookieRule{Name: "cart_filled", Set: false}}},
			"/checkout": {
				{Root: `<p>the form</p>`, Cookie: &cookieRule{Name: "cart_filled", Set: true}},
				{Root: `<p>nothing to check out</p>`, Cookie: &cookieRule{Name: "cart_filled", Set: false}},
			},
			"/login": {
				{When: map[string]any{"google.enabled": false}, Root: `<p>Google sign-in isn't available</p>`},
				{When: map[string]any{"google.enabled": true}, Root: `<button>Sign in with Google</button>`},
			},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{
		"index.html":       {Data: []byte(`<html><head><title>t</title><script type="module" src="/a.js"></script></head><body><div id="root"><p>splash</p><!--/splash--></div></body></html>`)},
		"routes.json":      {Data: []byte(`{"routes":["/","/books/:id","/cart","/checkout","/login"],"preload":{"/books/:id":["/assets/book-1.js"]}}`)},
		"prerendered.json": {Data: build},
	}
	h, err := NewFromFS(files, Options{Inline: served, Fill: fill})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func get(h http.Handler, target string) string {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec.Body.String()
}

// A prerendered page carries the server's values, the inlined answers and
// its route's chunk names, like the plain page of its route.
func TestPrerenderedPagesAreServedWithTheServersValues(t *testing.T) {
	books := map[string]json.RawMessage{"/api/books": json.RawMessage(`[{"id":3}]`)}
	h := prerenderedApp(t, books, books, map[string]string{"support@placeholder": "help&co@siso.test"})
	if h.Prerendered() != 3 {
		t.Fatalf("Prerendered() = %d, want 3 (no settings: no drawing of /login fits)", h.Prerendered())
	}
	want := `<html><head><title>t</title><link rel="preload" as="image" href="/covers/book-3.svg"/><script type="module" src="/a.js"></script>` +
		`<meta name="app-chunks" content="/assets/book-1.js"><script id="app-data" type="application/json">{"/api/books":[{"id":3}]}</script></head><body><div id="root" data-prerendered>` +
		`<h1>Book three</h1><a href="mailto:help&amp;co@siso.test">help&amp;co@siso.test</a></div></body></html>`
	if got := get(h, "/books/3"); got != want {
		t.Errorf("GET /books/3:\n got %s\nwant %s", got, want)
	}
	// A query may change what the page draws; other paths were not prerendered.
	for _, target := range []string{"/books/3?q=tiger", "/books/4", "/"} {
		if got := get(h, target); !strings.Contains(got, "<p>splash</p>") || strings.Contains(got, "data-prerendered") {
			t.Errorf("GET %s should be the plain page, got %s", target, got)
		}
	}
	if strings.Contains(get(h, "/prerendered.json"), "Book three") {
		t.Error("prerendered.json is the server's business, not a file to serve")
	}
}

// The cart is drawn empty for visitors without the cookie its app keeps
// while the cart has books, and the checkout is drawn both ways; a visitor
// gets the drawing made for him, or the plain page where none was, and
// every answer says it depends on the cookie, so no cache mixes them up.
func TestPagesDrawnByACookie(t *testing.T) {
	books := map[string]json.RawMessage{"/api/books": json.RawMessage(`[{"id":3}]`)}
	h := prerenderedApp(t, books, books, map[string]string{"support@placeholder": "help@siso.test"})
	without := `<meta name="drawn-for-cookie" content="without cart_filled">`
	with := `<meta name="drawn-for-cookie" content="with cart_filled">`
	for _, c := range []struct {
		path, cookie, want, meta string
	}{
		{"/cart", "", "<p>Your cart is empty</p>", without},
		{"/cart", "consent=all", "<p>Your cart is empty</p>", without},
		{"/cart", "cart_filled=1", "<p>splash</p>", ""},
		{"/cart", "consent=all; cart_filled=1", "<p>splash</p>", ""},
		{"/checkout", "", "<p>nothing to check out</p>", without},
		{"/checkout", "cart_filled=1", "<p>the form</p>", with},
	} {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.cookie != "" {
			req.Header.Set("Cookie", c.cookie)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if !strings.Contains(body, c.want) || rec.Code != http.StatusOK {
			t.Errorf("%s with cookie %q: %d, want %s in %s", c.path, c.cookie, rec.Code, c.want, body)
		}
		// A drawing says whom it was drawn for, so the app draws the same; the plain page says nothing.
		if gotMeta := strings.Contains(body, "drawn-for-cookie"); gotMeta != (c.meta != "") || !strings.Contains(body, c.meta) {
			t.Errorf("%s with cookie %q: want the meta %q in %s", c.path, c.cookie, c.meta, body)
		}
		if vary := rec.Header().Values("Vary"); !slices.Contains(vary, "Cookie") {
			t.Errorf("%s with cookie %q: Vary %q lacks Cookie", c.path, c.cookie, vary)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/books/3", nil))
	if slices.Contains(rec.Header().Values("Vary"), "Cookie") {
		t.Error("/books/3 is the same for every cookie; its answer should not vary by them")
	}
}

// A page that reads a setting is drawn once per value; the server serves the one drawn with its own.
func TestThePrerenderedPageDrawnWithTheServersSettingsIsServed(t *testing.T) {
	books := map[string]json.RawMessage{"/api/books": json.RawMessage(`[{"id":3}]`)}
	for enabled, want := range map[string]string{"true": "Sign in with Google", "false": "isn't available"} {
		served := map[string]json.RawMessage{"/api/books": books["/api/books"], "/api/settings": json.RawMessage(`{"google":{"enabled":` + enabled + `}}`)}
		h := prerenderedApp(t, books, served, map[string]string{"support@placeholder": "help@siso.test"})
		if got := get(h, "/login"); !strings.Contains(got, want) {
			t.Errorf("google enabled %s: /login should say %q, got %s", enabled, want, got)
		}
	}
}

// Pages drawn from another catalogue, or with a placeholder this server
// cannot fill, would not match what the app draws: the plain pages are served.
func TestPrerenderedPagesThatDoNotFitAreNotServed(t *testing.T) {
	drawn := map[string]json.RawMessage{"/api/books": json.RawMessage(`[{"id":3}]`)}
	changed := map[string]json.RawMessage{"/api/books": json.RawMessage(`[{"id":3,"title":"new"}]`)}
	for name, h := range map[string]*Handler{
		"another catalogue":  prerenderedApp(t, drawn, changed, map[string]string{"support@placeholder": "help@siso.test"}),
		"no support address": prerenderedApp(t, drawn, drawn, map[string]string{"support@placeholder": ""}),
	} {
		if h.Prerendered() != 0 || !strings.Contains(get(h, "/books/3"), "<p>splash</p>") {
			t.Errorf("%s: the prerendered page was served", name)
		}
	}
}
