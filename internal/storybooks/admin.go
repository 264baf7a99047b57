package storybooks

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/storybooks/story"
)

// MaxImportBytes bounds a Twee file (a few hundred pages of text),
// beyond the server's usual body limit (serve.go, largeBodies).
const MaxImportBytes = 4 << 20

// ListStorybooks responds to GET /api/admin/storybooks: every storybook
// with its book, status, paths and the number of its problems.
func (s *Service) ListStorybooks(w http.ResponseWriter, r *http.Request) error {
	records, err := listRecords(r.Context(), s.db, "")
	if err != nil {
		return err
	}
	list := make([]Listed, len(records))
	for i := range records {
		list[i] = records[i].listed()
	}
	return writePrivate(w, http.StatusOK, map[string]any{"storybooks": list})
}

// GetStorybook responds to GET /api/admin/storybooks/{id}.
func (s *Service) GetStorybook(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.adminRecord(r)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, rec.edited())
}

// CheckStorybook responds to GET /api/admin/storybooks/{id}/check: what
// keeps the stored storybook from being published.
func (s *Service) CheckStorybook(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.adminRecord(r)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, report(rec.Story))
}

func (s *Service) adminRecord(r *http.Request) (record, error) {
	id, ok := parseID(r.PathValue("id"))
	if !ok {
		return record{}, errNotFound
	}
	return readRecord(r.Context(), s.db, id)
}

