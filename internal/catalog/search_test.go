package catalog

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"bookshop/internal/httpx"
)

// shelf is a snapshot built in memory from books, with the seed's categories.
func shelf(t testing.TB, books ...*AdminBook) *Catalog {
	t.Helper()
	cats := []Category{{ID: "fiction"}, {ID: "fantasy"}, {ID: "mystery"}}
	c, err := build(1, "2026-12-02", books, cats, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func book(id int, title, author string, cents int64, category string, isNew bool) *AdminBook {
	return &AdminBook{ID: id, Title: title, Author: author, PriceCents: cents, Category: category, IsNewRelease: isNew,
		Status: StatusPublished, Slug: fmt.Sprintf("book-%d", id)}
}

// The search of /books (spec 01 §5): every condition given holds at once.
func TestFind(t *testing.T) {
	c := shelf(t,
		book(1, "Siso and the Stripe", "Amara Okafor", 1499, "fiction", true),
		book(2, "Nainni Counts", "Priya Raman", 1299, "fiction", false),
		book(3, "Our First Adventure", "Hannah Lindqvist", 1999, "fantasy", true),
		book(4, "Lizzie and the Sun Hat", "Tomás Ferreira", 1399, "mystery", false),
		book(5, "ÉTÉ Story", "Zoë Ünal", 2500, "fantasy", false),
		&AdminBook{ID: 6, Title: "Hidden Draft", Author: "Amara Okafor", PriceCents: 1000, Category: "fiction", Status: StatusDraft, Slug: "d"},
	)
	for _, tc := range []struct {
		query string
		want  string // ids of the page, then the total
	}{
		{"q=", "[1 2 3 4 5] 5"},
		{"q=AMARA", "[1] 1"},                         // the author, any case; never a draft
		{"q=stripe", "[1] 1"},                        // part of the title
		{"q=%20the%20", "[1 4] 2"},                   // trimmed, then a substring
		{"q=été", "[5] 1"},                           // letters beyond ASCII, any case
		{"q=story+zoë", "[] 0"},                      // the text as a whole, never across title and author
		{"q=ünal", "[5] 1"},                          // author with an umlaut
		{"minPrice=13.99&maxPrice=14.99", "[1 4] 2"}, // inclusive, in dollars
		{"maxPrice=13", "[2] 1"},
		{"minPrice=25", "[5] 1"},
		{"categories=fantasy,mystery", "[3 4 5] 3"},
		{"categories=fiction&newOnly=1", "[1] 1"},
		{"q=a&minPrice=14&categories=fantasy,fiction&newOnly=1", "[1 3] 2"},
		{"perPage=2", "[1 2] 5"},
		{"perPage=2&page=3", "[5] 5"},
		{"perPage=2&page=4", "[] 5"},
	} {
		v, _ := url.ParseQuery(tc.query)
		s, err := c.ParseSearch(v)
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		ids, total := c.Find(s)
		if got := fmt.Sprint(ids, " ", total); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.query, got, tc.want)
		}
	}
}

func TestSearchParameters(t *testing.T) {
	c := shelf(t, book(1, "A", "B", 100, "fiction", false))
	for query, field := range map[string]string{
		"minPrice=-1":                   "minPrice",
		"minPrice=abc":                  "minPrice",
		"maxPrice=NaN":                  "maxPrice",
		"minPrice=10&maxPrice=5":        "maxPrice",
		"categories=fiction,poetry":     "categories",
		"newOnly=yes":                   "newOnly",
		"page=0":                        "page",
		"perPage=201":                   "perPage",
		"q=" + strings.Repeat("a", 201): "q",
		"q=a%00b":                       "q",
	} {
		v, _ := url.ParseQuery(query)
		_, err := c.ParseSearch(v)
		if e := httpx.AsError(err); err == nil || e.Code != httpx.CodeInvalid || e.Fields[field] == "" {
			t.Errorf("%s: %v, want invalid on %s", query, err, field)
		}
	}
}

// The response of a search is the page of books' own JSON and the total.
func TestServeSearch(t *testing.T) {
	c := shelf(t, book(1, "Moon", "A", 100, "fiction", false), book(2, "Sun", "B", 200, "fiction", false))
	rec := httptest.NewRecorder()
	if err := c.serveSearch(rec, httptest.NewRequest("GET", "/api/books?q=moon", nil)); err != nil {
		t.Fatal(err)
	}
	body := rec.Body.String()
	if rec.Code != 200 || !strings.HasPrefix(body, `{"books":[{"id":1,"title":"Moon"`) || !strings.HasSuffix(body, `}],"total":1}`+"\n") ||
		rec.Header().Get("ETag") == "" || rec.Header().Get("Cache-Control") != cacheControl {
		t.Fatalf("%d %v %s", rec.Code, rec.Header(), body)
	}
	expectRevalidated(t, c, "/api/books?q=moon", rec.Header().Get("ETag"))
}

// expectRevalidated asks for target's search with If-None-Match etag and
// expects a 304.
func expectRevalidated(t *testing.T, c *Catalog, target, etag string) {
	t.Helper()
	req := httptest.NewRequest("GET", target, nil)
	req.Header.Set("If-None-Match", etag)
	rec := httptest.NewRecorder()
	_ = c.serveSearch(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("revalidating %s: %d", target, rec.Code)
	}
}

