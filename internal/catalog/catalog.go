// Package catalog is the shop's catalogue: books and categories. The
// publisher changes it in the back office (admin.go) while the server runs;
// visitors read an in-memory snapshot of it (Catalog) whose JSON responses
// are computed when it is loaded (the whole list when first asked), so
// serving it costs no query. Every
// transaction that changes the catalogue bumps its version (version.go);
// each instance reloads its snapshot when the version moves (live.go).
package catalog

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Book statuses: only a published book is shown to visitors and sold.
const (
	StatusDraft     = "draft"
	StatusPublished = "published"
	StatusArchived  = "archived"
)

// Book is a published title as visitors see it: the spec's Book, with its
// age band, slug and stock.
type Book struct {
	ID              int      `json:"id"`
	Title           string   `json:"title"`
	Author          string   `json:"author"`
	Description     string   `json:"description"`
	CoverImage      string   `json:"coverImage"`
	Price           float64  `json:"price"` // dollars, for display; PriceCents is the truth
	PriceCents      int64    `json:"priceCents"`
	Rating          *float64 `json:"rating"` // nil: not rated, and shown without stars
	IsNewRelease    bool     `json:"isNewRelease"`
	Category        string   `json:"category"`
	Pages           int      `json:"pages"`
	ISBN            string   `json:"isbn"`
	PublicationDate string   `json:"publicationDate"` // YYYY-MM-DD
	AgeBand         string   `json:"ageBand"`
	Slug            string   `json:"slug"`
	// Stock is the copies on hand, nil when the book's stock is not
	// tracked (always available); InStock is false only for a tracked
	// book with none left (a book without print never runs out).
	Stock   *int `json:"stock"`
	InStock bool `json:"inStock"`
	// Storybook tells that the book's interactive edition is published
	// (internal/storybooks), so its page offers "Try the first pages".
	Storybook bool `json:"storybook,omitempty"`
	// Formats are the formats on sale (formats.go): print, interactive,
	// ebook, audiobook, printable, in that order. Price and PriceCents are
	// the printed book's (or, for a book sold only in digital formats, the
	// lowest), for older clients.
	Formats []Format `json:"formats"`
	// Preorder tells that the book takes pre-orders: its pre-orders are on
	// and its publicationDate is after today, in the shop's time zone. It
	// ships, and its digital formats open, on that day.
	Preorder bool `json:"preorder"`
}

// AdminBook is a book as the back office sees and edits it, in any status.
type AdminBook struct {
	ID              int       `json:"id"`
	Title           string    `json:"title"`
	Author          string    `json:"author"`
	Description     string    `json:"description"`
	PriceCents      int64     `json:"priceCents"`
	Category        string    `json:"category"`
	Pages           int       `json:"pages"`
	ISBN            string    `json:"isbn"`
	PublicationDate string    `json:"publicationDate"`
	IsNewRelease    bool      `json:"isNewRelease"`
	CoverImage      string    `json:"coverImage"`
	Rating          *float64  `json:"rating"` // nil: not rated
	Status          string    `json:"status"`
	Stock           *int      `json:"stock"`
	AgeBand         string    `json:"ageBand"`
	Slug            string    `json:"slug"`
	Version         int64     `json:"version"`
	UpdatedAt       time.Time `json:"updatedAt"`
	Storybook       bool      `json:"storybook"` // its storybook is published (read only)
	// Formats are every format the book has, with their files, whether on
	// sale yet or not (an interactive edition whose storybook is a draft).
	Formats []AdminFormat `json:"formats"`
	// Preorders is the editor's switch: while its publicationDate is still
	// to come, the published book takes pre-orders.
	Preorders bool `json:"preorders"`
}

// PreorderOn tells whether the book takes pre-orders on the shop's day
// today (YYYY-MM-DD).
func (b *AdminBook) PreorderOn(today string) bool {
	return b.Status == StatusPublished && b.Preorders && b.PublicationDate > today
}