// CreateStorybook responds to POST /api/admin/storybooks {bookId, title}:
// a draft with one start page (the title defaults to the book's). A book
// has one storybook: a second is a 409.
func (s *Service) CreateStorybook(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	var in struct {
		BookID *int    `json:"bookId"`
		Title  *string `json:"title"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.BookID == nil {
		return httpx.Invalid(invalidMessage, map[string]string{"bookId": "Choose the book this storybook is the interactive edition of."})
	}
	title := ""
	if in.Title != nil {
		title = strings.TrimSpace(*in.Title)
	}
	rec := record{BookID: *in.BookID, Status: Draft, PreviewPages: DefaultPreviewPages, Story: story.Storybook{
		Title: title, Start: "start",
		Pages: []story.Page{{ID: "start", Text: "Once upon a time…", Choices: []story.Choice{}}},
	}}
	if err := s.createRecord(r.Context(), caller.UserID, &rec); err != nil {
		return err
	}
	return writePrivate(w, http.StatusCreated, rec.edited())
}

// createRecord stores a new storybook for rec.BookID, audited; an empty
// title becomes the book's.
func (s *Service) createRecord(ctx context.Context, actorID string, rec *record) error {
	now := s.now()
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := s.fillBook(ctx, tx, rec); err != nil {
			return err
		}
		if fields := validateTitle(rec.Story.Title); fields != nil {
			return httpx.Invalid(invalidMessage, fields)
		}
		if err := insertRecord(ctx, tx, rec, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: actorID, Action: "storybook.create", Entity: "storybook",
			EntityID: strconv.FormatInt(rec.ID, 10), After: rec.auditValues(), At: now})
	})
}

// fillBook gives rec its book's slug, title and cover (and the book's title
// as its own when it has none), or a 400 for an unknown book.
func (s *Service) fillBook(ctx context.Context, q db.Querier, rec *record) error {
	err := q.QueryRowContext(ctx, `SELECT slug, title, cover_image FROM books WHERE id = ?`, rec.BookID).
		Scan(&rec.Slug, &rec.BookTitle, &rec.Cover)
	if db.IsNoRows(err) {
		return httpx.Invalid(invalidMessage, map[string]string{"bookId": "There is no book " + strconv.Itoa(rec.BookID) + " in the catalogue."})
	}
	if err == nil && rec.Story.Title == "" {
		rec.Story.Title = rec.BookTitle
	}
	return err
}

func validateTitle(title string) map[string]string {
	fields := story.Validate(story.Storybook{Title: title, Start: "p", Pages: []story.Page{{ID: "p", Text: "p"}}})
	if msg, ok := fields["title"]; ok {
		return map[string]string{"title": msg}
	}
	return nil
}

// saveRequest is the body of PUT /api/admin/storybooks/{id}.
type saveRequest struct {
	Version      *int64       `json:"version"`
	Title        *string      `json:"title"`
	Start        *string      `json:"start"`
	PreviewPages *int         `json:"previewPages"`
	Pages        []story.Page `json:"pages"`
}

// SaveStorybook responds to PUT /api/admin/storybooks/{id}: the storybook
// saved whole over the version its editor loaded (409 on an older one),
// after story.Validate and the pictures' and recordings' checks (400 with
// fields). A published storybook stays publishable: a save that would
// break it is a 422 with its problems (unpublish it first).
func (s *Service) SaveStorybook(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	id, ok := parseID(r.PathValue("id"))
	if !ok {
		return errNotFound
	}
	var in saveRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Version == nil || *in.Version <= 0 {
		return httpx.Invalid(invalidMessage, map[string]string{"version": "Required: the version of the storybook this save is based on."})
	}
	before, err := readRecord(r.Context(), s.db, id)
	if err != nil {
		return err
	}
	if before.Version != *in.Version {
		return httpx.Errorf(httpx.CodeConflict, ConflictMessage)
	}
	after := before
	after.Story = story.Storybook{Title: before.Story.Title, Start: before.Story.Start, IFID: before.Story.IFID, Pages: in.Pages}
	if in.Title != nil {
		after.Story.Title = strings.TrimSpace(*in.Title)
	}
	if in.Start != nil {
		after.Story.Start = *in.Start
	}
	if in.PreviewPages != nil {
		after.PreviewPages = *in.PreviewPages
	}
	if in.Pages == nil {
		after.Story.Pages = before.Story.Pages
	}
	if err := s.replace(r.Context(), caller.UserID, before, &after, "storybook.update"); err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, after.edited())
}

// replace validates after and saves it over before (at before's version),
// audited as action.
func (s *Service) replace(ctx context.Context, actorID string, before record, after *record, action string) error {
	if err := s.validate(ctx, after); err != nil {
		return err
	}
	if after.Status == Published {
		if rep := report(after.Story); len(rep.Problems) > 0 {
			return unpublishable("A published storybook must stay readable: fix these problems, or unpublish it first.", rep.Problems)
		}
	}
	now := s.now()
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := updateRecord(ctx, tx, after, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: actorID, Action: action, Entity: "storybook",
			EntityID: strconv.FormatInt(after.ID, 10), Before: before.auditValues(), After: after.auditValues(), At: now})
	})
}

// Unpublishable is the 422 of a publish (or a save of a published
// storybook) refused while problems remain: the error's shape with the
// problems beside its message.
type Unpublishable struct {
	Message  string
	Problems []story.Problem
}

func (e *Unpublishable) Error() string { return "unpublishable: " + e.Message }

func unpublishable(message string, problems []story.Problem) error {
	return &Unpublishable{Message: message, Problems: problems}
}

// writeUnpublishable writes the 422: {error: {code, message, problems}}.
func writeUnpublishable(w http.ResponseWriter, e *Unpublishable) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": map[string]any{
		"code": "unpublishable", "message": e.Message, "problems": e.Problems}})
}

// Handle is httpx.Handle for the storybooks' routes that may answer 422
// with problems.
func Handle(fn httpx.HandlerFunc) http.Handler {
	return httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		err := fn(w, r)
		var e *Unpublishable
		if errors.As(err, &e) {
			return writeUnpublishable(w, e)
		}
		return err
	})
}

// versionRequest is the body of publish and unpublish.
type versionRequest struct {
	Version *int64 `json:"version"`
}

// PublishStorybook responds to POST /api/admin/storybooks/{id}/publish
// {version}: published only while Check finds no problem (else 422 with
// them); families with the edition can read it at once.
func (s *Service) PublishStorybook(w http.ResponseWriter, r *http.Request) error {
	return s.setStatus(w, r, Published, "storybook.publish")
}

// UnpublishStorybook responds to POST /api/admin/storybooks/{id}/unpublish
// {version}: a draft again, read by nobody.
func (s *Service) UnpublishStorybook(w http.ResponseWriter, r *http.Request) error {
	return s.setStatus(w, r, Draft, "storybook.unpublish")
}

func (s *Service) setStatus(w http.ResponseWriter, r *http.Request, status Status, action string) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	id, ok := parseID(r.PathValue("id"))
	if !ok {
		return errNotFound
	}
	var in versionRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Version == nil || *in.Version <= 0 {
		return httpx.Invalid(invalidMessage, map[string]string{"version": "Required: the version of the storybook."})
	}
	rec, err := readRecord(r.Context(), s.db, id)
	if err != nil {
		return err
	}
	if rec.Version != *in.Version {
		return httpx.Errorf(httpx.CodeConflict, ConflictMessage)
	}
	if status == Published {
		if rep := report(rec.Story); len(rep.Problems) > 0 {
			return unpublishable("This storybook can't be published yet: fix these problems first.", rep.Problems)
		}
	}
	if err := s.changeStatus(r.Context(), caller.UserID, &rec, status, action); err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, rec.edited())
}

// changeStatus saves rec with the status, audited, and moves the
// catalogue on (a book shows whether its storybook is published).
func (s *Service) changeStatus(ctx context.Context, actorID string, rec *record, status Status, action string) error {
	before := rec.auditValues()
	rec.Status = status
	now := s.now()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := updateRecord(ctx, tx, rec, now); err != nil {
			return err
		}
		if err := s.catalog.Bump(ctx, tx); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: actorID, Action: action, Entity: "storybook",
			EntityID: strconv.FormatInt(rec.ID, 10), Before: before, After: rec.auditValues(), At: now})
	})
	if err == nil {
		s.catalog.Changed(ctx)
	}
	return err
}

// ImportTwee responds to POST /api/admin/storybooks/import?bookId=N with a
// Twee 3 file as the body: a new draft (201), or the book's storybook with
// its title, start and pages replaced (200, a new version).
func (s *Service) ImportTwee(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	bookID, err := strconv.Atoi(r.URL.Query().Get("bookId"))
	if err != nil || bookID <= 0 {
		return httpx.Invalid("Say which book the storybook is for: ?bookId=N.", map[string]string{"bookId": "Required: the book's id."})
	}
	src, err := io.ReadAll(io.LimitReader(r.Body, MaxImportBytes+1))
	if err != nil || len(src) > MaxImportBytes {
		if err == nil || errors.As(err, new(*http.MaxBytesError)) {
			return httpx.Errorf(httpx.CodeTooLarge, "A Twee file can be at most %d MB.", MaxImportBytes>>20)
		}
		return httpx.Errorf(httpx.CodeInvalid, "The file could not be read.")
	}
	parsed, err := parseTwee(src)
	if err != nil {
		return err
	}
	rec, status, err := s.importStory(r.Context(), caller.UserID, bookID, parsed)
	if err != nil {
		return err
	}
	return writePrivate(w, status, rec.edited())
}

// importStory makes parsed the book's storybook: a new draft, or the pages
// of its existing one replaced. It returns the status to answer with.
func (s *Service) importStory(ctx context.Context, actorID string, bookID int, parsed story.Storybook) (record, int, error) {
	existing, err := readByBook(ctx, s.db, bookID)
	if errors.Is(err, errNotFound) {
		rec := record{BookID: bookID, Status: Draft, PreviewPages: DefaultPreviewPages, Story: parsed}
		if err := s.validate(ctx, &rec); err != nil {
			return rec, 0, err
		}
		return rec, http.StatusCreated, s.createRecord(ctx, actorID, &rec)
	}
	if err != nil {
		return existing, 0, err
	}
	after := existing
	after.Story = parsed
	if after.Story.Title == "" {
		after.Story.Title = existing.Story.Title
	}
	if after.Story.IFID == "" {
		after.Story.IFID = existing.Story.IFID
	}
	return after, http.StatusOK, s.replace(ctx, actorID, existing, &after, "storybook.import")
}

// ExportTwee responds to GET /api/admin/storybooks/{id}/export.twee: the
// storybook as a Twee 3 file, which imports back to the same storybook.
func (s *Service) ExportTwee(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.adminRecord(r)
	if err != nil {
		return err
	}
	body := story.WriteTwee(rec.Story)
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+rec.Slug+`.twee"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(body)
	return err
}

// Grant is a family's edition as the grant's response gives it.
type Grant struct {
	Email     string    `json:"email"`
	GrantedAt time.Time `json:"grantedAt"`
}

// GrantStorybook responds to POST /api/admin/storybooks/{id}/grants
// {email}: the account with that address (its family) may read the
// storybook. 201 for a new grant, 200 with the first one's time when the
// account has it already; audited with the account's id, not its address.
func (s *Service) GrantStorybook(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	id, ok := parseID(r.PathValue("id"))
	if !ok {
		return errNotFound
	}
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	email := strings.ToLower(strings.TrimSpace(in.Email))
	if email == "" {
		return httpx.Invalid(invalidMessage, map[string]string{"email": "Enter the e-mail address of the family's account."})
	}
	if _, err := readRecord(r.Context(), s.db, id); err != nil {
		return err
	}
	userID, err := auth.UserIDOf(r.Context(), s.db, email)
	if err != nil {
		var e *httpx.Error
		if errors.As(err, &e) && e.Code == httpx.CodeNotFound {
			return httpx.Invalid(invalidMessage, map[string]string{"email": "No account has this address. Ask the family to sign up first."})
		}
		return err
	}
	g := Grant{Email: email}
	created, at, err := s.grant(r.Context(), caller, id, userID)
	if err != nil {
		return err
	}
	g.GrantedAt = at
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return writePrivate(w, status, g)
}

// writePrivate writes a response that no cache may keep.
func writePrivate(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, status, v)
}