// The gzip form of a search, joined from the books' precompressed JSON,
// unzips to the very bytes of the plain form, for pages of any size.
func TestSearchGzipJoin(t *testing.T) {
	var books []*AdminBook
	for i := range 120 {
		books = append(books, book(i+1, fmt.Sprintf("Book “%d” of the <Moon> & %s", i, strings.Repeat("é", i)), "Anne", int64(100+i), "fiction", i%2 == 0))
	}
	c := shelf(t, books...)
	for _, query := range []string{"q=moon&perPage=200", "q=moon&perPage=1", "q=nothing", "newOnly=1&page=2&perPage=7"} {
		plain, zipped := httptest.NewRecorder(), httptest.NewRecorder()
		_ = c.serveSearch(plain, httptest.NewRequest("GET", "/api/books?"+query, nil))
		req := httptest.NewRequest("GET", "/api/books?"+query, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		_ = c.serveSearch(zipped, req)
		if zipped.Header().Get("Content-Encoding") != "gzip" || zipped.Header().Get("ETag") == plain.Header().Get("ETag") {
			t.Fatalf("%s: headers %v", query, zipped.Header())
		}
		zr, err := gzip.NewReader(zipped.Body)
		if err != nil {
			t.Fatal(err)
		}
		zr.Multistream(false)
		body, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		if !bytes.Equal(body, plain.Body.Bytes()) {
			t.Fatalf("%s: unzipped\n%s\nplain\n%s", query, body, plain.Body)
		}
		var v struct{ Total int }
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatalf("%s: not JSON: %v", query, err)
		}
	}
}

// BenchmarkSearch5000 is the search of /books over 5,000 books.
func BenchmarkSearch5000(b *testing.B) {
	var books []*AdminBook
	words := []string{"Moon", "Tiger", "Garden", "River", "Lantern", "Secret", "Kite", "Owl"}
	cats := []string{"fiction", "fantasy", "mystery"}
	for i := range 5000 {
		books = append(books, book(i+1, fmt.Sprintf("The %s and the %s %d", words[i%8], words[(i/8)%8], i), "Author "+words[i%7],
			int64(500+i%2000), cats[i%3], i%4 == 0))
	}
	c := shelf(b, books...)
	req := httptest.NewRequest("GET", "/api/books?q=tiger&minPrice=8&maxPrice=20&categories=fiction,fantasy&newOnly=1", nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		if err := c.serveSearch(rec, req); err != nil || rec.Code != 200 {
			b.Fatal(err, rec.Code)
		}
	}
}

// The list joined from the books' documents is what json.Marshal makes of
// the books, so the pages rendered on the server (from the same
// bytes) keep matching.
func TestListIsTheBooksJSON(t *testing.T) {
	c := shelf(t, book(1, "Moon <&>", "A", 100, "fiction", false), book(2, "Sun “é”", "B", 200, "fantasy", true))
	want, _ := json.Marshal(c.Books())
	if got := c.booksList().body; string(got) != string(want)+"\n" {
		t.Fatalf("list\n%s\nwant\n%s", got, want)
	}
	empty := shelf(t)
	if got := string(empty.booksList().body); got != "[]\n" {
		t.Errorf("an empty shop's list is %q", got)
	}
}

// The same cases as the web app's search-books.test.ts: the server inlines
// the answers of these paths into the list it renders, and the app looks for
// them there.
func TestListPaths(t *testing.T) {
	c := shelf(t) // fiction, fantasy, mystery
	pages := make([]string, 40)
	for i := range pages {
		pages[i] = fmt.Sprintf("/api/books?maxPrice=25&page=%d", i+1)
	}
	for _, tc := range []struct {
		query, category string
		want            []string
	}{
		{"", "", []string{"/api/books?maxPrice=25&page=1"}},
		{"q=+Moon+&page=2", "", []string{"/api/books?q=Moon&maxPrice=25&page=1", "/api/books?q=Moon&maxPrice=25&page=2"}},
		{"min=20&max=5&category=mystery&category=nope&category=fiction&new=1", "", []string{"/api/books?minPrice=5&maxPrice=20&categories=mystery%2Cfiction&newOnly=1&page=1"}},
		{"new=1", "fantasy", []string{"/api/books?maxPrice=25&categories=fantasy&newOnly=1&page=1"}},
		{"q=%C3%A9t%C3%A9+%2A~&min=0&max=25&page=0", "", []string{"/api/books?q=%C3%A9t%C3%A9+*%7E&maxPrice=25&page=1"}},
		{"page=999", "", pages},
		{"min=12.5&max=abc", "", []string{"/api/books?minPrice=13&maxPrice=25&page=1"}},
	} {
		v, _ := url.ParseQuery(tc.query)
		if got := c.ListPaths(v, tc.category); !slices.Equal(got, tc.want) {
			t.Errorf("%q on %q: %q, want %q", tc.query, tc.category, got, tc.want)
		}
	}
}