// public is the book as visitors see it on the shop's day today.
func (b *AdminBook) public(today string) Book {
	return Book{ID: b.ID, Title: b.Title, Author: b.Author, Description: b.Description, CoverImage: b.CoverImage,
		Price: float64(b.PriceCents) / 100, PriceCents: b.PriceCents, Rating: b.Rating, IsNewRelease: b.IsNewRelease,
		Category: b.Category, Pages: b.Pages, ISBN: b.ISBN, PublicationDate: b.PublicationDate, AgeBand: b.AgeBand,
		Slug: b.Slug, Stock: b.Stock, InStock: b.Stock == nil || *b.Stock > 0 || !b.inPrint(), Storybook: b.Storybook,
		Formats: b.publicFormats(), Preorder: b.PreorderOn(today)}
}

// Category is a shelf of the shop with the number of published books on it.
type Category struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Count       int    `json:"count"`
}

// Catalog is one loaded snapshot of the catalogue, read-only and safe for
// concurrent use. A change makes a new snapshot (Live).
type Catalog struct {
	version    int64
	today      string             // the shop's day it was made for: a pre-order ends with it
	all        map[int]*AdminBook // every book, in any status
	books      []Book             // the published books, by id
	byID       map[int]int        // index into books
	bySlug     map[string]int     // published book id by slug
	categories []Category
	// haystack is each published book's title and author in lower case,
	// beside books, for the search (search.go).
	haystack []string

	listOnce       sync.Once
	booksJSON      document // made by booksList
	firstPage      document // the search response of /books as it opens: no filter, page 1
	categoriesJSON document
	bookJSON       map[int]document
}

// document is a precomputed JSON response and its entity tag, with its gzip
// form made once too (nil when compressing would not make it smaller), so
// no request compresses the catalogue again. Each form has its own tag.
type document struct {
	body, gzipped  []byte
	etag, gzipETag string
	// fragment is a book's body, without its newline, compressed for the
	// gzip form of a search response (gzjoin.go).
	fragment []byte
}

// Load reads the catalogue from the database and precomputes its responses.
func Load(ctx context.Context, q db.Querier) (*Catalog, error) {
	return load(ctx, q, nil, time.Now().UTC().Format(time.DateOnly))
}

// load reads a consistent snapshot: the version before and after the rows
// is the same, so no change committed in between. Documents of books that
// did not change since prev are reused rather than made again.
func load(ctx context.Context, q db.Querier, prev *Catalog, today string) (*Catalog, error) {
	for range 10 {
		before, err := readVersion(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("catalog: read version: %w", err)
		}
		books, err := loadBooks(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("catalog: load books: %w", err)
		}
		cats, err := loadCategories(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("catalog: load categories: %w", err)
		}
		after, err := readVersion(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("catalog: read version: %w", err)
		}
		if before == after {
			return build(after, today, books, cats, prev)
		}
	}
	return nil, fmt.Errorf("catalog: the catalogue kept changing while it was loaded")
}

func build(version int64, today string, all []*AdminBook, cats []Category, prev *Catalog) (*Catalog, error) {
	c := &Catalog{version: version, today: today, all: make(map[int]*AdminBook, len(all)), byID: map[int]int{},
		bySlug: map[string]int{}, bookJSON: map[int]document{}}
	counts := map[string]int{}
	for _, b := range all {
		c.all[b.ID] = b
		if b.Status != StatusPublished {
			continue
		}
		pub := b.public(today)
		c.byID[b.ID] = len(c.books)
		c.bySlug[b.Slug] = b.ID
		c.books = append(c.books, pub)
		c.haystack = append(c.haystack, strings.ToLower(pub.Title)+"\x00"+strings.ToLower(pub.Author))
		counts[b.Category]++
		if doc, ok := prev.reusable(pub); ok {
			c.bookJSON[b.ID] = doc
			continue
		}
		doc, err := newDocument(pub)
		if err != nil {
			return nil, err
		}
		doc.fragment = deflateFragment(bytes.TrimSuffix(doc.body, []byte("\n")))
		c.bookJSON[b.ID] = doc
	}
	for i := range cats {
		cats[i].Count = counts[cats[i].ID]
	}
	c.categories = cats
	pageIDs, total := c.Find(firstPage)
	head, tail := searchFrame(total)
	c.firstPage = c.joinedDocument(pageIDs, head, tail)
	var err error
	if c.categoriesJSON, err = newDocument(cats); err != nil {
		return nil, err
	}
	return c, nil
}

