package catalog

import (
	"net/http"
	"strconv"
	"strings"

	"bookshop/internal/httpx"
)

// ListBooks serves GET /api/books.
func (c *Catalog) ListBooks(w http.ResponseWriter, r *http.Request) error {
	serveDocument(w, r, c.booksJSON)
	return nil
}

// ListCategories serves GET /api/categories.
func (c *Catalog) ListCategories(w http.ResponseWriter, r *http.Request) error {
	serveDocument(w, r, c.categoriesJSON)
	return nil
}

// GetBook serves GET /api/books/{id}.
func (c *Catalog) GetBook(w http.ResponseWriter, r *http.Request) error {
	raw := r.PathValue("id")
	id, err := strconv.Atoi(raw)
	if err != nil {
		return httpx.Errorf(httpx.CodeNotFound, "Book %q not found.", raw)
	}
	doc, ok := c.bookJSON[id]
	if !ok {
		return httpx.Errorf(httpx.CodeNotFound, "Book %d not found.", id)
	}
	serveDocument(w, r, doc)
	return nil
}

// serveDocument writes a precomputed answer, gzipped ahead of time for
// clients that take gzip. The browser revalidates every time (no-cache) and
// gets a body-less 304 while the catalogue is unchanged.
func serveDocument(w http.ResponseWriter, r *http.Request, d document) {
	a := d.plain
	if d.gzipped != nil && httpx.AcceptsEncoding(r, "gzip") {
		a = d.zipped
	}
	if etagMatches(r.Header.Get("If-None-Match"), d.etag) {
		a.notModified.Apply(w.Header())
		w.WriteHeader(http.StatusNotModified)
		return
	}
	a.headers.Apply(w.Header())
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(a.body)
	}
}

// etagMatches applies If-None-Match's weak comparison: a list of tags, each
// possibly W/-prefixed (compression middleware may weaken ours), or "*".
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for part := range strings.SplitSeq(header, ",") {
		tag := strings.TrimPrefix(strings.TrimSpace(part), "W/")
		if tag == "*" || tag == etag {
			return true
		}
		// gzhttp may suffix the tag of a compressed body: "abc-gzip".
		if strings.HasSuffix(tag, `-gzip"`) && strings.TrimSuffix(tag, `-gzip"`)+`"` == etag {
			return true
		}
	}
	return false
}
