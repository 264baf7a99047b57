package webapp

import (
	"bytes"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/singleflight"
)

// The public pages are rendered when they are asked for: the app's own
// components, run by the server (internal/render), with the data of that
// moment (Pages), put inside the page's root so a phone paints the page from
// the HTML alone, before any script has loaded; the app then hydrates it
// (web/src/main.tsx) from the same data, inlined into the page. A rendered page
// is kept while what it was rendered from is the same (its tag, which is also
// its ETag): a change in the back office shows on the next request.

// Pages says what the public pages are rendered from (internal/server/pages.go).
type Pages interface {
	// Page is what the page at u is rendered from; pattern is its route
	// ("/books/:id"), or "" for a path of no route (the not-found page).
	// nil: a page only the browser renders (the signed-in area).
	Page(ctx context.Context, pattern string, u *url.URL) (*Page, error)
}

// Renderer renders a page: internal/render's Renderer, wired by internal/server.
type Renderer interface {
	Render(ctx context.Context, d RenderRequest) (Rendered, error)
}

// RenderRequest is one page to render: its path and query, the API responses it
// reads by path, and, when it reads one, the visitor's cookie.
type RenderRequest struct {
	URL    string
	Data   map[string]any
	Cookie *Cookie
}

// Cookie is a cookie a page is rendered for: the visitors who have it set (Set)
// or who have not.
type Cookie struct {
	Name string
	Set  bool
}

// Rendered is a page as the app's first render makes it: HTML for its root,
// the preloads for its head, its status (404 for the not-found page), title
// and description.
type Rendered struct {
	HTML, Head         string
	Status             int
	Title, Description string
}

// Page is what one page is rendered from.
type Page struct {
	// NotFound: the path names no record (an archived book, an unknown
	// post). The page renders its own not-found and responds 404.
	NotFound bool
	// Responses are the API responses the page reads, by path
	// ("/api/books/3"): given to the rendering, and inlined into the page for
	// the app's first render. A nil one is a 404 (the app shows its not-found).
	Responses map[string]json.RawMessage
	// Head is what the page says of itself to search engines and link
	// previews, beside its title (head.go).
	Head Head
	// Cookie names a cookie the page's first render reads (the cart's):
	// the page is rendered apart for the visitors with it and those without.
	// With PlainWithCookie, those with it get the app's plain page.
	Cookie          string
	PlainWithCookie bool
	// URL is the URL the page is rendered at and kept under when the page
	// reads less of the request's URL than all of it (only some parameters,
	// or nothing of an unknown path): other URLs that differ only in what
	// it does not read share one rendering. A not-found page's URL names no
	// record, so that every unknown id shares its rendering (notFound).
	// Empty: the request's URL.
	URL string
}

// defaultCacheBytes bounds the rendered pages kept: a book's page is about
// 100 KB and its gzip form 20 KB, so some 130 of them; the others are rendered
// again. The process's memory stays within its budget with the engine's VMs.
const defaultCacheBytes = 16 << 20

// servePage serves the page at r's path: rendered, or the app's plain page.
func (h *Handler) servePage(w http.ResponseWriter, r *http.Request) {
	rt, found := h.routeFor(r.URL.Path)
	pattern := ""
	if rt != nil {
		pattern = rt.pattern
	}
	plain := h.index
	if rt != nil {
		plain = rt.page
	}
	status := http.StatusOK
	if !found {
		status = http.StatusNotFound
	}
	if h.pages == nil || (rt == nil && found) {
		serve(w, r, plain, status)
		return
	}
	p, err := h.pages.Page(r.Context(), pattern, r.URL)
	if err != nil {
		slog.ErrorContext(r.Context(), "webapp: the data of a page", "path", r.URL.Path, "err", err)
	}
	if p == nil {
		serve(w, r, plain, status)
		return
	}
	if p.NotFound {
		status = http.StatusNotFound
	}
	var cookie *Cookie
	if p.Cookie != "" {
		w.Header().Add("Vary", "Cookie")
		_, err := r.Cookie(p.Cookie)
		cookie = &Cookie{Name: p.Cookie, Set: err == nil}
		if cookie.Set && p.PlainWithCookie {
			serve(w, r, plain, status)
			return
		}
	}
	var chunks []byte
	if rt != nil {
		chunks = rt.chunks
	}
	at := r.URL.RequestURI()
	if p.URL != "" {
		at = p.URL
	}
	d := job{url: at, page: p, cookie: cookie, chunks: chunks}
	d.tag = h.tag(d)
	if status == http.StatusOK && strings.Contains(r.Header.Get("If-None-Match"), d.tag) {
		serve(w, r, &file{etag: d.tag, contentType: "text/html; charset=utf-8", cacheControl: "no-cache"}, status)
		return
	}
	var f *file
	var renderedStatus int
	if p.NotFound {
		f, renderedStatus = h.notFound(r.Context(), d)
	} else {
		f, renderedStatus = h.rendered(r.Context(), d)
	}
	if renderedStatus == http.StatusNotFound {
		status = renderedStatus
	}
	serve(w, r, f, status)
}