// reusable is the previous snapshot's document of b when b has not changed.
func (c *Catalog) reusable(b Book) (document, bool) {
	if c == nil {
		return document{}, false
	}
	i, ok := c.byID[b.ID]
	if !ok || !sameBook(c.books[i], b) {
		return document{}, false
	}
	return c.bookJSON[b.ID], true
}

func sameBook(a, b Book) bool {
	if !sameFormats(a.Formats, b.Formats) {
		return false
	}
	sa, sb, ra, rb := a.Stock, b.Stock, a.Rating, b.Rating
	a.Stock, b.Stock, a.Rating, b.Rating = nil, nil, nil, nil
	a.Formats, b.Formats = nil, nil
	return reflect.DeepEqual(a, b) && samePointee(sa, sb) && samePointee(ra, rb)
}

// samePointee tells whether two optional values are both absent or equal.
func samePointee[T comparable](a, b *T) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

func newDocument(v any) (document, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return document{}, err
	}
	body = append(body, '\n')
	return tagged(body, gzipped(body)), nil
}

// tagged is a document of body and its gzip form, tagged by its content.
func tagged(body, gzipped []byte) document {
	sum := sha256.Sum256(body)
	tag := base64.RawURLEncoding.EncodeToString(sum[:16])
	return document{body: body, gzipped: gzipped, etag: `"` + tag + `"`, gzipETag: `"` + tag + `-gzip"`}
}

// joinedDocument is head, the JSON of the books with the ids separated by
// commas, and tail, made ahead of time.
func (c *Catalog) joinedDocument(ids []int, head, tail []byte) document {
	body := c.joined(ids, head, tail, false)
	var zipped []byte
	if len(body) >= 2048 {
		zipped = c.joined(ids, head, tail, true)
	}
	return tagged(body, zipped)
}

// joined is head, the books' JSON separated by commas, and tail; with gz,
// the gzip form of it, joined from the books' compressed JSON (gzjoin.go).
func (c *Catalog) joined(ids []int, head, tail []byte, gz bool) []byte {
	comma := []byte(",")
	if gz {
		g := newGzipJoin(64 + 512*len(ids))
		g.text(head)
		for i, id := range ids {
			if i > 0 {
				g.text(comma)
			}
			d := c.bookJSON[id]
			g.fragment(d.fragment, d.body[:len(d.body)-1])
		}
		g.text(tail)
		return g.bytes()
	}
	buf := bytes.NewBuffer(make([]byte, 0, 64+1024*len(ids)))
	buf.Write(head)
	for i, id := range ids {
		if i > 0 {
			buf.Write(comma)
		}
		d := c.bookJSON[id]
		buf.Write(d.body[:len(d.body)-1])
	}
	buf.Write(tail)
	return buf.Bytes()
}

// gzipWriters are reused: a new writer allocates its whole window, far more
// than one book's JSON, and a reload compresses every changed book.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestCompression)
	return zw
}}

// gzipped is body compressed, or nil when that is not worth it: a body under
// 2 KiB reaches the client in its first round trip either way (the same
// threshold as the server's compression middleware, httpx.Compress).
func gzipped(body []byte) []byte {
	if len(body) < 2048 {
		return nil
	}
	var buf bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&buf)
	_, _ = zw.Write(body)
	_ = zw.Close()
	if buf.Len() >= len(body) {
		return nil
	}
	return buf.Bytes()
}

// Version is the catalogue version the snapshot was loaded at.
func (c *Catalog) Version() int64 { return c.version }

// booksList is GET /api/books's whole list, made when it is first asked of
// this snapshot: the shop's pages read searches, so a reload (after each
// order that takes stock) need not join thousands of books nobody asked
// for. It is made of the books' own JSON, byte for byte what json.Marshal
// makes of the slice, and its gzip form of their compressed JSON.
func (c *Catalog) booksList() document {
	c.listOnce.Do(func() {
		ids := make([]int, len(c.books))
		for i, b := range c.books {
			ids[i] = b.ID
		}
		c.booksJSON = c.joinedDocument(ids, []byte("["), []byte("]\n"))
	})
	return c.booksJSON
}

// Books returns the published books, ordered by id. The slice must not be
// modified.
func (c *Catalog) Books() []Book { return c.books }

// Categories returns the categories in display order with their counts.
func (c *Catalog) Categories() []Category { return c.categories }

