package catalog

import (
	"context"
	"fmt"
	"slices"

	"bookshop/internal/db"
)

// Stock is tracked per book and optional: a book whose stock is NULL is
// always available. An order takes its copies in the transaction that
// records it (internal/orders, through the server's adapter), with a
// conditional UPDATE that never takes more than are left, so concurrent
// buyers of the last copies on any number of instances never oversell.

// Copies is a number of copies of one book.
type Copies struct {
	BookID   int
	Quantity int
}

// Shortage is why copies could not be taken: the book is no longer on sale
// (a draft, archived or unknown book), or fewer than asked are left.
type Shortage struct {
	BookID int
	Title  string
	OnSale bool
	Left   int
}

// TakeCopies takes the copies of each tracked book in tx. Books are taken
// in the order of their ids, and the catalogue's version is bumped once at
// the end, so two orders lock rows in the same order and cannot deadlock.
// On a shortage it returns it and takes nothing more; the caller rolls
// back. changed tells that a tracked stock went down: call Changed after
// the commit.
func TakeCopies(ctx context.Context, tx *db.Tx, want []Copies) (changed bool, short *Shortage, err error) {
	want = slices.Clone(want)
	slices.SortFunc(want, func(a, b Copies) int { return a.BookID - b.BookID })
	for _, c := range want {
		res, err := tx.ExecContext(ctx, `UPDATE books SET stock = stock - ?, version = version + 1
			WHERE id = ? AND status = 'published' AND stock IS NOT NULL AND stock >= ?`, c.Quantity, c.BookID, c.Quantity)
		if err != nil {
			return false, nil, fmt.Errorf("catalog: take copies: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			if err != nil {
				return false, nil, err
			}
			changed = true
			continue
		}
		// Not taken: untracked (fine), or not on sale, or too few left.
		var s Shortage
		var status string
		var stock *int64
		err = tx.QueryRowContext(ctx, `SELECT title, status, stock FROM books WHERE id = ?`, c.BookID).Scan(&s.Title, &status, &stock)
		if db.IsNoRows(err) {
			return false, &Shortage{BookID: c.BookID}, nil
		}
		if err != nil {
			return false, nil, fmt.Errorf("catalog: read stock: %w", err)
		}
		s.BookID, s.OnSale = c.BookID, status == StatusPublished
		switch {
		case !s.OnSale:
			return false, &s, nil
		case stock != nil:
			s.Left = int(*stock)
			return false, &s, nil
		}
	}
	if changed {
		if err := bumpVersion(ctx, tx); err != nil {
			return false, nil, err
		}
	}
	return changed, nil, nil
}

// ReturnCopies puts copies taken by an order that will not be paid back on
// the shelf of each book that is still tracked.
func ReturnCopies(ctx context.Context, tx *db.Tx, give []Copies) (changed bool, err error) {
	give = slices.Clone(give)
	slices.SortFunc(give, func(a, b Copies) int { return a.BookID - b.BookID })
	for _, c := range give {
		res, err := tx.ExecContext(ctx, `UPDATE books SET stock = stock + ?, version = version + 1
			WHERE id = ? AND stock IS NOT NULL`, c.Quantity, c.BookID)
		if err != nil {
			return false, fmt.Errorf("catalog: return copies: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			changed = true
		}
	}
	if changed {
		if err := bumpVersion(ctx, tx); err != nil {
			return false, err
		}
	}
	return changed, nil
}