// job is one page to render, and the tag of what it is rendered from.
type job struct {
	url    string
	page   *Page
	cookie *Cookie
	chunks []byte
	tag    string
}

// key names the renders of one URL for one kind of visitor in the cache.
func (d job) key() string {
	if d.cookie == nil {
		return d.url
	}
	return fmt.Sprintf("%s\x00%s=%t", d.url, d.cookie.Name, d.cookie.Set)
}

// tag is the entity tag of a rendering: the build, the URL, the visitor's
// kind and every byte the page is rendered from (the settings too, which a
// restart may change) make it.
func (h *Handler) tag(d job) string {
	sum := sha256.New()
	fmt.Fprintf(sum, "%s\x00%s\x00%s\x00", h.index.etag, d.url, d.key())
	for _, responses := range []map[string]json.RawMessage{h.inline, d.page.Responses} {
		for _, path := range slices.Sorted(maps.Keys(responses)) {
			fmt.Fprintf(sum, "%s\x00%s\x00", path, responses[path])
		}
	}
	head, _ := json.Marshal(d.page.Head)
	sum.Write(head)
	fmt.Fprintf(sum, "\x00%t", d.page.NotFound)
	return `"p` + base64.RawURLEncoding.EncodeToString(sum.Sum(nil)[:18]) + `"`
}

// rendered is the page of d, from the cache or rendered now (once, however many
// ask at the same moment), and its status as rendered (404 for the not-found
// page). A page the engine could not render is the app's plain page with the
// data inlined: the browser renders it.
func (h *Handler) rendered(ctx context.Context, d job) (*file, int) {
	c := h.kept(ctx, d)
	return c.file, c.status
}

func (h *Handler) kept(ctx context.Context, d job) *cached {
	c, ok := h.cache.get(d.key(), d.tag)
	if h.looked != nil {
		h.looked(ok)
	}
	if ok {
		return c
	}
	v, _, _ := h.cache.flight.Do(d.key()+d.tag, func() (any, error) {
		c := h.render(context.WithoutCancel(ctx), d)
		if c.keep {
			h.cache.put(d.key(), d.tag, c)
		}
		return c, nil
	})
	return v.(*cached)
}

// notFound is the not-found page of d, rendered once however many records are
// not there: the rendering is made at d's URL (which the server spells with
// no id, Page.URL) from d's responses but the nil ones (the 404s of the
// record asked for), and kept; the page served carries all of d's
// responses, so the app's first render makes the same not-found. The page
// itself is made for each request and not kept, so a stream of unknown ids
// pushes no rendered page out of the cache.
func (h *Handler) notFound(ctx context.Context, d job) (*file, int) {
	found := make(map[string]json.RawMessage, len(d.page.Responses))
	for path, body := range d.page.Responses {
		if body != nil {
			found[path] = body
		}
	}
	if len(found) == len(d.page.Responses) { // nothing of the request's own: its page is the rendering's
		return h.rendered(ctx, d)
	}
	shared := d
	shared.page = &Page{NotFound: true, Responses: found, Head: d.page.Head}
	shared.tag = h.tag(shared)
	rendered := h.kept(ctx, shared)
	c := h.assemble(ctx, d, rendered.rendered)
	return c.file, c.status
}

func (h *Handler) render(ctx context.Context, d job) *cached {
	var rendered *Rendered
	if h.renderer != nil && h.shell.ok {
		page, err := h.renderer.Render(ctx, RenderRequest{URL: d.url, Data: h.data(d), Cookie: d.cookie})
		if err != nil {
			slog.ErrorContext(ctx, "webapp: rendering the page failed; the browser renders it", "url", d.url, "err", err)
		} else {
			rendered = &page
		}
	}
	c := h.assemble(ctx, d, rendered)
	c.file.gzip() // once, before it is shared
	c.keep = rendered != nil || h.renderer == nil || !h.shell.ok
	if !d.page.NotFound {
		c.rendered = nil // only a not-found rendering is made into other pages (notFound)
	}
	return c
}

// responses are what a page of d carries for the app's first render: the
// server's inlined answers and the page's responses, by path.
func (h *Handler) responses(d job) map[string]json.RawMessage {
	inline := maps.Clone(h.inline)
	if inline == nil {
		inline = map[string]json.RawMessage{}
	}
	maps.Copy(inline, d.page.Responses)
	return inline
}

// data is responses as the engine takes them.
func (h *Handler) data(d job) map[string]any {
	inline := h.responses(d)
	data := make(map[string]any, len(inline))
	for path, body := range inline {
		data[path] = body
	}
	return data
}

// assemble makes the page of d around rendered (nil: the app's plain page with
// d's data, which the browser renders).
func (h *Handler) assemble(ctx context.Context, d job, rendered *Rendered) *cached {
	script, err := inlineScript(h.responses(d))
	if err != nil { // a response that is not JSON: the server's own bug
		slog.ErrorContext(ctx, "webapp: inline the page's data", "url", d.url, "err", err)
		return &cached{file: h.index, status: http.StatusOK}
	}
	extra := slices.Concat(d.chunks, cookieMeta(d.cookie), script, d.page.Head.jsonLD())
	f := newFile("index.html", h.shell.page(rendered, d.page.Head, extra), nil, nil)
	f.etag, f.quick = d.tag, true
	c := &cached{file: f, status: http.StatusOK, rendered: rendered}
	if rendered != nil && rendered.Status == http.StatusNotFound {
		c.status = http.StatusNotFound
	}
	return c
}

