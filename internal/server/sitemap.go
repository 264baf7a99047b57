package server

import (
	"bookshop/internal/httpx"
	"bytes"
	"encoding/xml"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"
)

// sitemapPages are the public pages a search engine should know besides
// the books, categories and posts.
var sitemapPages = []string{"/", "/books", "/categories", "/blog", "/about", "/values", "/characters", "/activities",
	"/contact", "/faq", "/shipping", "/privacy", "/terms"}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// sitemap serves GET /sitemap.xml: the public pages, every published book
// and its category, and every published post, with when each last changed
// (from the database). Drafts and archived books are not in it.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) {
	cat := s.catalog.Current()
	var urls []sitemapURL
	for _, path := range sitemapPages {
		urls = append(urls, sitemapURL{Loc: s.cfg.SiteURL + path})
	}
	shelves := map[string]time.Time{} // a category changes when one of its books does
	for _, b := range cat.Books() {
		changed := cat.UpdatedAt(b.ID)
		urls = append(urls, sitemapURL{Loc: s.cfg.SiteURL + "/books/" + strconv.Itoa(b.ID), LastMod: day(changed)})
		if changed.After(shelves[b.Category]) {
			shelves[b.Category] = changed
		}
	}
	for _, c := range cat.Categories() {
		urls = append(urls, sitemapURL{Loc: s.cfg.SiteURL + "/categories/" + c.ID, LastMod: day(shelves[c.ID])})
	}
	dated, err := s.posts.PublishedDates(r.Context())
	if err != nil {
		slog.ErrorContext(r.Context(), "sitemap: the posts", "err", err)
		http.Error(w, "The sitemap is not available right now.", http.StatusServiceUnavailable)
		return
	}
	for _, p := range dated {
		urls = append(urls, sitemapURL{Loc: s.cfg.SiteURL + "/blog/" + strconv.FormatInt(p.ID, 10), LastMod: day(p.UpdatedAt)})
	}
	var body bytes.Buffer
	body.WriteString(xml.Header)
	if err := xml.NewEncoder(&body).Encode(struct {
		XMLName xml.Name     `xml:"urlset"`
		XMLNS   string       `xml:"xmlns,attr"`
		URLs    []sitemapURL `xml:"url"`
	}{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9", URLs: urls}); err != nil {
		slog.ErrorContext(r.Context(), "sitemap", "err", err)
		http.Error(w, "The sitemap is not available right now.", http.StatusInternalServerError)
		return
	}
	httpx.ServeCached(w, r, "application/xml; charset=utf-8", "public, no-cache", body.Bytes())
}

// day is a lastmod: the date alone, which is all a crawler uses.
func day(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.DateOnly)
}

// robots serves GET /robots.txt: what crawlers may visit, and where the
// sitemap is.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	body := fmt.Sprintf(`User-agent: *
Disallow: /api/
Disallow: /auth/
Disallow: /functions/
Disallow: /dev/
Disallow: /admin
Disallow: /profile
Disallow: /checkout
Disallow: /cart

Sitemap: %s/sitemap.xml
`, s.cfg.SiteURL)
	httpx.ServeCached(w, r, "text/plain; charset=utf-8", "public, no-cache", []byte(body))
}
