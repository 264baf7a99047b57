package catalog

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bookshop/internal/httpx"
)

// The search of /books on the server (spec 01 §5, Book filtering): every
// condition given must hold. It filters the snapshot in memory, never the
// database, so a search costs the same on SQLite and PostgreSQL, and stays
// fast with thousands of books.

// searchParams are the query parameters that ask GET /api/books for a
// search page instead of the whole list.
var searchParams = []string{"q", "minPrice", "maxPrice", "categories", "newOnly", "ids", "page", "perPage"}

const (
	// shopPerPage is a page of /books: 24 cards fill whole rows of 2, 3
	// and 4 columns, and a phone renders them at once.
	shopPerPage    = 24
	defaultPerPage = 50 // the back office's list
	maxPerPage     = 200
	maxQuery       = 200 // characters of q
)

func isSearch(v url.Values) bool {
	for _, p := range searchParams {
		if v.Has(p) {
			return true
		}
	}
	return false
}

// Search is a parsed search of the catalogue.
type Search struct {
	Query      string          // part of the title or author, any case ("" any)
	MinCents   int64           // the price range, inclusive
	MaxCents   int64           // math.MaxInt64: no upper bound
	Categories map[string]bool // nil or empty: any category
	NewOnly    bool
	IDs        map[int]bool // nil or empty: any book; else only these (a cart's)
	Page       int          // from 1
	PerPage    int
}

const invalidSearch = "The search is not valid."

// ParseSearch reads a search from GET /api/books's query: q, minPrice and
// maxPrice in dollars (inclusive), categories as ids separated by commas,
// newOnly=1, ids (at most 200, separated by commas: a cart's books), page
// (from 1) and perPage (24 unless given, at most 200).
func (c *Catalog) ParseSearch(v url.Values) (Search, error) {
	s := Search{MaxCents: math.MaxInt64}
	fields := map[string]string{}
	s.Query = strings.ToLower(searchText(v, fields))
	var ok bool
	if raw := v.Get("minPrice"); raw != "" {
		if s.MinCents, ok = dollarsToCents(raw); !ok {
			fields["minPrice"] = "A price in dollars, 0 or more"
		}
	}
	if raw := v.Get("maxPrice"); raw != "" {
		if s.MaxCents, ok = dollarsToCents(raw); !ok {
			fields["maxPrice"] = "A price in dollars, 0 or more"
		} else if s.MaxCents < s.MinCents && fields["minPrice"] == "" {
			fields["maxPrice"] = "Must not be below minPrice"
		}
	}
	for id := range strings.SplitSeq(v.Get("categories"), ",") {
		if id = strings.TrimSpace(id); id == "" {
			continue
		}
		if !c.HasCategory(id) {
			fields["categories"] = "Unknown category: " + truncate(id, 40)
			break
		}
		if s.Categories == nil {
			s.Categories = map[string]bool{}
		}
		s.Categories[id] = true
	}
	switch v.Get("newOnly") {
	case "", "0", "false":
	case "1", "true":
		s.NewOnly = true
	default:
		fields["newOnly"] = "1 or 0"
	}
	for raw := range strings.SplitSeq(v.Get("ids"), ",") {
		if raw = strings.TrimSpace(raw); raw == "" {
			continue
		}
		id, err := strconv.Atoi(raw)
		if err != nil || id <= 0 || len(s.IDs) >= maxPerPage {
			fields["ids"] = "At most 200 book ids, separated by commas"
			break
		}
		if s.IDs == nil {
			s.IDs = map[int]bool{}
		}
		s.IDs[id] = true
	}
	s.Page, s.PerPage = pageParams(v, shopPerPage, fields)
	if len(fields) > 0 {
		return Search{}, httpx.Invalid(invalidSearch, fields)
	}
	return s, nil
}