// cookieMeta tells the app which visitors the page was rendered for, so its
// first render makes the same (web/src/lib/render-env.ts, renderedForCookie).
func cookieMeta(c *Cookie) []byte {
	if c == nil {
		return nil
	}
	who := "without"
	if c.Set {
		who = "with"
	}
	return fmt.Appendf(nil, `<meta name="ssr-for-cookie" content="%s %s">`, who, html.EscapeString(c.Name))
}

// shell is index.html cut where a rendered page puts its own parts: its title
// and description, the preloads ahead of the scripts, the data at the end of
// the head, and the rendering instead of the splash.
type shell struct {
	ok                                                           bool
	index                                                        []byte
	metaStart, metaEnd, firstScript, headEnd, rootStart, rootEnd int
}

var (
	descriptionStart = []byte(`<meta name="description"`)
	titleEnd         = []byte(`</title>`)
	firstScript      = []byte(`<script`)
	headClose        = []byte(`</head>`)
	rootStart        = []byte(`<div id="root">`)
	splashEnd        = []byte(`<!--/splash--></div>`)
)

// parseShell finds the parts of index.html; without them (a test's tiny
// app), no page is rendered and each is the plain page with its data.
func parseShell(index []byte) shell {
	s := shell{index: index, metaStart: bytes.Index(index, descriptionStart), firstScript: bytes.Index(index, firstScript),
		headEnd: bytes.Index(index, headClose), rootStart: bytes.Index(index, rootStart), rootEnd: bytes.Index(index, splashEnd)}
	s.metaEnd = bytes.Index(index, titleEnd)
	if s.metaEnd >= 0 {
		s.metaEnd += len(titleEnd)
	}
	s.ok = 0 <= s.metaStart && s.metaStart < s.metaEnd && s.metaEnd <= s.firstScript && s.firstScript < s.headEnd &&
		s.headEnd < s.rootStart && s.rootStart < s.rootEnd
	if s.rootEnd >= 0 {
		s.rootEnd += len(splashEnd)
	}
	return s
}

// page is index.html as parts (sharing its bytes): with the rendering, its
// title, description and head tags, or, without one, the splash and
// extra alone. extra goes at the end of the head.
func (s shell) page(rendered *Rendered, head Head, extra []byte) [][]byte {
	at := bytes.Index(s.index, headClose)
	if !s.ok {
		if at < 0 {
			at = 0
		}
		return [][]byte{s.index[:at], extra, s.index[at:]}
	}
	if rendered == nil {
		return [][]byte{s.index[:s.metaEnd], head.tags("", ""), s.index[s.metaEnd:s.headEnd], extra, s.index[s.headEnd:]}
	}
	return [][]byte{
		s.index[:s.metaStart], head.tags(rendered.Title, rendered.Description), s.index[s.metaEnd:s.firstScript],
		[]byte(rendered.Head), s.index[s.firstScript:s.headEnd], extra, s.index[s.headEnd:s.rootStart],
		[]byte(`<div id="root" data-ssr>`), []byte(rendered.HTML), []byte(`</div>`), s.index[s.rootEnd:],
	}
}

// pageCache keeps rendered pages by URL and kind of visitor, each with the tag
// of what it was rendered from; one rendered from older data is replaced. The
// least recently used go first when the pages exceed max bytes.
type pageCache struct {
	flight singleflight.Group

	mu    sync.Mutex
	max   int
	size  int
	order *list.List // of *cached, most recently used first
	byKey map[string]*list.Element
}

type cached struct {
	key, tag string
	file     *file
	rendered *Rendered // nil: the engine did not render it
	status   int
	keep     bool // false: the engine failed; rendered again next time
}

func newPageCache(max int) *pageCache {
	if max <= 0 {
		max = defaultCacheBytes
	}
	return &pageCache{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *cached) bytes() int {
	n := c.file.size + len(c.file.gzipped) + len(c.key)
	if c.rendered != nil {
		n += len(c.rendered.HTML) + len(c.rendered.Head)
	}
	return n
}

func (p *pageCache) get(key, tag string) (*cached, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	e, ok := p.byKey[key]
	if !ok || e.Value.(*cached).tag != tag {
		return nil, false
	}
	p.order.MoveToFront(e)
	return e.Value.(*cached), true
}

func (p *pageCache) put(key, tag string, c *cached) {
	c.key, c.tag = key, tag
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.byKey[key]; ok {
		p.size -= e.Value.(*cached).bytes()
		p.order.Remove(e)
	}
	p.byKey[key] = p.order.PushFront(c)
	p.size += c.bytes()
	for p.size > p.max && p.order.Len() > 1 {
		last := p.order.Back()
		old := last.Value.(*cached)
		p.order.Remove(last)
		delete(p.byKey, old.key)
		p.size -= old.bytes()
	}
}
