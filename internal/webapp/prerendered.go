package webapp

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strings"
)

// Pages prerendered by the web build (web/scripts/prerender.mjs): for each
// public path, the HTML React draws there, put inside the page's root so a
// phone paints the page from the HTML alone, before any script has loaded;
// the app then hydrates it (web/src/main.tsx).
//
// The build drew them from the seeded catalogue. They are used only while
// the server inlines those same answers (Digest), so hydration always finds
// the HTML the app would draw itself; otherwise every path gets the plain page.

// prerenderedFile is written by the web build, next to index.html.
const prerenderedFile = "prerendered.json"

type prerenderedPages struct {
	// Digest of the inline answers (named by Answers) the pages were drawn from.
	Digest  string   `json:"digest"`
	Answers []string `json:"answers"`
	// Pages holds, by path, the page drawn once for each setting it reads.
	Pages map[string][]prerenderedPage `json:"pages"`
}

type prerenderedPage struct {
	// When gives the settings (fields of /api/settings, "google.enabled")
	// the page was drawn with; only a server with the same serves it.
	When map[string]any `json:"when"`
	Head string         `json:"head"` // preload links, put ahead of the page's scripts
	Root string         `json:"root"` // the inner HTML of the root element
	// Cookie, when given, is the cookie the page was drawn for visitors
	// with (Set) or without; it is served to them alone. The cart is drawn
	// empty, the checkout once for a cart with books and once without.
	Cookie *cookieRule `json:"cookie,omitempty"`
}

type cookieRule struct {
	Name string `json:"name"`
	Set  bool   `json:"set"`
}

func (c *cookieRule) fits(r *http.Request) bool {
	_, err := r.Cookie(c.Name)
	return (err == nil) == c.Set
}

// meta tells the app which visitors the page was drawn for, so its first
// render draws the same (web/src/lib/prerender.ts, drawnForCookie).
func (c *cookieRule) meta() []byte {
	if c == nil {
		return nil
	}
	who := "without"
	if c.Set {
		who = "with"
	}
	return fmt.Appendf(nil, `<meta name="drawn-for-cookie" content="%s %s">`, who, html.EscapeString(c.Name))
}

// drawnPage is a prerendered page as served, and to whom (cookie).
type drawnPage struct {
	*file
	cookie *cookieRule
}

// drawnFor is the prerendered page for the request, or nil for the plain
// page. A query (a search, a filter) may change what the page draws.
func (h *Handler) drawnFor(w http.ResponseWriter, r *http.Request) *file {
	drawings := h.prerendered[r.URL.Path]
	if r.URL.RawQuery != "" {
		return nil
	}
	if slices.ContainsFunc(drawings, func(d drawnPage) bool { return d.cookie != nil }) {
		w.Header().Add("Vary", "Cookie") // which drawing, or the plain page, depends on it
	}
	for _, d := range drawings {
		if d.cookie == nil || d.cookie.fits(r) {
			return d.file
		}
	}
	return nil
}

// settingsAnswer is the inline answer that When refers to.
const settingsAnswer = "/api/settings"

// The root element of index.html and the end of its splash (the app's
// first paint when a page is not prerendered).
var (
	rootStart   = []byte(`<div id="root">`)
	splashEnd   = []byte(`<!--/splash--></div>`)
	firstScript = []byte(`<script`)
	headClose   = []byte(`</head>`)
)

// Digest is the fingerprint of a set of inline answers. The web build
// records the one its pages were drawn from (cmd/catalogue prints it).
func Digest(answers map[string]json.RawMessage) string {
	sum := sha256.New()
	for _, path := range slices.Sorted(maps.Keys(answers)) {
		fmt.Fprintf(sum, "%s\n%s\n", path, answers[path])
	}
	return hex.EncodeToString(sum.Sum(nil))
}

// loadPrerendered makes the prerendered pages of the build, keyed by path,
// or none when they do not fit this server (see the package comment).
func (h *Handler) loadPrerendered(body, index, inline []byte, opts Options) (map[string][]drawnPage, error) {
	var build prerenderedPages
	if err := json.Unmarshal(body, &build); err != nil {
		return nil, fmt.Errorf("webapp: %s: %w", prerenderedFile, err)
	}
	drawnFrom := map[string]json.RawMessage{}
	for _, path := range build.Answers {
		drawnFrom[path] = opts.Inline[path]
	}
	if Digest(drawnFrom) != build.Digest {
		return nil, nil
	}
	fill, ok := filler(opts.Fill)
	if !ok {
		return nil, nil
	}
	var settings any
	if raw := opts.Inline[settingsAnswer]; raw != nil {
		if err := json.Unmarshal(raw, &settings); err != nil {
			return nil, fmt.Errorf("webapp: %s: %w", settingsAnswer, err)
		}
	}
	pages := make(map[string][]drawnPage, len(build.Pages))
	for path, drawings := range build.Pages {
		r, found := h.routeFor(path)
		if !found {
			return nil, fmt.Errorf("webapp: %s: %s is no page of the app", prerenderedFile, path)
		}
		// The app's code waits for the page's pictures and fonts
		// (web/src/boot.ts), then its chunks are all fetched at once.
		var chunks []byte
		if r != nil {
			chunks = r.chunks
		}
		for _, drawn := range drawings {
			if !drawnWith(drawn.When, settings) {
				continue // drawn for other settings
			}
			parts, err := withRoot(index, slices.Concat(chunks, drawn.Cookie.meta(), inline), drawn.Head, fill.Replace(drawn.Root))
			if err != nil {
				return nil, err
			}
			pages[path] = append(pages[path], drawnPage{newFile("index.html", parts, nil, nil), drawn.Cookie})
		}
	}
	return pages, nil
}

// drawnWith tells whether settings have every value of when.
func drawnWith(when map[string]any, settings any) bool {
	for field, want := range when {
		v := settings
		for _, key := range strings.Split(field, ".") {
			object, _ := v.(map[string]any)
			v = object[key]
		}
		if !reflect.DeepEqual(v, want) {
			return false
		}
	}
	return true
}

// filler puts this server's values where the build wrote placeholders
// (Options.Fill). An empty value means no prerendered pages: the app would
// draw nothing where the HTML shows the value.
func filler(fill map[string]string) (*strings.Replacer, bool) {
	pairs := make([]string, 0, 2*len(fill))
	for placeholder, value := range fill {
		if value == "" {
			return nil, false
		}
		pairs = append(pairs, placeholder, html.EscapeString(value))
	}
	return strings.NewReplacer(pairs...), true
}

// withRoot is index.html with the inline answers at the end of its head and
// head before its first script, and with inner in its root instead of the
// splash, marked for the app to hydrate rather than draw. The parts share
// index's bytes.
func withRoot(index, inline []byte, head, inner string) ([][]byte, error) {
	script := bytes.Index(index, firstScript)
	headEnd := bytes.Index(index, headClose)
	start := bytes.Index(index, rootStart)
	end := bytes.Index(index, splashEnd)
	if script < 0 || headEnd < script || start < headEnd || end < start {
		return nil, fmt.Errorf("webapp: index.html has no <script>, </head>, %s…%s to prerender into", rootStart, splashEnd)
	}
	return [][]byte{
		index[:script], []byte(head), index[script:headEnd], inline, index[headEnd:start],
		[]byte(`<div id="root" data-prerendered>`), []byte(inner), []byte(`</div>`), index[end+len(splashEnd):],
	}, nil
}
