package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/formats"
	"bookshop/internal/httpx"
)

// The back office's side of the catalogue: books read from the database
// (never from a snapshot, so an editor opens the latest version), and
// changes made in one transaction each with their audit entry and a bump
// of the catalogue's version; after the commit this instance reloads its
// snapshot before responding.

const (
	invalidBook  = "Please correct the highlighted fields."
	staleBook    = "Someone else saved this book after you opened it. Reload to see their changes, then make yours again."
	bookNotFound = "Book not found."
)

// actor is the staff member making a change, by the user id the audit log
// keeps.
type actor struct{ id string }

// actorOf is the staff member the route let in (auth.PermCatalog, routes.go).
func actorOf(ctx context.Context) (actor, error) {
	c, err := auth.StaffFrom(ctx)
	if err != nil {
		return actor{}, err
	}
	return actor{id: c.UserID}, nil
}

func (a actor) entry(action, entity, id string, before, after any, at time.Time) audit.Entry {
	return audit.Entry{ActorID: a.id, Action: action, Entity: entity, EntityID: id,
		Before: before, After: after, At: at}
}

// bookByID reads one book in any status, or a 404.
func bookByID(ctx context.Context, q db.Querier, id int) (*AdminBook, error) {
	b, err := scanBook(q.QueryRowContext(ctx, `SELECT `+bookColumns+` FROM books WHERE id = ?`, id))
	if db.IsNoRows(err) {
		return nil, httpx.Errorf(httpx.CodeNotFound, bookNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("catalog: read book %d: %w", id, err)
	}
	return b, withFormats(ctx, q, []*AdminBook{b}, id)
}

// checkStored adds the rules that need the database to fields: the
// category exists, and no other book has the ISBN or the slug.
func checkStored(ctx context.Context, q db.Querier, b *AdminBook, fields map[string]string) error {
	if _, bad := fields["category"]; !bad {
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM categories WHERE id = ?`, b.Category).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			fields["category"] = "Choose one of the categories."
		}
	}
	if _, bad := fields["isbn"]; !bad && b.ISBN != "" {
		taken, err := takenBy(ctx, q, `REPLACE(isbn, '-', '') = ?`, isbnDigits(b.ISBN), b.ID)
		if err != nil {
			return err
		}
		if taken != "" {
			fields["isbn"] = "Another book has this ISBN: " + taken + "."
		}
	}
	if _, bad := fields["slug"]; !bad {
		taken, err := takenBy(ctx, q, `slug = ?`, b.Slug, b.ID)
		if err != nil {
			return err
		}
		if taken != "" {
			fields["slug"] = "Another book has this slug: " + taken + "."
		}
	}
	return nil
}

// CoverStore tells whether an uploaded cover's URL names a stored copy,
// and uploads a picture as the editor does (internal/covers).
type CoverStore interface {
	Exists(ctx context.Context, url string) (bool, error)
	// UploadURL checks and re-encodes a picture as an upload is, and
	// stores it when keep is set: its URL, or a 4xx *httpx.Error in the
	// upload's words.
	UploadURL(ctx context.Context, data []byte, actorID string, keep bool) (string, error)
}

// checkCover refuses the URL of an upload (a path in a folder under
// /covers/, as /covers/u/...) that is not stored. The shipped covers,
// files right under /covers/, are the web app's own.
func (s *Service) checkCover(ctx context.Context, b *AdminBook, fields map[string]string) error {
	rest, ok := strings.CutPrefix(b.CoverImage, "/covers/")
	if _, bad := fields["coverImage"]; bad || !ok || !strings.Contains(rest, "/") {
		return nil
	}
	stored, err := s.covers.Exists(ctx, b.CoverImage)
	if err != nil {
		return fmt.Errorf("catalog: check cover: %w", err)
	}
	if !stored {
		fields["coverImage"] = "This cover is not among the uploaded ones: upload it again."
	}
	return nil
}

// takenBy is the title of another book than id that matches where, or "".
func takenBy(ctx context.Context, q db.Querier, where string, arg any, id int) (string, error) {
	var title string
	err := q.QueryRowContext(ctx, `SELECT title FROM books WHERE `+where+` AND id <> ? ORDER BY id LIMIT 1`, arg, id).Scan(&title)
	if db.IsNoRows(err) {
		return "", nil
	}
	return title, err
}

// freeSlug is base, or base-2, base-3, ... whichever no book has yet.
func freeSlug(ctx context.Context, q db.Querier, base string) (string, error) {
	for n := 1; ; n++ {
		slug := base
		if n > 1 {
			slug = base + "-" + strconv.Itoa(n)
		}
		taken, err := takenBy(ctx, q, `slug = ?`, slug, 0)
		if err != nil || taken == "" {
			return slug, err
		}
	}
}

// validate checks b completely, in the transaction that will save it.
func (s *Service) validate(ctx context.Context, q db.Querier, b *AdminBook, fields map[string]string) error {
	check(b, fields)
	if err := checkStored(ctx, q, b, fields); err != nil {
		return err
	}
	if err := s.checkCover(ctx, b, fields); err != nil {
		return err
	}
	if err := checkFormats(ctx, q, b, fields); err != nil {
		return err
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidBook, fields)
	}
	return nil
}

// insertBook stores a new book and sets its id, version and time.
func insertBook(ctx context.Context, tx *db.Tx, b *AdminBook, at time.Time) error {
	b.Version, b.UpdatedAt = 1, at.UTC()
	err := tx.QueryRowContext(ctx, `INSERT INTO books (title, author, description, cover_image, price_cents, rating,
		is_new_release, category_id, pages, isbn, publication_date, status, stock, age_band, slug, version, updated_at, preorders)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		b.Title, b.Author, b.Description, b.CoverImage, b.PriceCents, b.Rating, b.IsNewRelease, b.Category, b.Pages,
		b.ISBN, b.PublicationDate, b.Status, b.Stock, b.AgeBand, b.Slug, b.Version, b.UpdatedAt, b.Preorders).Scan(&b.ID)
	if err != nil {
		return storeError(err)
	}
	return saveFormats(ctx, tx, b)
}

// saveBook saves b over the version it was based on (b.Version) and
// moves it to the next; false when someone saved the book in between.
func saveBook(ctx context.Context, tx *db.Tx, b *AdminBook, at time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE books SET title = ?, author = ?, description = ?, cover_image = ?,
		price_cents = ?, rating = ?, is_new_release = ?, category_id = ?, pages = ?, isbn = ?, publication_date = ?,
		status = ?, stock = ?, age_band = ?, slug = ?, preorders = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND version = ?`,
		b.Title, b.Author, b.Description, b.CoverImage, b.PriceCents, b.Rating, b.IsNewRelease, b.Category, b.Pages,
		b.ISBN, b.PublicationDate, b.Status, b.Stock, b.AgeBand, b.Slug, b.Preorders, at.UTC(), b.ID, b.Version)
	if err != nil {
		return false, storeError(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	if err := saveFormats(ctx, tx, b); err != nil {
		return false, err
	}
	b.Version++
	b.UpdatedAt = at.UTC()
	return true, nil
}

// storeError turns a unique index's refusal (two saves racing for one ISBN
// or slug, which checkStored could not see yet) into a conflict.
func storeError(err error) error {
	if db.IsUniqueViolation(err) {
		return httpx.Errorf(httpx.CodeConflict, "Another book was just saved with the same ISBN or slug. Reload and try again.")
	}
	return fmt.Errorf("catalog: save book: %w", err)
}

// createBook makes a new book (a draft unless status says otherwise). Its
// slug is made from the title when none is given.
func (s *Service) createBook(ctx context.Context, a actor, in bookInput) (*AdminBook, error) {
	if in.Version != nil {
		return nil, httpx.Invalid(invalidBook, map[string]string{"version": "A new book has no version yet."})
	}
	b := &AdminBook{Status: StatusDraft}
	fields := map[string]string{}
	in.apply(b, fields)
	at := s.now()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if in.Slug == nil && b.Title != "" {
			slug, err := freeSlug(ctx, tx, Slugify(b.Title))
			if err != nil {
				return err
			}
			b.Slug = slug
		}
		if err := s.validate(ctx, tx, b, fields); err != nil {
			return err
		}
		if err := insertBook(ctx, tx, b, at); err != nil {
			return err
		}
		return s.recordChange(ctx, tx, a.entry("book.create", "book", strconv.Itoa(b.ID), nil, b, at))
	})
	if err != nil {
		return nil, err
	}
	s.refreshAfter(ctx)
	return b, nil
}

// recordChange writes the change's audit entry and bumps the catalogue's
// version, in the change's transaction.
func (s *Service) recordChange(ctx context.Context, tx *db.Tx, e audit.Entry) error {
	if err := audit.Record(ctx, tx, e); err != nil {
		return err
	}
	return bumpVersion(ctx, tx)
}

// patchBook saves the fields given over the version the editor loaded; a
// save over a newer version is a 409 and changes nothing. Archiving is an
// update of the status.
func (s *Service) patchBook(ctx context.Context, a actor, id int, in bookInput) (*AdminBook, error) {
	version, err := versionOf(in.Version)
	if err != nil {
		return nil, err
	}
	at := s.now()
	var saved *AdminBook
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		before, err := bookByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if before.Version != version {
			return httpx.Errorf(httpx.CodeConflict, staleBook)
		}
		b := before.clone()
		fields := map[string]string{}
		in.apply(&b, fields)
		if err := s.validate(ctx, tx, &b, fields); err != nil {
			return err
		}
		ok, err := saveBook(ctx, tx, &b, at)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.Errorf(httpx.CodeConflict, staleBook)
		}
		if err := s.dateSaved(ctx, tx, &b); err != nil {
			return err
		}
		action := "book.update"
		if b.Status == StatusArchived && before.Status != StatusArchived {
			action = "book.archive"
		}
		saved = &b
		return s.recordChange(ctx, tx, a.entry(action, "book", strconv.Itoa(id), before, &b, at))
	})
	if err != nil {
		return nil, err
	}
	s.refreshAfter(ctx)
	return saved, nil
}

// versionOf reads the version a save names; it is required.
func versionOf(v *json.Number) (int64, error) {
	if v == nil {
		return 0, httpx.Invalid(invalidBook, map[string]string{"version": "Required: the version you opened, so a newer save is not overwritten."})
	}
	n, err := strconv.ParseInt(string(*v), 10, 64)
	if err != nil || n < 1 {
		return 0, httpx.Invalid(invalidBook, map[string]string{"version": "The version must be a whole number from 1."})
	}
	return n, nil
}

// duplicateBook makes a draft copy of a book: "Copy of …", its own slug,
// and no ISBN (a copy is another edition: its ISBN is entered before it is
// published). A tracked stock starts at 0.
func (s *Service) duplicateBook(ctx context.Context, a actor, id int) (*AdminBook, error) {
	at := s.now()
	var b AdminBook
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		orig, err := bookByID(ctx, tx, id)
		if err != nil {
			return err
		}
		b = *orig
		b.Title = truncateRunes("Copy of "+orig.Title, maxTitle)
		b.Status, b.ISBN = StatusDraft, ""
		// The interactive edition is the original's storybook, not the copy's.
		b.Formats = slices.DeleteFunc(slices.Clone(orig.Formats), func(f AdminFormat) bool { return f.Format == formats.Interactive })
		if len(b.Formats) == 0 {
			b.setPrintPrice(b.PriceCents)
		}
		if b.Stock != nil {
			zero := 0
			b.Stock = &zero
		}
		if b.Slug, err = freeSlug(ctx, tx, strings.TrimSuffix(truncateRunes(orig.Slug, maxSlug-12), "-")+"-copy"); err != nil {
			return err
		}
		if err := s.validate(ctx, tx, &b, map[string]string{}); err != nil {
			return err
		}
		if err := insertBook(ctx, tx, &b, at); err != nil {
			return err
		}
		return s.recordChange(ctx, tx, a.entry("book.duplicate", "book", strconv.Itoa(b.ID), nil, &b, at))
	})
	if err != nil {
		return nil, err
	}
	s.refreshAfter(ctx)
	return &b, nil
}

func truncateRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return strings.TrimSpace(string(r[:n]))
	}
	return s
}
