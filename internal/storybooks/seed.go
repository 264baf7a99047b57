package storybooks

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/storybooks/story"
)

// The shop ships book 3's interactive edition, written by the publisher
// (seed/our-first-adventure.twee, its scenes in the web app at
// /storybooks/our-first-adventure/). It is loaded at start, as the blog's
// first posts are rendered at start (internal/posts), because a migration
// cannot run Go to read Twee.

//go:embed seed/our-first-adventure.twee
var shippedTwee []byte

// ShippedBookID is the book the shipped story belongs to ("Our First
// Adventure").
const ShippedBookID = 3

// Shipped is the shipped story as Twee makes it.
func Shipped() (story.Storybook, error) { return story.ParseTwee(shippedTwee) }

// LoadShipped imports and publishes the shipped story when its book has no
// storybook, once: a start that finds one writes nothing, and of two
// instances starting together the unique book_id lets one insert. Like
// the catalogue's seeded books, it is part of the shop as shipped: no audit
// entry, and the catalogue's version stays (the catalogue is loaded after
// this, and reads that book 3 has its storybook).
func LoadShipped(ctx context.Context, d *db.DB, now func() time.Time) error {
	var n int
	err := d.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM books WHERE id = ?) - (SELECT COUNT(*) FROM storybooks WHERE book_id = ?)`,
		ShippedBookID, ShippedBookID).Scan(&n)
	if err != nil || n != 1 { // no book 3, or it has its storybook
		return err
	}
	b, err := Shipped()
	if err != nil {
		return fmt.Errorf("storybooks: the shipped story: %w", err)
	}
	if fields := story.Validate(b); len(fields) > 0 {
		return fmt.Errorf("storybooks: the shipped story is not valid: %v", fields)
	}
	if rep := story.Check(b); len(rep.Problems) > 0 {
		return fmt.Errorf("storybooks: the shipped story cannot be published: %v", rep.Problems)
	}
	pages, err := pagesJSON(b.Pages)
	if err != nil {
		return err
	}
	at := now().UTC()
	_, err = d.ExecContext(ctx, `INSERT INTO storybooks (book_id, title, status, version, start, ifid, preview_pages, pages, created_at, updated_at)
		VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?) ON CONFLICT (book_id) DO NOTHING`,
		ShippedBookID, b.Title, Published, b.Start, b.IFID, DefaultPreviewPages, pages, at, at)
	return err
}
