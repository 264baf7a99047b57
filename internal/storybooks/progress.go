package storybooks

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Each reader of a family keeps their place and the endings they found on
// the server, so a child picks up on another device. Progress made offline
// arrives late: a PUT merges instead of overwriting (visited and endings
// are unions; the page is the one of the newer updatedAt).

// readerMe is the parent as a reader; any other reader is a child's id.
const readerMe = "me"

// Progress is one reader's place in a storybook.
type Progress struct {
	Reader    string     `json:"reader"`
	Page      string     `json:"page"`
	Visited   []string   `json:"visited"`
	Endings   []string   `json:"endings"`
	UpdatedAt *time.Time `json:"updatedAt"` // nil: never read
}

// GetProgress responds to GET /api/library/{storybookId}/progress?reader=.
// A reader who has not started is at the start.
func (s *Service) GetProgress(w http.ResponseWriter, r *http.Request) error {
	rec, reader, err := s.progressTarget(r)
	if err != nil {
		return err
	}
	caller, _ := auth.CallerFrom(r.Context())
	p, found, err := readProgress(r.Context(), s.db, rec.ID, caller.UserID, reader)
	if err != nil {
		return err
	}
	if !found {
		p = Progress{Reader: reader, Page: rec.Story.Start, Visited: []string{}, Endings: []string{}}
	}
	return writePrivate(w, http.StatusOK, p)
}

// progressRequest is the body of a PUT.
type progressRequest struct {
	Page      string     `json:"page"`
	Visited   []string   `json:"visited"`
	Endings   []string   `json:"endings"`
	UpdatedAt *time.Time `json:"updatedAt"`
}

// PutProgress responds to PUT /api/library/{storybookId}/progress?reader=
// with the merged progress. Page ids must be the storybook's, endings its
// ending pages; a time from the client's clock later than the server's
// counts as now, so a wrong clock cannot pin the page for good.
func (s *Service) PutProgress(w http.ResponseWriter, r *http.Request) error {
	rec, reader, err := s.progressTarget(r)
	if err != nil {
		return err
	}
	var in progressRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := validateProgress(&rec, &in); err != nil {
		return err
	}
	now := s.now()
	at := in.UpdatedAt.UTC()
	if at.After(now) {
		at = now
	}
	incoming := Progress{Reader: reader, Page: in.Page, Visited: in.Visited, Endings: in.Endings, UpdatedAt: &at}
	caller, _ := auth.CallerFrom(r.Context())
	merged, err := s.saveProgress(r.Context(), rec.ID, caller.UserID, incoming)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, merged)
}

// progressTarget is the published storybook of the path (404), which the
// caller's family must have (401, 403), and the reader of the query: "me"
// or one of the caller's children (404 for anyone else's).
func (s *Service) progressTarget(r *http.Request) (record, string, error) {
	caller, err := auth.RequireUser(r.Context())
	if err != nil {
		return record{}, "", err
	}
	id, ok := parseID(r.PathValue("storybookId"))
	if !ok {
		return record{}, "", errNotFound
	}
	rec, err := readPublishedByID(r.Context(), s.db, id)
	if err != nil {
		return record{}, "", err
	}
	if _, err := s.requireEdition(r.Context(), rec.ID); err != nil {
		return record{}, "", err
	}
	reader := r.URL.Query().Get("reader")
	switch reader {
	case readerMe:
	case "":
		return record{}, "", httpx.Invalid("Say who is reading: ?reader=me or a child's id.", map[string]string{"reader": "Required"})
	default:
		mine, err := s.kids.IsKid(r.Context(), caller.UserID, reader)
		if err != nil {
			return record{}, "", err
		}
		if !mine {
			return record{}, "", httpx.NotFound("Child")
		}
	}
	return rec, reader, nil
}

