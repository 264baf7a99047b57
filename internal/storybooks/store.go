package storybooks

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/storybooks/story"
)

const recordColumns = `s.id, s.book_id, b.slug, b.title, b.cover_image, s.status, s.version, s.preview_pages,
	s.title, s.start, s.ifid, s.pages, s.created_at, s.updated_at`

const fromStorybooks = ` FROM storybooks s JOIN books b ON b.id = s.book_id`

var errNotFound = httpx.NotFound("Storybook")

type scanner interface{ Scan(dest ...any) error }

func scanRecord(row scanner) (record, error) {
	var r record
	var pages string
	err := row.Scan(&r.ID, &r.BookID, &r.Slug, &r.BookTitle, &r.Cover, &r.Status, &r.Version, &r.PreviewPages,
		&r.Story.Title, &r.Story.Start, &r.Story.IFID, &pages, &r.CreatedAt, &r.UpdatedAt)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal([]byte(pages), &r.Story.Pages); err != nil {
		return r, fmt.Errorf("storybooks: storybook %d: pages: %w", r.ID, err)
	}
	r.CreatedAt, r.UpdatedAt = r.CreatedAt.UTC(), r.UpdatedAt.UTC()
	return r, nil
}

// parseID reads a storybook id as the app writes it: digits, no sign, no
// leading zero, so one storybook has one address.
func parseID(raw string) (int64, bool) {
	id, err := strconv.ParseInt(raw, 10, 64)
	return id, err == nil && id > 0 && strconv.FormatInt(id, 10) == raw
}

// readRecord is the storybook with the id, draft or published.
func readRecord(ctx context.Context, q db.Querier, id int64) (record, error) {
	r, err := scanRecord(q.QueryRowContext(ctx, `SELECT `+recordColumns+fromStorybooks+` WHERE s.id = ?`, id))
	if db.IsNoRows(err) {
		return r, errNotFound
	}
	return r, err
}

// readByBook is the book's storybook, or errNotFound.
func readByBook(ctx context.Context, q db.Querier, bookID int) (record, error) {
	r, err := scanRecord(q.QueryRowContext(ctx, `SELECT `+recordColumns+fromStorybooks+` WHERE s.book_id = ?`, bookID))
	if db.IsNoRows(err) {
		return r, errNotFound
	}
	return r, err
}

// readPublished is the published storybook of the book with the slug. A
// draft book's storybook is as unknown as none: its page is not public.
func readPublished(ctx context.Context, q db.Querier, slug string) (record, error) {
	r, err := scanRecord(q.QueryRowContext(ctx, `SELECT `+recordColumns+fromStorybooks+`
		WHERE b.slug = ? AND s.status = ? AND b.status <> 'draft'`, slug, Published))
	if db.IsNoRows(err) {
		return r, errNotFound
	}
	return r, err
}

// readPublishedByID is readPublished by the storybook's id.
func readPublishedByID(ctx context.Context, q db.Querier, id int64) (record, error) {
	r, err := scanRecord(q.QueryRowContext(ctx, `SELECT `+recordColumns+fromStorybooks+`
		WHERE s.id = ? AND s.status = ? AND b.status <> 'draft'`, id, Published))
	if db.IsNoRows(err) {
		return r, errNotFound
	}
	return r, err
}

// listRecords is every storybook, by book.
func listRecords(ctx context.Context, q db.Querier, where string, args ...any) ([]record, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+recordColumns+fromStorybooks+where+` ORDER BY s.book_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("storybooks: list: %w", err)
	}
	defer rows.Close()
	var out []record
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// bookExists tells whether the catalogue has the book, in any status.
func bookExists(ctx context.Context, q db.Querier, bookID int) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM books WHERE id = ?`, bookID).Scan(&n)
	return n > 0, err
}

func pagesJSON(pages []story.Page) (string, error) {
	if pages == nil {
		pages = []story.Page{}
	}
	b, err := json.Marshal(pages)
	return string(b), err
}

