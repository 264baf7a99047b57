package posts

import (
	"bookshop/internal/markdown"
	"context"
	"log/slog"
	"net/http"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Service serves the blog and its back office.
type Service struct {
	db       *db.DB
	now      func() time.Time
	pictures PictureStore // where the uploaded pictures a post shows are stored
}

// New serves the posts kept in d; a save checks that the uploaded pictures
// it shows are in pictures; now (nil: time.Now) dates the saves. It
// renders the posts that a migration wrote without their HTML.
func New(ctx context.Context, d *db.DB, pictures PictureStore, now func() time.Time) (*Service, error) {
	if now == nil {
		now = time.Now
	}
	if err := renderUnrendered(ctx, d); err != nil {
		return nil, err
	}
	return &Service{db: d, now: now, pictures: pictures}, nil
}

// maxRequestBytes bounds a post's JSON: the article's 50,000 characters of
// up to four bytes each, escaped, and the other fields.
const maxRequestBytes = 512 << 10

// cacheControl lets browsers and CDNs keep the blog's responses but ask
// again on every use (a body-less 304 while nothing changed): a post the
// publisher saves shows on the next request.
const cacheControl = "public, no-cache"

// ListPosts responds to GET /api/posts: the published posts, newest first.
func (s *Service) ListPosts(w http.ResponseWriter, r *http.Request) error {
	list, err := listPublished(r.Context(), s.db)
	if err != nil {
		return err
	}
	return httpx.ServeCachedJSON(w, r, cacheControl, map[string]any{"posts": list})
}

// GetPost responds to GET /api/posts/{id}: a published post with its
// sanitized HTML. A draft is as unknown as a post that does not exist.
func (s *Service) GetPost(w http.ResponseWriter, r *http.Request) error {
	id, ok := parseID(r.PathValue("id"))
	if !ok {
		return errNotFound
	}
	a, err := readArticle(r.Context(), s.db, id)
	if err != nil {
		return err
	}
	return httpx.ServeCachedJSON(w, r, cacheControl, a)
}

// IsPublished tells whether /blog/{id} names a published post, for the
// web app's server to respond 404 for any other id (internal/webapp). When
// the database cannot say, the page is served and the app asks again.
func (s *Service) IsPublished(rawID string) bool {
	id, ok := parseID(rawID)
	if !ok {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	published, err := isPublished(ctx, s.db, id)
	if err != nil {
		slog.Error("posts: is published", "id", id, "err", err)
		return true
	}
	return published
}

// ListAdminPosts responds to GET /api/admin/posts: every post, drafts too.
func (s *Service) ListAdminPosts(w http.ResponseWriter, r *http.Request) error {
	list, err := listPosts(r.Context(), s.db)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, map[string]any{"posts": list})
}

// GetAdminPost responds to GET /api/admin/posts/{id}: the post as its
// editor loads it, with the version a save must name.
func (s *Service) GetAdminPost(w http.ResponseWriter, r *http.Request) error {
	id, ok := parseID(r.PathValue("id"))
	if !ok {
		return errNotFound
	}
	p, err := readPost(r.Context(), s.db, id)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, p)
}

// CreatePost responds to POST /api/admin/posts. Left out, the status is
// draft, the date today and the slug made from the title.
func (s *Service) CreatePost(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	var in Changes
	r.Body = http.MaxBytesReader(w, r.Body, maxRequestBytes)
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	p, err := s.create(r.Context(), caller, in)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusCreated, p)
}

// saveRequest is the body of PATCH /api/admin/posts/{id}: the version the
// editor loaded and the fields it changes.
type saveRequest struct {
	Version *int64 `json:"version"`
	Changes
}

// UpdatePost responds to PATCH /api/admin/posts/{id}. A save based on an
// older version than the stored one changes nothing and gets a 409.
func (s *Service) UpdatePost(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	id, ok := parseID(r.PathValue("id"))
	if !ok {
		return errNotFound
	}
	var in saveRequest
	r.Body = http.MaxBytesReader(w, r.Body, maxRequestBytes)
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Version == nil || *in.Version <= 0 {
		return httpx.Invalid(invalidPost, map[string]string{"version": "Required: the version of the post this save is based on."})
	}
	p, err := s.update(r.Context(), caller, id, *in.Version, in.Changes)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, p)
}

// PreviewPost responds to POST /api/admin/posts/preview {markdown}: the
// HTML the article would show, rendered and sanitized as a save does.
func (s *Service) PreviewPost(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Markdown *string `json:"markdown"`
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxRequestBytes)
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Markdown == nil {
		return httpx.Invalid("Send the Markdown to preview.", map[string]string{"markdown": "Required"})
	}
	if msg := tooLong(*in.Markdown, MaxBody, "article"); msg != "" {
		return httpx.Invalid(msg, map[string]string{"markdown": msg})
	}
	html, err := markdown.Render(*in.Markdown)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, map[string]any{"html": html, "readMinutes": readMinutes(*in.Markdown)})
}

// writePrivate writes a back-office response, which no cache may keep.
func writePrivate(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, status, v)
}
