package catalog

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/httpx"
)

func newMux(c *Service) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /api/books", httpx.Handle(c.ListBooks))
	mux.Handle("GET /api/books/{id}", httpx.Handle(c.GetBook))
	mux.Handle("GET /api/categories", httpx.Handle(c.ListCategories))
	return mux
}

func TestSeededCatalogue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c, err := Load(context.Background(), d)
		if err != nil {
			t.Fatal(err)
		}
		books := c.Books()
		if len(books) != 10 {
			t.Fatalf("%d books, want 10", len(books))
		}
		allowed := map[string]bool{"fiction": true, "self-help": true, "fantasy": true, "non-fiction": true, "mystery": true}
		for i, b := range books {
			if b.ID != i+1 {
				t.Errorf("book %d has id %d", i+1, b.ID)
			}
			if !allowed[b.Category] {
				t.Errorf("book %d: category %q", b.ID, b.Category)
			}
			if b.PriceCents < 1299 || b.PriceCents > 1999 {
				t.Errorf("book %d: price %d cents out of 12.99–19.99", b.ID, b.PriceCents)
			}
			if len(b.PublicationDate) != 10 || b.CoverImage == "" || b.ISBN == "" || b.Pages == 0 || b.Description == "" {
				t.Errorf("book %d is incomplete: %+v", b.ID, b)
			}
		}
		if b, _ := c.Book(3); b.Title != "Our First Adventure" {
			t.Errorf("book 3 is %q", b.Title)
		}
		if _, err := c.Book(11); httpx.AsError(err).Code != httpx.CodeNotFound {
			t.Errorf("Book(11) = %v, want not found", err)
		}
		cats := c.Categories()
		if len(cats) != 8 || cats[0].ID != "fiction" || cats[7].ID != "children" {
			t.Fatalf("categories: %+v", cats)
		}
		total := 0
		for _, cat := range cats {
			total += cat.Count
		}
		if total != 10 {
			t.Errorf("category counts add up to %d, want 10", total)
		}
	})
}

func TestCatalogueEndpoints(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c, err := New(context.Background(), d, Parts{}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		mux := newMux(c)
		tests := []struct {
			name, method, path, ifNoneMatch string
			wantStatus                      int
			wantBody                        string
		}{
			{name: "all books", path: "/api/books", wantStatus: 200, wantBody: `"title":"Our First Adventure"`},
			{name: "one book", path: "/api/books/3", wantStatus: 200, wantBody: `"priceCents":1999`},
			{name: "price in dollars", path: "/api/books/3", wantStatus: 200, wantBody: `"price":19.99`},
			{name: "unknown book", path: "/api/books/99", wantStatus: 404, wantBody: `"code":"not_found"`},
			{name: "non-numeric id", path: "/api/books/abc", wantStatus: 404, wantBody: `"code":"not_found"`},
			{name: "categories with counts", path: "/api/categories", wantStatus: 200, wantBody: `{"id":"romance","name":"Romance","description":`},
			{name: "any etag matches", path: "/api/books", ifNoneMatch: "*", wantStatus: 304},
			{name: "other etag does not", path: "/api/books", ifNoneMatch: `"nope"`, wantStatus: 200},
			{name: "HEAD has no body", method: "HEAD", path: "/api/books/3", wantStatus: 200},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				method := tc.method
				if method == "" {
					method = "GET"
				}
				req := httptest.NewRequest(method, tc.path, nil)
				if tc.ifNoneMatch != "" {
					req.Header.Set("If-None-Match", tc.ifNoneMatch)
				}
				rec := httptest.NewRecorder()
				mux.ServeHTTP(rec, req)
				if rec.Code != tc.wantStatus {
					t.Fatalf("status %d, want %d: %s", rec.Code, tc.wantStatus, rec.Body)
				}
				if !strings.Contains(rec.Body.String(), tc.wantBody) {
					t.Errorf("body %s lacks %s", rec.Body, tc.wantBody)
				}
				if method == "HEAD" && (rec.Body.Len() != 0 || rec.Header().Get("Content-Length") == "") {
					t.Errorf("HEAD: body %q, Content-Length %q", rec.Body, rec.Header().Get("Content-Length"))
				}
				// Only the catalogue's own documents may be kept by shared caches.
				if public := strings.HasPrefix(rec.Header().Get("Cache-Control"), "public"); public != (tc.wantStatus != 404) {
					t.Errorf("Cache-Control %q on a %d", rec.Header().Get("Cache-Control"), rec.Code)
				}
			})
		}
	})
}

