// Package webapp serves the built React app embedded in the binary. Files are
// read and gzip-compressed once at start, so a request only copies bytes.
// Paths that are not files get index.html, so deep links work on reload;
// a path that is none of the app's routes (or names a record that does not
// exist, such as an unknown book) gets the not-found page with status 404.
//
// Each route pattern gets its own copy of index.html, made at start: it
// names the route's chunks (from the build's routes.json) for the boot
// script to fetch and carries the answers the server inlines (Options.Inline),
// so a first visit fetches the page's code with the entry's and renders
// without waiting for its data. The public pages are rendered when they are
// asked for, from the data of that moment, and kept while it holds (pages.go).
package webapp

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"

	"bookshop/internal/httpx"
)

//go:embed all:dist
var dist embed.FS

type file struct {
	// body is the file in parts, written one after the other: the pages
	// share index.html's bytes instead of each holding a copy (page).
	body         [][]byte
	size         int
	brotli       []byte
	contentType  string
	etag         string
	cacheControl string

	// gzipped is the build's .gz copy, or made from body on first use (not
	// at start: the route pages are many, and start-up should stay quick).
	gzipped  []byte
	gzipOnce sync.Once
	compress bool // whether gzipOnce should compress body
	// quick compresses at gzip's default level rather than its best: a page
	// rendered per request, where the best level would cost three times the time
	// for half a percent of its size.
	quick bool
}

// Handler serves the app.
type Handler struct {
	files  map[string]*file
	index  *file   // the page for paths of no route: index.html with the inlined answers
	routes []route // nil: a build without routes.json, where every path is the app

	// The public pages rendered at run time (pages.go).
	pages    Pages
	renderer Renderer
	shell    shell
	inline   map[string]json.RawMessage
	cache    *pageCache
	looked   func(hit bool) // Options.CacheLookups
}

// Options are what the server adds to the app.
type Options struct {
	// Inline holds JSON answers of GET routes by path ("/api/settings"), put
	// into every page as <script id="app-data" type="application/json">;
	// the app uses each once instead of fetching it (web/src/lib/inline-data.ts).
	Inline map[string]json.RawMessage
	// Pages says what each public page is rendered from, and Renderer renders it
	// (internal/render). Without Pages every page is the app's plain page;
	// without Renderer a public page is that page with its data inlined.
	Pages    Pages
	Renderer Renderer
	// CacheBytes bounds the rendered pages kept (default 16 MiB).
	CacheBytes int
	// CacheLookups, when set, is told whether each lookup of a rendered page
	// in the cache found it (the metrics).
	CacheLookups func(hit bool)
}

// route is one pattern of the app, split into segments (":id" matches any
// one), with its own copy of index.html.
type route struct {
	pattern  string
	segments []string
	page     *file
	chunks   []byte // the meta element naming the route's chunks (chunksMeta)
}

// The installable app (web/vite.config.ts, vite-plugin-pwa): its service
// worker, which must be served from the root to control every page, and its
// web app manifest.
const (
	serviceWorkerFile = "sw.js"
	appManifestFile   = "manifest.webmanifest"
)

func init() {
	// Go's own table has no .webmanifest, and /etc/mime.types may not either.
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// routesFile is written by the web build (web/vite.config.ts) from
// web/src/config/paths.ts, the one list of the app's routes.
const routesFile = "routes.json"

// New loads the embedded build. Without a build (dist holds only .keep) it
// serves a short page that says how to build, instead of failing to start.
func New(opts Options) (*Handler, error) {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil, err
	}
	return NewFromFS(sub, opts)
}

// NewFromFS loads an app build from any file system (tests use fstest).
func NewFromFS(fsys fs.FS, opts Options) (*Handler, error) {
	h := &Handler{files: map[string]*file{}, pages: opts.Pages, renderer: opts.Renderer, inline: opts.Inline, cache: newPageCache(opts.CacheBytes), looked: opts.CacheLookups}
	raw := map[string][]byte{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(path.Base(p), ".") {
			return err
		}
		raw[p], err = fs.ReadFile(fsys, p)
		return err
	})
	if err != nil {
		return nil, err
	}
	for p, body := range raw {
		if isCompressedCopy(p, raw) {
			continue
		}
		h.files["/"+p] = newFile(p, [][]byte{body}, raw[p+".gz"], raw[p+".br"])
	}
	index := []byte(notBuiltPage)
	if f, ok := h.files["/index.html"]; ok {
		index = f.body[0]
	}
	inline, err := inlineScript(opts.Inline)
	if err != nil {
		return nil, err
	}
	h.index = newPage(index, nil, inline)
	h.shell = parseShell(index)
	if manifest, ok := h.files["/"+routesFile]; ok {
		routes, err := parseRoutes(manifest.body[0], index, inline)
		if err != nil {
			return nil, err
		}
		h.routes = routes
		delete(h.files, "/"+routesFile) // the server's business, not the browser's
	}
	return h, nil
}

