package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"bookshop/internal/catalog"
	"bookshop/internal/posts"
	"bookshop/internal/webapp"
)

// publicPages says what each public page of the app is rendered from
// (webapp.Pages): the API responses it reads, fetched from the shop's own
// routes as the app would fetch them, and what it says of itself to search
// engines. A page it does not list is the browser's to render.
type publicPages struct {
	site    string // SITE_URL, for the absolute URLs of canonical links and previews
	catalog *catalog.Service
	// api serves the responses a page reads: the shop's routes (set once
	// they are built), called in-process without a caller, as a visitor's.
	api http.Handler
}

// staticPages are the public pages that read no data of their own.
var staticPages = map[string]bool{
	"/": true, "/about": true, "/values": true, "/characters": true, "/activities": true, "/contact": true,
	"/faq": true, "/shipping": true, "/privacy": true, "/terms": true, "/login": true, "/signup": true, "/reset-password": true,
}

// cartCookie is set by the app while the stored cart has books
// (web/src/features/cart/cart-reducer.ts, CART_FILLED_COOKIE).
const cartCookie = "cart_filled"

// relatedBooks is how many books of its shelf a book's page asks for: the
// five it suggests, and one more as the book itself may be among them
// (web/src/features/catalog/components/book-details.tsx).
const relatedBooks = 6

// categoriesAnswer is the response that names the shop's categories, which
// the list's filters, a category's page and a book's page read.
const categoriesAnswer = "/api/categories"

// listParams are the parameters of /books (and of a category's page) that
// the app reads (web/src/features/catalog/filters.ts, viewFromParams).
var listParams = []string{"q", "min", "max", "category", "new", "page"}

// notFoundAt is the URL the not-found page of a route is rendered at: "/404"
// for every path of no route, and for a route of records its path with "-"
// for the id, which names no book, category or post. The page reads nothing
// of the path but its route, so a stream of random paths or unknown ids
// renders it once (webapp: the 404s of the record are left out of the rendering).
func notFoundAt(pattern string) string {
	if pattern == "" {
		return "/404"
	}
	return strings.Replace(pattern, ":id", "-", 1)
}

func (p *publicPages) Page(ctx context.Context, pattern string, u *url.URL) (*webapp.Page, error) {
	page, err := p.page(ctx, pattern, u)
	if page == nil || err != nil {
		return page, err
	}
	// A page is rendered and kept under what it reads of its URL, so a
	// parameter it ignores (?utm_source=…, ?a=random) renders nothing new.
	switch {
	case page.NotFound:
		page.URL = notFoundAt(pattern)
	case pattern == "/books" || pattern == "/categories/:id":
		page.URL = renderedAt(u, listParams...)
	default:
		page.URL = renderedAt(u)
	}
	return page, nil
}

// renderedAt is u's path with only the parameters of its query named in
// params, as spelled and ordered in u (the app reads the first of a name).
func renderedAt(u *url.URL, params ...string) string {
	var kept []string
	for pair := range strings.SplitSeq(u.RawQuery, "&") {
		name, _, _ := strings.Cut(pair, "=")
		if name, err := url.QueryUnescape(name); err == nil && slices.Contains(params, name) {
			kept = append(kept, pair)
		}
	}
	if len(kept) == 0 {
		return u.EscapedPath()
	}
	return u.EscapedPath() + "?" + strings.Join(kept, "&")
}

