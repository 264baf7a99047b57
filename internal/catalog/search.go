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
var searchParams = []string{"q", "minPrice", "maxPrice", "categories", "newOnly", "page", "perPage"}

const (
	// shopPerPage is a page of /books: 24 cards fill whole rows of 2, 3
	// and 4 columns, and a phone draws them at once.
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
	Page       int // from 1
	PerPage    int
}

const invalidSearch = "The search is not valid."

// ParseSearch reads a search from GET /api/books's query: q, minPrice and
// maxPrice in dollars (inclusive), categories as ids separated by commas,
// newOnly=1, page (from 1) and perPage (24 unless given, at most 200).
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

// firstPage is the search of /books as it opens, whose response each
// snapshot makes once: most visitors ask for it.
var firstPage = Search{MaxCents: math.MaxInt64, Page: 1, PerPage: shopPerPage}

func (s Search) isFirstPage() bool {
	return s.Query == "" && s.MinCents == 0 && s.MaxCents == math.MaxInt64 && len(s.Categories) == 0 && !s.NewOnly &&
		s.Page == firstPage.Page && s.PerPage == firstPage.PerPage
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
	fmt.Fprintf(sum, "%d\x00%s\x00%d\x00%d\x00%s\x00%t\x00%d\x00%d", c.version, s.Query, s.MinCents, s.MaxCents,
		strings.Join(cats, ","), s.NewOnly, s.Page, s.PerPage)
	return "s" + strconv.FormatInt(c.version, 10) + "-" + base64.RawURLEncoding.EncodeToString(sum.Sum(nil))
}
