// Package catalog is the shop's catalogue: books and categories, seeded by a
// migration and immutable while the server runs. It is loaded once at start
// and its JSON responses are computed then, so serving it costs no query.
package catalog

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Book is one title of the catalogue, in the JSON shape of the spec's Book.
type Book struct {
	ID              int     `json:"id"`
	Title           string  `json:"title"`
	Author          string  `json:"author"`
	Description     string  `json:"description"`
	CoverImage      string  `json:"coverImage"`
	Price           float64 `json:"price"` // dollars, for display; PriceCents is the truth
	PriceCents      int64   `json:"priceCents"`
	Rating          float64 `json:"rating"`
	IsNewRelease    bool    `json:"isNewRelease"`
	Category        string  `json:"category"`
	Pages           int     `json:"pages"`
	ISBN            string  `json:"isbn"`
	PublicationDate string  `json:"publicationDate"` // YYYY-MM-DD
}

// Category is a shelf of the shop with the number of books on it.
type Category struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Count       int    `json:"count"`
}

// Catalog is the loaded, read-only catalogue. Safe for concurrent use.
type Catalog struct {
	books      []Book
	byID       map[int]Book
	categories []Category

	booksJSON      document
	categoriesJSON document
	bookJSON       map[int]document
}

// document is a precomputed JSON response and its entity tag, with its gzip
// form made once too (nil when compressing would not make it smaller), so
// no request compresses the catalogue again. Each form has its own tag.
type document struct {
	body, gzipped  []byte
	etag, gzipETag string
}

// Load reads the catalogue from the database and precomputes its responses.
func Load(ctx context.Context, q db.Querier) (*Catalog, error) {
	books, err := loadBooks(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("catalog: load books: %w", err)
	}
	cats, err := loadCategories(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("catalog: load categories: %w", err)
	}
	return build(books, cats)
}

func build(books []Book, cats []Category) (*Catalog, error) {
	c := &Catalog{books: books, byID: make(map[int]Book, len(books)), bookJSON: make(map[int]document, len(books))}
	counts := map[string]int{}
	for _, b := range books {
		c.byID[b.ID] = b
		counts[b.Category]++
		doc, err := newDocument(b)
		if err != nil {
			return nil, err
		}
		c.bookJSON[b.ID] = doc
	}
	for i := range cats {
		cats[i].Count = counts[cats[i].ID]
	}
	c.categories = cats
	var err error
	if c.booksJSON, err = newDocument(books); err != nil {
		return nil, err
	}
	if c.categoriesJSON, err = newDocument(cats); err != nil {
		return nil, err
	}
	return c, nil
}

func newDocument(v any) (document, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return document{}, err
	}
	body = append(body, '\n')
	sum := sha256.Sum256(body)
	tag := base64.RawURLEncoding.EncodeToString(sum[:16])
	return document{body: body, gzipped: gzipped(body), etag: `"` + tag + `"`, gzipETag: `"` + tag + `-gzip"`}, nil
}

func gzipped(body []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	if buf.Len() >= len(body) {
		return nil
	}
	return buf.Bytes()
}

// Inline is the catalogue as the web app's pages carry it (internal/webapp
// Options.Inline): the responses of GET /api/books and /api/categories, byte
// for byte, so a first visit renders the shelves without asking for them.
func (c *Catalog) Inline() map[string]json.RawMessage {
	return map[string]json.RawMessage{"/api/books": c.booksJSON.body, "/api/categories": c.categoriesJSON.body}
}

// Books returns every book, ordered by id. The slice must not be modified.
func (c *Catalog) Books() []Book { return c.books }

// Categories returns the categories in display order with their counts.
func (c *Catalog) Categories() []Category { return c.categories }

// Book returns the book with the id, or a not-found error.
func (c *Catalog) Book(id int) (Book, error) {
	b, ok := c.byID[id]
	if !ok {
		return Book{}, httpx.Errorf(httpx.CodeNotFound, "Book %d not found.", id)
	}
	return b, nil
}

func loadBooks(ctx context.Context, q db.Querier) ([]Book, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, title, author, description, cover_image, price_cents, rating,
		is_new_release, category_id, pages, isbn, publication_date FROM books ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var books []Book
	for rows.Next() {
		var b Book
		if err := rows.Scan(&b.ID, &b.Title, &b.Author, &b.Description, &b.CoverImage, &b.PriceCents, &b.Rating,
			&b.IsNewRelease, &b.Category, &b.Pages, &b.ISBN, &b.PublicationDate); err != nil {
			return nil, err
		}
		b.Price = float64(b.PriceCents) / 100
		books = append(books, b)
	}
	return books, rows.Err()
}

func loadCategories(ctx context.Context, q db.Querier) ([]Category, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, name, description FROM categories ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cats []Category
	for rows.Next() {
		var c Category
		if err := rows.Scan(&c.ID, &c.Name, &c.Description); err != nil {
			return nil, err
		}
		cats = append(cats, c)
	}
	return cats, rows.Err()
}