// Book returns the published book with the id, or a not-found error: a
// draft or archived book is not found, as an unknown one.
func (c *Catalog) Book(id int) (Book, error) {
	i, ok := c.byID[id]
	if !ok {
		return Book{}, httpx.Errorf(httpx.CodeNotFound, "Book %d not found.", id)
	}
	return c.books[i], nil
}

// UpdatedAt is when the book with the id was last changed (a sitemap's
// lastmod), or the zero time for no book.
func (c *Catalog) UpdatedAt(id int) time.Time {
	if b, ok := c.all[id]; ok {
		return b.UpdatedAt
	}
	return time.Time{}
}

// BookBySlug returns the published book with the slug.
func (c *Catalog) BookBySlug(slug string) (Book, error) {
	id, ok := c.bySlug[slug]
	if !ok {
		return Book{}, httpx.Errorf(httpx.CodeNotFound, "Book %q not found.", slug)
	}
	return c.Book(id)
}

// Offer is what a checkout needs of a book in any status: its title,
// price, status and whether its stock is tracked.
type Offer struct {
	ID         int
	Title      string
	PriceCents int64
	Status     string
	Tracked    bool
	// ReleaseDate is the publication date of a book taking pre-orders
	// today, "" for one that is out.
	ReleaseDate string
	// Formats are the prices of the formats on sale now, by format; Files
	// the files of each file format, in their order.
	Formats map[string]int64
	Files   map[string][]string
}

// Offer returns the book with the id in any status, or false when there is
// none.
func (c *Catalog) Offer(id int) (Offer, bool) {
	b, ok := c.all[id]
	if !ok {
		return Offer{}, false
	}
	o := Offer{ID: b.ID, Title: b.Title, PriceCents: b.PriceCents, Status: b.Status, Tracked: b.Stock != nil,
		Formats: map[string]int64{}, Files: map[string][]string{}}
	if b.PreorderOn(c.today) {
		o.ReleaseDate = b.PublicationDate
	}
	for _, f := range b.Formats {
		if b.Sellable(f) {
			o.Formats[f.Format] = f.PriceCents
			o.Files[f.Format] = b.FileIDs(f.Format)
		}
	}
	return o, true
}

// HasCategory tells whether id names a category.
func (c *Catalog) HasCategory(id string) bool {
	for _, cat := range c.categories {
		if cat.ID == id {
			return true
		}
	}
	return false
}

// The last column tells whether the book's storybook is published: a
// publish or unpublish bumps the catalogue's version (BumpVersion), so the
// snapshot reads it again.
const bookColumns = `id, title, author, description, cover_image, price_cents, rating, is_new_release, category_id,
	pages, isbn, publication_date, status, stock, age_band, slug, version, updated_at, preorders,
	EXISTS (SELECT 1 FROM storybooks WHERE storybooks.book_id = books.id AND storybooks.status = 'published')`

func scanBook(row interface{ Scan(...any) error }) (*AdminBook, error) {
	b := &AdminBook{}
	var stock *int64
	if err := row.Scan(&b.ID, &b.Title, &b.Author, &b.Description, &b.CoverImage, &b.PriceCents, &b.Rating,
		&b.IsNewRelease, &b.Category, &b.Pages, &b.ISBN, &b.PublicationDate, &b.Status, &stock, &b.AgeBand,
		&b.Slug, &b.Version, &b.UpdatedAt, &b.Preorders, &b.Storybook); err != nil {
		return nil, err
	}
	if stock != nil {
		n := int(*stock)
		b.Stock = &n
	}
	b.UpdatedAt = b.UpdatedAt.UTC()
	return b, nil
}

func loadBooks(ctx context.Context, q db.Querier) ([]*AdminBook, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+bookColumns+` FROM books ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var books []*AdminBook
	for rows.Next() {
		b, err := scanBook(rows)
		if err != nil {
			return nil, err
		}
		books = append(books, b)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	return books, withFormats(ctx, q, books, 0)
}

func loadCategories(ctx context.Context, q db.Querier) ([]Category, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, name, description FROM categories ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cats := []Category{}
	for rows.Next() {
		var c Category
		if err := rows.Scan(&c.ID, &c.Name, &c.Description); err != nil {
			return nil, err
		}
		cats = append(cats, c)
	}
	return cats, rows.Err()
}