func parseRoutes(body, index, inline []byte) ([]route, error) {
	var manifest struct {
		Routes  []string            `json:"routes"`
		Preload map[string][]string `json:"preload"`
	}
	if err := json.Unmarshal(body, &manifest); err != nil {
		return nil, fmt.Errorf("webapp: %s: %w", routesFile, err)
	}
	routes := make([]route, 0, len(manifest.Routes))
	for _, p := range manifest.Routes {
		chunks := chunksMeta(manifest.Preload[p])
		routes = append(routes, route{pattern: p, segments: segments(p), page: newPage(index, chunks, inline), chunks: chunks})
	}
	return routes, nil
}

// inlineScript is the <script> element that carries the inlined answers.
// encoding/json escapes <, > and & in it, so no answer can end the element.
func inlineScript(answers map[string]json.RawMessage) ([]byte, error) {
	if len(answers) == 0 {
		return nil, nil
	}
	body, err := json.Marshal(answers)
	if err != nil {
		return nil, fmt.Errorf("webapp: inline answers: %w", err)
	}
	return fmt.Appendf(nil, `<script id="app-data" type="application/json">%s</script>`, body), nil
}

// newPage is index.html for one route: the meta element naming its chunks
// (chunksMeta) and the inline answers, added at the end of the head.
func newPage(index, chunks, inline []byte) *file {
	at := bytes.Index(index, []byte("</head>"))
	if at < 0 {
		at = 0
	}
	return newFile("index.html", [][]byte{index[:at], chunks, inline, index[at:]}, nil, nil)
}

// chunksMeta names a route's chunks in a meta element rather than as
// modulepreload links: the boot script (web/src/boot.ts) fetches them once
// the page has painted, so on a slow network the first paint is not kept
// waiting behind the app's code.
func chunksMeta(preload []string) []byte {
	var chunks []string
	for _, href := range preload {
		if strings.HasPrefix(href, "/assets/") && !strings.ContainsAny(href, `" <>`) {
			chunks = append(chunks, href)
		}
	}
	if len(chunks) == 0 {
		return nil
	}
	return fmt.Appendf(nil, `<meta name="app-chunks" content="%s">`, strings.Join(chunks, " "))
}