// searchText reads the text searched for, q, trimmed: the shop's search and
// the back office's list read it alike. A problem goes into fields.
func searchText(v url.Values, fields map[string]string) string {
	text := strings.TrimSpace(v.Get("q"))
	switch {
	case httpx.HasControl(text):
		fields["q"] = "Must not contain control characters"
	case utf8.RuneCountInString(text) > maxQuery:
		fields["q"] = "At most 200 characters"
	}
	return text
}

// pageParams reads page (from 1) and perPage (from 1 to maxPerPage, def
// when absent). A problem goes into fields.
func pageParams(v url.Values, def int, fields map[string]string) (page, perPage int) {
	page, ok := intParam(v, "page", 1, 1, 1_000_000)
	if !ok {
		fields["page"] = "A page number from 1"
	}
	if perPage, ok = intParam(v, "perPage", def, 1, maxPerPage); !ok {
		fields["perPage"] = "A number from 1 to 200"
	}
	return page, perPage
}

// dollarsToCents reads a non-negative amount of dollars, rounded to the cent.
func dollarsToCents(raw string) (int64, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(raw), 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > 1e9 {
		return 0, false
	}
	return int64(math.Round(f * 100)), true
}

// intParam reads an integer query parameter within [lo, hi], or def when absent.
func intParam(v url.Values, name string, def, lo, hi int) (int, bool) {
	raw := v.Get(name)
	if raw == "" {
		return def, true
	}
	n, err := strconv.Atoi(raw)
	return n, err == nil && n >= lo && n <= hi
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// Find returns the published books that match, ordered by id: the page
// asked for, and how many match in all.
func (c *Catalog) Find(s Search) (page []int, total int) {
	from := (s.Page - 1) * s.PerPage
	for i := range c.books {
		b := &c.books[i]
		if b.PriceCents < s.MinCents || b.PriceCents > s.MaxCents ||
			(s.NewOnly && !b.IsNewRelease) ||
			(len(s.Categories) > 0 && !s.Categories[b.Category]) ||
			(len(s.IDs) > 0 && !s.IDs[b.ID]) ||
			(s.Query != "" && !strings.Contains(c.haystack[i], s.Query)) {
			continue
		}
		if total >= from && len(page) < s.PerPage {
			page = append(page, b.ID)
		}
		total++
	}
	return page, total
}

// firstPage is the search of /books as it opens (maxPrice=25&page=1): the
// price slider's whole range, $0 to $25 (spec 01 §9), and no other filter.
// Each snapshot makes its response once: most visitors ask for it.
var firstPage = Search{MaxCents: 2500, Page: 1, PerPage: shopPerPage}

func (s Search) isFirstPage() bool {
	return s.Query == "" && s.MinCents == firstPage.MinCents && s.MaxCents == firstPage.MaxCents && len(s.Categories) == 0 &&
		!s.NewOnly && len(s.IDs) == 0 && s.Page == firstPage.Page && s.PerPage == firstPage.PerPage
}

// searchFrame is the JSON around a search's books.
func searchFrame(total int) (head, tail []byte) {
	return []byte(`{"books":[`), []byte(`],"total":` + strconv.Itoa(total) + "}\n")
}

// serveSearch responds {"books":[...],"total":N} from the books' own
// precomputed JSON, or its gzip form from their precompressed JSON
// (gzjoin.go): a search marshals and compresses nothing.
func (c *Catalog) serveSearch(w http.ResponseWriter, r *http.Request) error {
	s, err := c.ParseSearch(r.URL.Query())
	if err != nil {
		return err
	}
	if s.isFirstPage() {
		serveDocument(w, r, c.firstPage)
		return nil
	}
	ids, total := c.Find(s)
	head, tail := searchFrame(total)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", cacheControl)
	if !slices.Contains(h.Values("Vary"), "Accept-Encoding") {
		h.Add("Vary", "Accept-Encoding")
	}
	etag := c.searchTag(s)
	gz := httpx.AcceptsEncoding(r, "gzip")
	body := c.joined(ids, head, tail, gz)
	if gz {
		etag += "-gzip"
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", `"`+etag+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
	return nil
}

// searchTag names a search's response: the catalogue's version and the
// search make it, on any instance.
func (c *Catalog) searchTag(s Search) string {
	cats := slices.Sorted(maps.Keys(s.Categories))
	sum := fnv.New128a()
	fmt.Fprintf(sum, "%d\x00%s\x00%d\x00%d\x00%s\x00%t\x00%v\x00%d\x00%d", c.version, s.Query, s.MinCents, s.MaxCents,
		strings.Join(cats, ","), s.NewOnly, slices.Sorted(maps.Keys(s.IDs)), s.Page, s.PerPage)
	return "s" + strconv.FormatInt(c.version, 10) + "-" + base64.RawURLEncoding.EncodeToString(sum.Sum(nil))
}

// The list of /books (and of /categories/{id}) keeps its filters and the
// pages it shows in its own URL (?q=&min=&max=&category=&new=1&page=N,
// web/src/features/catalog/filters.ts) and asks this search for each page
// it shows (web/src/features/catalog/api/search-books.ts, listPaths).

const (
	sliderMin, sliderMax = 0, 25 // the price slider's range in dollars (spec 01 §9)
	maxListPages         = 40    // the pages a URL may show at once (MAX_PAGES)
)

var listPage = regexp.MustCompile(`^[1-9][0-9]{0,5}$`)

// ListPaths are the API paths of the searches the list at a URL of /books
// with the query v renders from (of /categories/{category}, when category is
// not empty), one per page it shows, spelled byte for byte as the web app
// spells them: a page rendered on the server carries their answers under these
// paths, where the app looks for them. A URL the app would read otherwise
// only costs the app a request.
func (c *Catalog) ListPaths(v url.Values, category string) []string {
	lo, hi := sliderValue(v.Get("min"), sliderMin), sliderValue(v.Get("max"), sliderMax)
	if lo > hi {
		lo, hi = hi, lo
	}
	var cats []string
	for _, id := range v["category"] {
		if c.HasCategory(id) && !slices.Contains(cats, id) {
			cats = append(cats, id)
		}
	}
	if category != "" && len(cats) == 0 {
		cats = []string{category}
	}
	var base strings.Builder
	param := func(name, value string) { base.WriteString(name + "=" + formEscape(value) + "&") }
	if q := strings.TrimSpace(v.Get("q")); q != "" {
		param("q", q)
	}
	if lo > sliderMin {
		param("minPrice", strconv.Itoa(lo))
	}
	param("maxPrice", strconv.Itoa(hi))
	if len(cats) > 0 {
		param("categories", strings.Join(cats, ","))
	}
	if v.Get("new") == "1" {
		param("newOnly", "1")
	}
	pages := 1
	if raw := v.Get("page"); listPage.MatchString(raw) {
		pages, _ = strconv.Atoi(raw)
		pages = min(pages, maxListPages)
	}
	paths := make([]string, pages)
	for i := range paths {
		paths[i] = "/api/books?" + base.String() + "page=" + strconv.Itoa(i+1)
	}
	return paths
}

// sliderValue reads a price of the slider as the app does: a number rounded
// to whole dollars within the slider's range, or def.
func sliderValue(raw string, def int) int {
	raw = strings.TrimSpace(raw)
	f, err := strconv.ParseFloat(raw, 64)
	if raw == "" || err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return def
	}
	return int(min(sliderMax, max(sliderMin, math.Floor(f+0.5))))
}

// formEscape is URLSearchParams's spelling of a value (the WHATWG
// application/x-www-form-urlencoded serializer): letters, digits and *-._
// stay, a space is +, any other byte of its UTF-8 is %XX.
func formEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case 'a' <= ch && ch <= 'z', 'A' <= ch && ch <= 'Z', '0' <= ch && ch <= '9', ch == '*', ch == '-', ch == '.', ch == '_':
			b.WriteByte(ch)
		case ch == ' ':
			b.WriteByte('+')
		default:
			fmt.Fprintf(&b, "%%%02X", ch)
		}
	}
	return b.String()
}