func (p *publicPages) page(ctx context.Context, pattern string, u *url.URL) (*webapp.Page, error) {
	page := &webapp.Page{Responses: map[string]json.RawMessage{}, Head: webapp.Head{Type: "website", SiteName: "Siso & Friends"}}
	canonical := func(path string) { page.Head.Canonical = p.site + path }
	switch {
	case pattern == "":
		page.NotFound = true
	case pattern == "/faq" || pattern == "/shipping":
		canonical(pattern)
		if _, err := p.fetch(ctx, page, shippingAnswer); err != nil {
			return nil, err
		}
	case staticPages[pattern]:
		canonical(pattern)
	case pattern == "/cart" || pattern == "/checkout":
		// The cart's books are in the browser's storage: rendered empty for
		// visitors without any; the checkout's form waits for them. Both
		// state shipping.
		page.Cookie, page.PlainWithCookie = cartCookie, pattern == "/cart"
		if _, err := p.fetch(ctx, page, shippingAnswer); err != nil {
			return nil, err
		}
	case pattern == "/books":
		canonical(pattern)
		if err := p.fetchList(ctx, page, u, ""); err != nil {
			return nil, err
		}
	case pattern == "/categories":
		canonical(pattern)
		if _, err := p.fetch(ctx, page, categoriesAnswer); err != nil {
			return nil, err
		}
	case pattern == "/categories/:id":
		id := strings.TrimPrefix(u.Path, "/categories/")
		if !p.catalog.Current().HasCategory(id) {
			// The app tells an unknown category by the categories, so its
			// not-found page is rendered from them too.
			page.NotFound = true
			if _, err := p.fetch(ctx, page, categoriesAnswer); err != nil {
				return nil, err
			}
			break
		}
		canonical("/categories/" + id)
		if err := p.fetchList(ctx, page, u, id); err != nil {
			return nil, err
		}
	case pattern == "/books/:id":
		return page, p.bookPage(ctx, page, strings.TrimPrefix(u.Path, "/books/"))
	case pattern == "/blog":
		canonical(pattern)
		if _, err := p.fetch(ctx, page, "/api/posts"); err != nil {
			return nil, err
		}
	case pattern == "/blog/:id":
		return page, p.postPage(ctx, page, strings.TrimPrefix(u.Path, "/blog/"))
	case pattern == "/read/:id":
		return page, p.storybookPage(ctx, page, u.Path[len("/read/"):])
	default:
		return nil, nil
	}
	return page, nil
}

// fetchList adds the searches the list of /books at u renders from (of
// /categories/{category}), a page of books each.
func (p *publicPages) fetchList(ctx context.Context, page *webapp.Page, u *url.URL, category string) error {
	// The filters and the page's title are the server's categories.
	if _, err := p.fetch(ctx, page, categoriesAnswer); err != nil {
		return err
	}
	for _, path := range p.catalog.Current().ListPaths(u.Query(), category) {
		if _, err := p.fetch(ctx, page, path); err != nil {
			return err
		}
	}
	return nil
}

// bookPage is a book's page: the book and its shelf, its canonical URL and
// its schema.org Book with the offer.
func (p *publicPages) bookPage(ctx context.Context, page *webapp.Page, id string) error {
	// Only the canonical spelling names a book ("3", not "03" or "+3"), as
	// the app reads ids (web/src/features/catalog/book-id.ts).
	if n, err := strconv.Atoi(id); err != nil || n <= 0 || strconv.Itoa(n) != id {
		page.NotFound = true
		return nil
	}
	body, err := p.fetch(ctx, page, "/api/books/"+id)
	if err != nil || body == nil {
		page.NotFound = err == nil
		return err
	}
	var b catalog.Book
	if err := json.Unmarshal(body, &b); err != nil {
		return fmt.Errorf("pages: book %s: %w", id, err)
	}
	if _, err := p.fetch(ctx, page, "/api/books?categories="+url.QueryEscape(b.Category)+"&perPage="+strconv.Itoa(relatedBooks)); err != nil {
		return err
	}
	if _, err := p.fetch(ctx, page, categoriesAnswer); err != nil { // the name of its shelf
		return err
	}
	page.Head.Canonical = p.site + "/books/" + strconv.Itoa(b.ID)
	page.Head.Type = "book"
	page.Head.Image = p.absolute(b.CoverImage)
	page.Head.JSONLD = bookLD(b, page.Head)
	return nil
}

// postPage is a blog post's page: its article and its schema.org BlogPosting.
func (p *publicPages) postPage(ctx context.Context, page *webapp.Page, id string) error {
	body, err := p.fetch(ctx, page, "/api/posts/"+id)
	if err != nil || body == nil {
		page.NotFound = err == nil
		return err
	}
	var a posts.Article
	if err := json.Unmarshal(body, &a); err != nil {
		return fmt.Errorf("pages: post %s: %w", id, err)
	}
	page.Head.Canonical = p.site + "/blog/" + strconv.FormatInt(a.ID, 10)
	page.Head.Type = "article"
	page.Head.Image = p.absolute(a.Image)
	page.Head.JSONLD = postLD(a, page.Head)
	return nil
}

