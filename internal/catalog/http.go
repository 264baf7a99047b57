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
// response, but revalidate it on every use: the publisher changes the
// catalogue at any time, and a change must show on the next request. A
// revalidation of an unchanged response is a body-less 304.
const cacheControl = "public, no-cache"

// ListBooks serves GET /api/books: every published book (made once per
// snapshot), or with any search parameter a page of the books that match
// (search.go), as the shop's pages ask.
func (s *Service) ListBooks(w http.ResponseWriter, r *http.Request) error {
	cat := s.Current()
	if isSearch(r.URL.Query()) {
		return cat.serveSearch(w, r)
	}
	serveDocument(w, r, cat.booksList())
	return nil
}

// ListCategories serves GET /api/categories.
func (s *Service) ListCategories(w http.ResponseWriter, r *http.Request) error {
	serveDocument(w, r, s.Current().categoriesJSON)
	return nil
}

// GetBook serves GET /api/books/{id}: a published book by its id (or its
// slug). A draft, archived or unknown book is a 404.
func (s *Service) GetBook(w http.ResponseWriter, r *http.Request) error {
	cat := s.Current()
	raw := r.PathValue("id")
	id, err := strconv.Atoi(raw)
	if err != nil {
		b, err := cat.BookBySlug(raw)
		if err != nil {
			return httpx.Errorf(httpx.CodeNotFound, "Book %q not found.", raw)
		}
		id = b.ID
	}
	doc, ok := cat.bookJSON[id]
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