func TestETagRevalidation(t *testing.T) {
	c, err := New(context.Background(), dbtest.SQLite(t), Parts{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	mux := newMux(c)
	for _, path := range []string{"/api/books", "/api/books/1", "/api/categories"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		etag := rec.Header().Get("ETag")
		if etag == "" || rec.Header().Get("Cache-Control") != "public, no-cache" {
			t.Fatalf("%s: headers %v", path, rec.Header())
		}
		var v any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("%s: not JSON: %v", path, err)
		}
		for _, inm := range []string{etag, "W/" + etag, `"x", ` + etag} {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("If-None-Match", inm)
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 || rec.Header().Get("ETag") != etag ||
				rec.Header().Get("Cache-Control") == "" || rec.Header().Get("Vary") != "Accept-Encoding" {
				t.Errorf("%s with If-None-Match %s: %d %v %q", path, inm, rec.Code, rec.Header(), rec.Body)
			}
		}
	}
	// Each book has its own tag.
	one, two := httptest.NewRecorder(), httptest.NewRecorder()
	mux.ServeHTTP(one, httptest.NewRequest("GET", "/api/books/1", nil))
	mux.ServeHTTP(two, httptest.NewRequest("GET", "/api/books/2", nil))
	if one.Header().Get("ETag") == two.Header().Get("ETag") {
		t.Error("books 1 and 2 share an ETag")
	}
}

// A client that takes gzip gets the body compressed at load, which unzips
// to the very JSON others get, under its own tag that revalidates too.
func TestGzippedDocuments(t *testing.T) {
	c, err := New(context.Background(), dbtest.SQLite(t), Parts{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	mux := newMux(c)
	plain := httptest.NewRecorder()
	mux.ServeHTTP(plain, httptest.NewRequest("GET", "/api/books", nil))
	req := httptest.NewRequest("GET", "/api/books", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	zipped := httptest.NewRecorder()
	mux.ServeHTTP(zipped, req)
	if zipped.Header().Get("Content-Encoding") != "gzip" || zipped.Header().Get("Vary") != "Accept-Encoding" ||
		zipped.Body.Len() >= plain.Body.Len() {
		t.Fatalf("headers %v, %d bytes (plain %d)", zipped.Header(), zipped.Body.Len(), plain.Body.Len())
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if !bytes.Equal(body, plain.Body.Bytes()) {
		t.Fatal("gunzipped body differs from the plain one")
	}
	etag := zipped.Header().Get("ETag")
	if etag == plain.Header().Get("ETag") {
		t.Fatal("gzip and plain bodies share a tag")
	}
	req = httptest.NewRequest("GET", "/api/books", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("If-None-Match", etag)
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified || rec.Header().Get("Content-Encoding") != "" {
		t.Fatalf("revalidating the gzip tag: %d %v", rec.Code, rec.Header())
	}
}

func BenchmarkListBooks(b *testing.B) {
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	c, err := New(ctx, d, Parts{}, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	mux := newMux(c)
	req := httptest.NewRequest("GET", "/api/books", nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// The search of /books through GET /api/books on the seeded catalogue, on
// both databases: each filter, all of them at once, the pages' edges, and a
// 400 in the error shape for each bad parameter.
func TestSearchEndpoint(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c, err := New(context.Background(), d, Parts{}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		mux := newMux(c)
		get := func(t *testing.T, query string) (*httptest.ResponseRecorder, []int, int) {
			t.Helper()
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, httptest.NewRequest("GET", "/api/books?"+query, nil))
			var page struct {
				Books []struct{ ID int }
				Total int
			}
			if rec.Code == 200 {
				if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
					t.Fatalf("%s: %v", query, err)
				}
			}
			ids := []int{}
			for _, b := range page.Books {
				ids = append(ids, b.ID)
			}
			return rec, ids, page.Total
		}
		for _, tc := range []struct{ query, want string }{
			{"page=1", "[1 2 3 4 5 6 7 8 9 10] 10"},
			{"q=", "[1 2 3 4 5 6 7 8 9 10] 10"},
			{"q=nainni", "[2 10] 2"},                                  // title, any case
			{"q=OKAFOR", "[1 7] 2"},                                   // author
			{"q=tom%C3%A1s", "[4 9] 2"},                               // beyond ASCII
			{"minPrice=15.49&maxPrice=16.99", "[5 6 10] 3"},           // both ends inclusive
			{"maxPrice=12.99", "[2 7] 2"},                             // from 0
			{"categories=mystery,fantasy", "[3 4 6 9] 4"},             // any of them
			{"newOnly=1", "[1 3 6 9] 4"},                              // new releases only
			{"q=the&categories=mystery,fantasy&newOnly=1", "[6 9] 2"}, // AND
			{"q=the&minPrice=18&categories=mystery,fantasy&newOnly=true", "[9] 1"},
			{"perPage=3&page=4", "[10] 10"},              // the last page, part full
			{"perPage=3&page=5", "[] 10"},                // past the end: no books, the total still
			{"perPage=200", "[1 2 3 4 5 6 7 8 9 10] 10"}, // the cap
			{"q=zzz", "[] 0"},
			{"ids=9,3,99&perPage=3", "[3 9] 2"}, // a cart's books that are still on sale
			{"ids=1,2,3&newOnly=1", "[1 3] 2"},
		} {
			t.Run(tc.query, func(t *testing.T) {
				rec, ids, total := get(t, tc.query)
				if rec.Code != 200 {
					t.Fatalf("%d %s", rec.Code, rec.Body)
				}
				if got := fmt.Sprint(ids, " ", total); got != tc.want {
					t.Errorf("%s, want %s", got, tc.want)
				}
			})
		}
		many := make([]string, 201)
		for i := range many {
			many[i] = strconv.Itoa(i + 1)
		}
		for query, field := range map[string]string{
			"ids=" + strings.Join(many, ","): "ids",
			"perPage=201":                    "perPage",
			"perPage=0":                      "perPage",
			"page=0":                         "page",
			"page=two":                       "page",
			"minPrice=-1":                    "minPrice",
			"maxPrice=ten":                   "maxPrice",
			"minPrice=20&maxPrice=5":         "maxPrice",
			"categories=poetry":              "categories",
			"newOnly=maybe":                  "newOnly",
			"q=a%07b":                        "q",
			"ids=1,x":                        "ids",
			"ids=0":                          "ids",
		} {
			t.Run(query, func(t *testing.T) {
				rec, _, _ := get(t, query)
				var body struct {
					Error struct {
						Code, Message string
						Fields        map[string]string
					}
				}
				_ = json.Unmarshal(rec.Body.Bytes(), &body)
				if rec.Code != http.StatusBadRequest || body.Error.Code != "invalid" || body.Error.Message == "" || body.Error.Fields[field] == "" {
					t.Errorf("%d %s, want 400 naming %s", rec.Code, rec.Body, field)
				}
			})
		}
	})
}

// The page /books opens on is made with the snapshot: its bytes are a
// search's, written alike in any order, and a revalidation of them is a 304.
func TestFirstPageIsPrecomputed(t *testing.T) {
	var books []*AdminBook
	for i := range 30 {
		books = append(books, book(i+1, fmt.Sprintf("Book %d", i+1), "Anne", 1000, "fiction", false))
	}
	c := shelf(t, books...)
	first := httptest.NewRecorder()
	if err := c.serveSearch(first, httptest.NewRequest("GET", "/api/books?maxPrice=25&page=1", nil)); err != nil {
		t.Fatal(err)
	}
	var page struct {
		Books []Book
		Total int
	}
	if err := json.Unmarshal(first.Body.Bytes(), &page); err != nil || len(page.Books) != shopPerPage || page.Total != 30 ||
		!bytes.Equal(first.Body.Bytes(), c.firstPage.body) {
		t.Fatalf("%v %d books of %d: %s", err, len(page.Books), page.Total, first.Body)
	}
	expectRevalidated(t, c, "/api/books?q=&minPrice=0&maxPrice=25.00", first.Header().Get("ETag"))
}