// storySlug is what a storybook's slug can be (a book's slug): anything
// else names none, and is the not-found page without asking.
var storySlug = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// storybookPage is a storybook's reader as anyone meets it: the storybook
// and its start page, which is always in the free preview; a page beyond
// it is never in a rendered page (the API refuses it to a visitor anyway).
func (p *publicPages) storybookPage(ctx context.Context, page *webapp.Page, slug string) error {
	if !storySlug.MatchString(slug) {
		page.NotFound = true
		return nil
	}
	body, err := p.fetch(ctx, page, "/api/storybooks/"+slug)
	if err != nil || body == nil {
		page.NotFound = err == nil
		return err
	}
	var b struct {
		Title string `json:"title"`
		Start string `json:"start"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		return fmt.Errorf("pages: storybook %s: %w", slug, err)
	}
	start, err := p.fetch(ctx, page, "/api/storybooks/"+slug+"/pages/"+url.PathEscape(b.Start))
	if err != nil {
		return err
	}
	var first struct {
		Picture string `json:"picture"`
	}
	if start != nil {
		if err := json.Unmarshal(start, &first); err != nil {
			return fmt.Errorf("pages: storybook %s's start: %w", slug, err)
		}
	}
	page.Head.Canonical = p.site + "/read/" + slug
	page.Head.Image = p.absolute(first.Picture)
	return nil
}

// absolute is a picture's URL as other sites need it.
func (p *publicPages) absolute(src string) string {
	if src == "" || strings.Contains(src, "://") {
		return src
	}
	return p.site + src
}

// fetch gets the API response at path as a visitor's browser would, and
// adds it to the page's: its body, or nil for a 404.
func (p *publicPages) fetch(ctx context.Context, page *webapp.Page, path string) (json.RawMessage, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, path, nil)
	if err != nil {
		return nil, err
	}
	rec := &recorder{header: http.Header{}}
	p.api.ServeHTTP(rec, req)
	switch rec.status {
	case http.StatusOK:
		page.Responses[path] = rec.body.Bytes()
		return rec.body.Bytes(), nil
	case http.StatusNotFound:
		page.Responses[path] = nil
		return nil, nil
	default:
		return nil, fmt.Errorf("pages: GET %s: %d %s", path, rec.status, rec.body.Bytes())
	}
}

// recorder keeps a response made in-process.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(b)
}
func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

// bookLD is a book as schema.org describes one on sale: a Book that is also
// a Product, with its offer's price and availability from its stock.
func bookLD(b catalog.Book, head webapp.Head) map[string]any {
	availability := "https://schema.org/InStock"
	if !b.InStock {
		availability = "https://schema.org/OutOfStock"
	}
	ld := map[string]any{
		"@context": "https://schema.org", "@type": []string{"Book", "Product"},
		"name": b.Title, "description": b.Description, "url": head.Canonical, "image": head.Image,
		"author":        map[string]any{"@type": "Person", "name": b.Author},
		"numberOfPages": b.Pages, "datePublished": b.PublicationDate,
		"offers": map[string]any{
			"@type": "Offer", "price": fmt.Sprintf("%d.%02d", b.PriceCents/100, b.PriceCents%100), "priceCurrency": "USD",
			"availability": availability, "url": head.Canonical,
		},
	}
	if b.ISBN != "" {
		ld["isbn"] = b.ISBN
	}
	return ld
}

// postLD is a post as schema.org describes an article of a blog.
func postLD(a posts.Article, head webapp.Head) map[string]any {
	ld := map[string]any{
		"@context": "https://schema.org", "@type": "BlogPosting",
		"headline": a.Title, "description": a.Excerpt, "url": head.Canonical, "mainEntityOfPage": head.Canonical,
		"author": map[string]any{"@type": "Person", "name": a.Author}, "datePublished": a.Date,
	}
	if head.Image != "" {
		ld["image"] = head.Image
	}
	return ld
}

// bookBySlug serves GET /books/{id}: a book's slug there is a permanent
// redirect to its page by id, the one address of a book; anything else is
// the app's page.
func (s *Server) bookBySlug(w http.ResponseWriter, r *http.Request) {
	if b, err := s.catalog.Current().BookBySlug(r.PathValue("id")); err == nil {
		http.Redirect(w, r, "/books/"+strconv.Itoa(b.ID), http.StatusMovedPermanently)
		return
	}
	s.app.ServeHTTP(w, r)
}