// validateProgress checks a PUT against the storybook, deduplicating its
// lists.
func validateProgress(rec *record, in *progressRequest) error {
	fields := map[string]string{}
	if _, ok := rec.page(in.Page); !ok {
		fields["page"] = fmt.Sprintf("This storybook has no page %q.", in.Page)
	}
	for _, id := range in.Visited {
		if _, ok := rec.page(id); !ok {
			fields["visited"] = fmt.Sprintf("This storybook has no page %q.", id)
			break
		}
	}
	for _, id := range in.Endings {
		if p, ok := rec.page(id); !ok || p.Ending == "" {
			fields["endings"] = fmt.Sprintf("This storybook has no ending %q.", id)
			break
		}
	}
	if in.UpdatedAt == nil {
		fields["updatedAt"] = "Required: when the reader was on this page."
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidMessage, fields)
	}
	in.Visited, in.Endings = union(nil, in.Visited), union(nil, in.Endings)
	return nil
}

// union is a's ids followed by b's that a lacks, each once.
func union(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	for _, id := range slices.Concat(a, b) {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// mergeProgress merges incoming into the stored progress in tx and stores
// the result. The row is made first if there is none, so two merges at
// once both find it; on PostgreSQL the SELECT then locks it, and SQLite
// runs one write transaction at a time.
func mergeProgress(ctx context.Context, tx *db.Tx, storybookID int64, userID string, in Progress) (Progress, error) {
	var kidID any
	if in.Reader != readerMe {
		kidID = in.Reader
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO storybook_progress (storybook_id, user_id, reader, kid_id, page, visited, endings, updated_at)
		VALUES (?, ?, ?, ?, ?, '[]', '[]', ?) ON CONFLICT (storybook_id, user_id, reader) DO NOTHING`,
		storybookID, userID, in.Reader, kidID, in.Page, *in.UpdatedAt); err != nil {
		return Progress{}, err
	}
	lock := ""
	if tx.Dialect() == db.Postgres {
		lock = " FOR UPDATE"
	}
	stored, err := scanProgress(tx.QueryRowContext(ctx, `SELECT `+progressColumns+` FROM storybook_progress
		WHERE storybook_id = ? AND user_id = ? AND reader = ?`+lock, storybookID, userID, in.Reader))
	if err != nil {
		return Progress{}, err
	}
	merged := Progress{Reader: in.Reader, Page: stored.Page, Visited: union(stored.Visited, in.Visited),
		Endings: union(stored.Endings, in.Endings), UpdatedAt: stored.UpdatedAt}
	if !in.UpdatedAt.Before(*stored.UpdatedAt) {
		merged.Page, merged.UpdatedAt = in.Page, in.UpdatedAt
	}
	visited, _ := json.Marshal(merged.Visited)
	endings, _ := json.Marshal(merged.Endings)
	_, err = tx.ExecContext(ctx, `UPDATE storybook_progress SET page = ?, visited = ?, endings = ?, updated_at = ?
		WHERE storybook_id = ? AND user_id = ? AND reader = ?`,
		merged.Page, string(visited), string(endings), *merged.UpdatedAt, storybookID, userID, in.Reader)
	return merged, err
}

const progressColumns = `reader, page, visited, endings, updated_at`

func scanProgress(row scanner) (Progress, error) {
	var p Progress
	var visited, endings string
	var at time.Time
	if err := row.Scan(&p.Reader, &p.Page, &visited, &endings, &at); err != nil {
		return p, err
	}
	at = at.UTC()
	p.UpdatedAt = &at
	if err := json.Unmarshal([]byte(visited), &p.Visited); err != nil {
		return p, err
	}
	return p, json.Unmarshal([]byte(endings), &p.Endings)
}

// readProgress is one reader's stored progress, and whether there is one.
func readProgress(ctx context.Context, q db.Querier, storybookID int64, userID, reader string) (Progress, bool, error) {
	p, err := scanProgress(q.QueryRowContext(ctx, `SELECT `+progressColumns+` FROM storybook_progress
		WHERE storybook_id = ? AND user_id = ? AND reader = ?`, storybookID, userID, reader))
	if db.IsNoRows(err) {
		return p, false, nil
	}
	return p, err == nil, err
}