// insertRecord stores a new storybook; its book must have none (else
// errHasStorybook, which two creations at once also meet).
func insertRecord(ctx context.Context, tx *db.Tx, r *record, now time.Time) error {
	pages, err := pagesJSON(r.Story.Pages)
	if err != nil {
		return err
	}
	r.Version, r.CreatedAt, r.UpdatedAt = 1, now, now
	err = tx.QueryRowContext(ctx, `INSERT INTO storybooks (book_id, title, status, version, start, ifid, preview_pages, pages, created_at, updated_at)
		VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.BookID, r.Story.Title, r.Status, r.Story.Start, r.Story.IFID, r.PreviewPages, pages, now, now).Scan(&r.ID)
	if db.IsUniqueViolation(err) {
		return errHasStorybook
	}
	return err
}

var errHasStorybook = httpx.Errorf(httpx.CodeConflict, "This book already has a storybook. Open it from the list to edit it.")

// updateRecord saves r over the stored storybook if that is still at
// r.Version (else a 409 and nothing written), and moves r to the next
// version.
func updateRecord(ctx context.Context, tx *db.Tx, r *record, now time.Time) error {
	pages, err := pagesJSON(r.Story.Pages)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE storybooks SET title = ?, status = ?, start = ?, ifid = ?, preview_pages = ?, pages = ?,
		version = version + 1, updated_at = ? WHERE id = ? AND version = ?`,
		r.Story.Title, r.Status, r.Story.Start, r.Story.IFID, r.PreviewPages, pages, now, r.ID, r.Version)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err == nil {
			err = httpx.Errorf(httpx.CodeConflict, ConflictMessage)
		}
		return err
	}
	r.Version++
	r.UpdatedAt = now
	return nil
}

// grant gives the family of account userID storybook id, audited; created
// is false, with the first grant's time, when the family has it already.
func (s *Service) grant(ctx context.Context, caller auth.Caller, id int64, userID string) (created bool, at time.Time, err error) {
	now := s.now()
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if created, at, err = insertGrant(ctx, tx, id, userID, caller.UserID, now); err != nil || !created {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "storybook.grant", Entity: "storybook",
			EntityID: strconv.FormatInt(id, 10), After: map[string]any{"userId": userID, "source": sourceGrant}, At: now})
	})
	return created, at, err
}

// accountExists tells whether an account has the id.
func accountExists(ctx context.Context, q db.Querier, userID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE id = ?`, userID).Scan(&n)
	return n > 0, err
}

// keepMedia stores an upload once however often it comes, audited.
func (s *Service) keepMedia(ctx context.Context, caller auth.Caller, m Media, hash, contentType string, stored []byte) error {
	now := s.now()
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO storybook_media (hash, kind, content_type, bytes, created_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING`, hash, m.Kind, contentType, stored, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "storybook.media", Entity: "storybook_media",
			EntityID: hash, After: m, At: now})
	})
}

// readMedia is the upload with the hash; sql.ErrNoRows when there is none.
func readMedia(ctx context.Context, q db.Querier, hash string) (contentType string, data []byte, err error) {
	err = q.QueryRowContext(ctx, `SELECT content_type, bytes FROM storybook_media WHERE hash = ?`, hash).Scan(&contentType, &data)
	return contentType, data, err
}

// saveProgress merges a reader's progress into what is kept, in one
// transaction, and returns the merged progress.
func (s *Service) saveProgress(ctx context.Context, storybookID int64, userID string, incoming Progress) (Progress, error) {
	return db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (Progress, error) {
		return mergeProgress(ctx, tx, storybookID, userID, incoming)
	})
}

// libraryRecords are the published storybooks of published books the
// account's family may read.
func libraryRecords(ctx context.Context, q db.Querier, userID string) ([]record, error) {
	return listRecords(ctx, q, ` WHERE s.status = ? AND b.status <> 'draft' AND s.id IN (`+liveEntitlements+`)`, Published, userID)
}
