package storybooks

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/storybooks/story"
)

// Reading: a published storybook's front matter and pages. The free pages
// (story.Preview) are the same for everyone and cached publicly; the rest
// are served only to a family with the edition (an entitlement of the
// parent's account), whoever else is asking, staff included.

// Cover is a storybook as its reader opens it.
type Cover struct {
	ID           int64     `json:"id"`
	Slug         string    `json:"slug"`
	BookID       int       `json:"bookId"`
	Title        string    `json:"title"`
	Start        string    `json:"start"`
	PreviewPages int       `json:"previewPages"`
	Preview      []string  `json:"preview"`
	Endings      int       `json:"endings"`
	Entitled     bool      `json:"entitled"`
	Map          []MapPage `json:"map,omitempty"` // only for a family with the edition
	// Version changes with every change of the storybook, its pages' text
	// too (which the map does not show): a copy kept for offline reading
	// is kept again when it differs (web/src/lib/offline).
	Version int64 `json:"version"`
}

// MapPage is a page on the story's map: where its choices lead, and the
// ending's name if it is one, so the reader names the endings a child
// found (the family has every page anyway).
type MapPage struct {
	ID      string   `json:"id"`
	Choices []string `json:"choices"`
	Ending  string   `json:"ending,omitempty"`
}

// ReadPage is a page as the reader shows it.
type ReadPage struct {
	ID        string         `json:"id"`
	HTML      string         `json:"html"`
	Words     int            `json:"words"`
	Picture   string         `json:"picture"`
	Alt       string         `json:"alt"`
	Narration string         `json:"narration"`
	Timings   []int          `json:"timings"`
	Choices   []story.Choice `json:"choices"`
	Ending    string         `json:"ending"`
}

// GetPublished responds to GET /api/storybooks/{slug}. Anonymous, it is
// the same for everyone and cached publicly (revalidated); signed in, it
// says whether the family has the edition, and then carries the map.
func (s *Service) GetPublished(w http.ResponseWriter, r *http.Request) error {
	rec, err := readPublished(r.Context(), s.db, r.PathValue("slug"))
	if err != nil {
		return err
	}
	c := Cover{ID: rec.ID, Slug: rec.Slug, BookID: rec.BookID, Title: rec.Story.Title, Start: rec.Story.Start,
		PreviewPages: rec.PreviewPages, Preview: story.Preview(rec.Story, rec.PreviewPages), Endings: rec.endings(), Version: rec.Version}
	caller, signedIn := auth.CallerFrom(r.Context())
	if !signedIn {
		return serveCached(w, r, "public, no-cache", c)
	}
	if c.Entitled, err = entitled(r.Context(), s.db, rec.ID, caller.UserID); err != nil {
		return err
	}
	if c.Entitled {
		c.Map = storyMap(rec.Story)
	}
	return serveCached(w, r, "private, no-cache", c)
}

func storyMap(b story.Storybook) []MapPage {
	out := make([]MapPage, len(b.Pages))
	for i, p := range b.Pages {
		m := MapPage{ID: p.ID, Choices: []string{}, Ending: p.Ending}
		for _, c := range p.Choices {
			m.Choices = append(m.Choices, c.To)
		}
		out[i] = m
	}
	return out
}

// GetPage responds to GET /api/storybooks/{slug}/pages/{id}: a free page
// for anyone (cached publicly), any other page for a family with the
// edition (401 anonymous, 403 without it), 404 for a page the storybook
// does not have.
func (s *Service) GetPage(w http.ResponseWriter, r *http.Request) error {
	rec, err := readPublished(r.Context(), s.db, r.PathValue("slug"))
	if err != nil {
		return err
	}
	p, ok := rec.page(r.PathValue("id"))
	if !ok {
		return httpx.NotFound("Page")
	}
	out := readPage(p)
	if slices.Contains(story.Preview(rec.Story, rec.PreviewPages), p.ID) {
		return serveCached(w, r, "public, no-cache", out)
	}
	if _, err := s.requireEdition(r.Context(), rec.ID); err != nil {
		return err
	}
	return serveCached(w, r, "private, no-cache", out)
}

func readPage(p story.Page) ReadPage {
	rp := rendered(p)
	out := ReadPage{ID: p.ID, HTML: rp.HTML, Words: rp.Words, Picture: p.Picture, Alt: p.Alt, Narration: p.Narration,
		Timings: p.Timings, Choices: rp.Choices, Ending: p.Ending}
	if out.Timings == nil {
		out.Timings = []int{}
	}
	return out
}

// requireEdition is the caller, who must be signed in (401) and whose
// family has the storybook (403).
func (s *Service) requireEdition(ctx context.Context, storybookID int64) (auth.Caller, error) {
	caller, ok := auth.CallerFrom(ctx)
	if !ok {
		return caller, httpx.Errorf(httpx.CodeUnauthorized, "%s", LogInToRead)
	}
	caller, err := auth.RequireUser(ctx)
	if err != nil {
		return caller, err
	}
	has, err := entitled(ctx, s.db, storybookID, caller.UserID)
	if err == nil && !has {
		err = httpx.Errorf(httpx.CodeForbidden, "%s", NotInLibrary)
	}
	return caller, err
}

