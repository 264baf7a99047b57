package catalog

import (
	"bytes"
	"net/http"
	"slices"
	"strconv"
	"time"

	"bookshop/internal/httpx"
)

// cacheControl lets browsers, CDNs and reverse proxies keep a catalogue
// response for a minute and serve it a while longer as they revalidate it:
// the catalogue changes only with a new release.
const cacheControl = "public, max-age=60, stale-while-revalidate=600"

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

// serveDocument writes a precomputed response, gzipped ahead of time for
// clients that take gzip. http.ServeContent responds to a matching If-None-Match
// with a body-less 304 and HEAD without the body.
func serveDocument(w http.ResponseWriter, r *http.Request, d document) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", cacheControl)
	if !slices.Contains(h.Values("Vary"), "Accept-Encoding") { // the compression middleware may have said so
		h.Add("Vary", "Accept-Encoding")
	}
	body, etag := d.body, d.etag
	if d.gzipped != nil && httpx.AcceptsEncoding(r, "gzip") {
		body, etag = d.gzipped, d.gzipETag
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