func segments(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// routeFor is the route of urlPath (nil without a routes manifest, found
// then) and whether the app has a page there.
// Has tells whether the build has a static file at the path
// ("/illustrations/siso.svg"), which a storybook's page may show.
func (h *Handler) Has(urlPath string) bool {
	_, ok := h.files[urlPath]
	return ok
}

// RouteOf names what serves urlPath, for the metrics' route label: "static"
// for the build's files, "page " and the app's pattern for a page
// ("page /books/:id"), "page" in a build without routes, and "page (none)"
// for a path of no page. Never the path itself: any path can be asked for.
func (h *Handler) RouteOf(urlPath string) string {
	if _, ok := h.files[urlPath]; ok || strings.HasPrefix(urlPath, "/assets/") {
		return "static"
	}
	switch rt, found := h.routeFor(urlPath); {
	case rt != nil:
		return "page " + rt.pattern
	case found:
		return "page"
	}
	return "page (none)"
}

func (h *Handler) routeFor(urlPath string) (*route, bool) {
	if h.routes == nil {
		return nil, true
	}
	got := segments(urlPath)
	for i := range h.routes {
		r := &h.routes[i]
		if _, ok := match(r.segments, got); ok {
			return r, true
		}
	}
	return nil, false
}

// match compares path segments with a pattern's; it returns the segment that
// stood for ":id", if any. Matching is case-insensitive, as React Router's is.
func match(pattern, got []string) (id string, ok bool) {
	if len(pattern) != len(got) {
		return "", false
	}
	for i, seg := range pattern {
		switch {
		case strings.HasPrefix(seg, ":"):
			if got[i] == "" {
				return "", false
			}
			id = got[i]
		case !strings.EqualFold(seg, got[i]):
			return "", false
		}
	}
	return id, true
}

// isCompressedCopy tells whether p is the build's .gz or .br copy of another
// file, served only as that file's encoding.
func isCompressedCopy(p string, raw map[string][]byte) bool {
	for _, ext := range []string{".gz", ".br"} {
		if orig, ok := strings.CutSuffix(p, ext); ok {
			if _, exists := raw[orig]; exists {
				return true
			}
		}
	}
	return false
}

// newFile prepares a file of the build; gz and br are its compressed copies
// from the build, if any.
func newFile(p string, body [][]byte, gz, br []byte) *file {
	sum := sha256.New()
	size := 0
	for _, part := range body {
		sum.Write(part)
		size += len(part)
	}
	f := &file{
		body:        body,
		size:        size,
		contentType: mime.TypeByExtension(path.Ext(p)),
		etag:        `"` + hex.EncodeToString(sum.Sum(nil)[:8]) + `"`,
	}
	if f.contentType == "" {
		f.contentType = http.DetectContentType(body[0])
	}
	switch {
	case p == "index.html", p == serviceWorkerFile, p == appManifestFile:
		// The service worker and the manifest name the build's files and
		// must change with it: each use asks whether they did (a 304).
		f.cacheControl = "no-cache"
	case strings.HasPrefix(p, "assets/"):
		// Vite puts a content hash in every file name under assets/.
		f.cacheControl = "public, max-age=31536000, immutable"
	default:
		f.cacheControl = "public, max-age=3600"
	}
	if len(gz) > 0 && len(gz) < size {
		f.gzipped = gz
	} else {
		f.compress = compressible(f.contentType) && size > 512
	}
	if len(br) > 0 && len(br) < size {
		f.brotli = br
	}
	return f
}

// gzip returns the gzip form of the body, or nil when there is none worth
// sending; it compresses once, on the first request that needs it.
func (f *file) gzip() []byte {
	f.gzipOnce.Do(func() {
		if !f.compress {
			return
		}
		var buf bytes.Buffer
		level := gzip.BestCompression
		if f.quick {
			level = gzip.DefaultCompression
		}
		zw, _ := gzip.NewWriterLevel(&buf, level)
		for _, part := range f.body {
			_, _ = zw.Write(part)
		}
		_ = zw.Close()
		if buf.Len() < f.size {
			f.gzipped = buf.Bytes()
		}
	})
	return f.gzipped
}

func compressible(contentType string) bool {
	for _, prefix := range []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(contentType, prefix) {
			return true
		}
	}
	return false
}

// ServeHTTP serves a file of the build, or a page of the app (pages.go). A
// missing asset (an old hashed name) is a real 404, not the app. A path that
// is no page of the app gets the app's not-found page with status 404, so
// crawlers and link checkers see it.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, ok := h.files[r.URL.Path]
	switch {
	case r.URL.Path == "/index.html":
		serve(w, r, h.index, http.StatusOK)
	case !ok && strings.HasPrefix(r.URL.Path, "/assets/"):
		http.NotFound(w, r)
	case !ok:
		h.servePage(w, r)
	default:
		serve(w, r, f, http.StatusOK)
	}
}

func serve(w http.ResponseWriter, r *http.Request, f *file, status int) {
	hdr := w.Header()
	hdr.Set("Content-Type", f.contentType)
	hdr.Set("Cache-Control", f.cacheControl)
	hdr.Set("ETag", f.etag)
	if match := r.Header.Get("If-None-Match"); status == http.StatusOK && match != "" && strings.Contains(match, f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body, size := f.body, f.size
	gzipped := f.gzip()
	// Once: the server's gzip layer may have said so already, and a rendering may vary by cookie as well.
	if (gzipped != nil || f.brotli != nil) && !slices.Contains(hdr.Values("Vary"), "Accept-Encoding") {
		hdr.Add("Vary", "Accept-Encoding")
	}
	switch {
	case f.brotli != nil && httpx.AcceptsEncoding(r, "br"):
		hdr.Set("Content-Encoding", "br")
		body, size = [][]byte{f.brotli}, len(f.brotli)
	case gzipped != nil && httpx.AcceptsEncoding(r, "gzip"):
		hdr.Set("Content-Encoding", "gzip")
		body, size = [][]byte{gzipped}, len(gzipped)
	}
	hdr.Set("Content-Length", strconv.Itoa(size))
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	for _, part := range body {
		if _, err := w.Write(part); err != nil {
			return
		}
	}
}

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Siso &amp; Friends</title></head>
<body><h1>Siso &amp; Friends</h1><p>The web app is not built into this binary. Run <code>make build</code>.</p></body></html>`