// Shelf is a storybook in the family's library.
type Shelf struct {
	ID      int64  `json:"id"`
	Slug    string `json:"slug"`
	Title   string `json:"title"`
	BookID  int    `json:"bookId"`
	Cover   string `json:"cover"`
	Endings int    `json:"endings"`
	Pages   int    `json:"pages"`
}

// GetLibrary responds to GET /api/library: the published storybooks the
// caller's family has, and the files it bought.
func (s *Service) GetLibrary(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	records, err := libraryRecords(r.Context(), s.db, caller.UserID)
	if err != nil {
		return err
	}
	list := make([]Shelf, len(records))
	for i, rec := range records {
		list[i] = Shelf{ID: rec.ID, Slug: rec.Slug, Title: rec.Story.Title, BookID: rec.BookID, Cover: rec.Cover,
			Endings: rec.endings(), Pages: len(rec.Story.Pages)}
	}
	files, err := s.libraryFiles(r.Context(), caller.UserID)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, struct {
		Storybooks []Shelf `json:"storybooks"`
		Files      any     `json:"files"`
	}{list, files})
}

// entitled tells whether the account's family may read the storybook.
func entitled(ctx context.Context, q db.Querier, storybookID int64, userID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM storybook_entitlements
		WHERE storybook_id = ? AND user_id = ? AND revoked_at IS NULL`, storybookID, userID).Scan(&n)
	return n > 0, err
}

// liveEntitlements selects the storybook ids an account (the one
// argument) may read.
const liveEntitlements = `SELECT storybook_id FROM storybook_entitlements WHERE user_id = ? AND revoked_at IS NULL`

// sourceGrant is an entitlement given by staff.
const sourceGrant = "grant"

// insertGrant gives the account the storybook unless it has a live grant
// already; it tells whether it made one, and when the live one was made.
func insertGrant(ctx context.Context, tx *db.Tx, storybookID int64, userID, grantedBy string, now time.Time) (bool, time.Time, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO storybook_entitlements (storybook_id, user_id, source, granted_by, granted_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (storybook_id, user_id) WHERE source = 'grant' AND revoked_at IS NULL DO NOTHING`,
		storybookID, userID, sourceGrant, grantedBy, now)
	if err != nil {
		return false, now, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, now, nil
	}
	var at time.Time
	err = tx.QueryRowContext(ctx, `SELECT granted_at FROM storybook_entitlements
		WHERE storybook_id = ? AND user_id = ? AND source = ? AND revoked_at IS NULL`, storybookID, userID, sourceGrant).Scan(&at)
	return false, at.UTC(), err
}

// serveCached answers with an ETag; what the reading routes answer depends
// on who asks (Vary: Authorization), even where it is the same for all.
func serveCached(w http.ResponseWriter, r *http.Request, cacheControl string, v any) error {
	w.Header().Add("Vary", "Authorization")
	return httpx.ServeCachedJSON(w, r, cacheControl, v)
}

// sourcePurchase is an entitlement bought with an order (issue 37).
const sourcePurchase = "purchase"

// GrantPurchase gives the account the book's storybook, bought with the
// order, in the transaction that marks the order paid. The order pays
// once, so the grant is made once.
func GrantPurchase(ctx context.Context, q db.Querier, bookID int, userID, orderNumber string, now time.Time) error {
	res, err := q.ExecContext(ctx, `INSERT INTO storybook_entitlements (storybook_id, user_id, source, order_number, granted_at)
		SELECT id, ?, ?, ?, ? FROM storybooks WHERE book_id = ?`, userID, sourcePurchase, orderNumber, now.UTC(), bookID)
	if err != nil {
		return fmt.Errorf("storybooks: grant purchase: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("storybooks: book %d has no storybook to grant", bookID)
	}
	return nil
}

// RevokePurchase takes back the edition the order bought (its line was
// refunded): the reader refuses the family's next page at once.
func RevokePurchase(ctx context.Context, q db.Querier, bookID int, userID, orderNumber string, now time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE storybook_entitlements SET revoked_at = ?
		WHERE user_id = ? AND source = ? AND order_number = ? AND revoked_at IS NULL
		AND storybook_id IN (SELECT id FROM storybooks WHERE book_id = ?)`, now.UTC(), userID, sourcePurchase, orderNumber, bookID)
	if err != nil {
		return fmt.Errorf("storybooks: revoke purchase: %w", err)
	}
	return nil
}

// GivenEdition tells whether staff gave the account the book's storybook
// (a live grant), which a purchase would duplicate.
func GivenEdition(ctx context.Context, q db.Querier, userID string, bookID int) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM storybook_entitlements e JOIN storybooks s ON s.id = e.storybook_id
		WHERE s.book_id = ? AND e.user_id = ? AND e.source = ? AND e.revoked_at IS NULL`, bookID, userID, sourceGrant).Scan(&n)
	return n > 0, err
}
