package posts

import (
	"bookshop/internal/markdown"
	"context"
	"fmt"
	"strconv"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The date is a DATE column, read back as its text (YYYY-MM-DD in both
// dialects) so no driver turns it into a time in some zone.
const postColumns = `id, slug, title, excerpt, author, category, body_markdown, cover_image, cover_alt,
	status, CAST(published_at AS TEXT), version, created_at, updated_at`

// newestFirst orders posts by their date, then the later written first.
const newestFirst = ` ORDER BY published_at DESC, id DESC`

type scanner interface{ Scan(dest ...any) error }

func scanPost(row scanner) (Post, error) {
	var p Post
	err := row.Scan(&p.ID, &p.Slug, &p.Title, &p.Excerpt, &p.Author, &p.Category, &p.BodyMarkdown,
		&p.CoverImage, &p.CoverAlt, &p.Status, &p.PublishedAt, &p.Version, &p.CreatedAt, &p.UpdatedAt)
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	return p, err
}

var errNotFound = httpx.Errorf(httpx.CodeNotFound, "Post not found.")

// parseID reads a post id as the app writes it: digits, no sign, no leading
// zero ("3", not "03" or "+3"), so one post has one address.
func parseID(raw string) (int64, bool) {
	id, err := strconv.ParseInt(raw, 10, 64)
	return id, err == nil && id > 0 && strconv.FormatInt(id, 10) == raw
}

// readPost is the post with the id, draft or published.
func readPost(ctx context.Context, q db.Querier, id int64) (Post, error) {
	p, err := scanPost(q.QueryRowContext(ctx, `SELECT `+postColumns+` FROM posts WHERE id = ?`, id))
	if db.IsNoRows(err) {
		return p, errNotFound
	}
	return p, err
}

// listPosts is every post, drafts too, newest first, without the articles.
func listPosts(ctx context.Context, q db.Querier) ([]Listed, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, slug, title, author, category, cover_image, cover_alt, status,
		CAST(published_at AS TEXT), version, updated_at FROM posts`+newestFirst)
	if err != nil {
		return nil, fmt.Errorf("posts: list: %w", err)
	}
	defer rows.Close()
	list := []Listed{}
	for rows.Next() {
		var l Listed
		if err := rows.Scan(&l.ID, &l.Slug, &l.Title, &l.Author, &l.Category, &l.CoverImage, &l.CoverAlt, &l.Status,
			&l.PublishedAt, &l.Version, &l.UpdatedAt); err != nil {
			return nil, fmt.Errorf("posts: list: %w", err)
		}
		l.UpdatedAt = l.UpdatedAt.UTC()
		list = append(list, l)
	}
	return list, rows.Err()
}

const summaryColumns = `id, slug, title, excerpt, author, CAST(published_at AS TEXT), category, cover_image, cover_alt`

// listPublished is what the blog lists: published posts, newest first.
func listPublished(ctx context.Context, q db.Querier) ([]Summary, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+summaryColumns+` FROM posts WHERE status = ?`+newestFirst, Published)
	if err != nil {
		return nil, fmt.Errorf("posts: list published: %w", err)
	}
	defer rows.Close()
	list := []Summary{}
	for rows.Next() {
		var s Summary
		if err := rows.Scan(&s.ID, &s.Slug, &s.Title, &s.Excerpt, &s.Author, &s.Date, &s.Category, &s.Image, &s.ImageAlt); err != nil {
			return nil, fmt.Errorf("posts: list published: %w", err)
		}
		list = append(list, s)
	}
	return list, rows.Err()
}

// Dated is a published post's id and when it was last changed.
type Dated struct {
	ID        int64
	UpdatedAt time.Time
}

// PublishedDates lists the published posts with when each was last changed
// (a sitemap's lastmod), newest first.
func (s *Service) PublishedDates(ctx context.Context) ([]Dated, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, updated_at FROM posts WHERE status = ?`+newestFirst, Published)
	if err != nil {
		return nil, fmt.Errorf("posts: published dates: %w", err)
	}
	defer rows.Close()
	var list []Dated
	for rows.Next() {
		var d Dated
		if err := rows.Scan(&d.ID, &d.UpdatedAt); err != nil {
			return nil, fmt.Errorf("posts: published dates: %w", err)
		}
		d.UpdatedAt = d.UpdatedAt.UTC()
		list = append(list, d)
	}
	return list, rows.Err()
}

// readArticle is the published post with the id and its stored HTML.
func readArticle(ctx context.Context, q db.Querier, id int64) (Article, error) {
	var a Article
	s := &a.Summary
	err := q.QueryRowContext(ctx, `SELECT `+summaryColumns+`, body_html, read_minutes FROM posts WHERE id = ? AND status = ?`, id, Published).
		Scan(&s.ID, &s.Slug, &s.Title, &s.Excerpt, &s.Author, &s.Date, &s.Category, &s.Image, &s.ImageAlt, &a.HTML, &a.ReadMinutes)
	if db.IsNoRows(err) {
		return a, errNotFound
	}
	return a, err
}

// isPublished tells whether a published post has the id.
func isPublished(ctx context.Context, q db.Querier, id int64) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM posts WHERE id = ? AND status = ?`, id, Published).Scan(&n)
	return n > 0, err
}

// slugTaken tells whether a post other than id has the slug.
func slugTaken(ctx context.Context, q db.Querier, slug string, id int64) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM posts WHERE slug = ? AND id <> ?`, slug, id).Scan(&n)
	return n > 0, err
}

// freeSlug is base, or base with the first free "-2", "-3", ... after it.
func freeSlug(ctx context.Context, q db.Querier, base string) (string, error) {
	slug := base
	for n := 2; ; n++ {
		taken, err := slugTaken(ctx, q, slug, 0)
		if err != nil || !taken {
			return slug, err
		}
		slug = base + "-" + strconv.Itoa(n)
	}
}

var errSlugTaken = httpx.Invalid(invalidPost, map[string]string{"slug": "Another post already has this slug. Choose another."})

// insertPost stores a new, validated post with its rendered HTML and sets
// its id, version and times.
func insertPost(ctx context.Context, tx *db.Tx, p *Post, html string, now time.Time) error {
	p.Version, p.CreatedAt, p.UpdatedAt = 1, now, now
	err := tx.QueryRowContext(ctx, `INSERT INTO posts (slug, title, excerpt, author, category, body_markdown, body_html, read_minutes,
		cover_image, cover_alt, status, published_at, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.Slug, p.Title, p.Excerpt, p.Author, p.Category, p.BodyMarkdown, html, readMinutes(p.BodyMarkdown),
		p.CoverImage, p.CoverAlt, p.Status, p.PublishedAt, p.Version, now, now).Scan(&p.ID)
	if db.IsUniqueViolation(err) {
		return errSlugTaken
	}
	return err
}

// updatePost saves p over the stored post if that is still at p.Version
// (else 409, nothing written), and moves p to the next version.
func updatePost(ctx context.Context, tx *db.Tx, p *Post, html string, now time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE posts SET slug = ?, title = ?, excerpt = ?, author = ?, category = ?,
		body_markdown = ?, body_html = ?, read_minutes = ?, cover_image = ?, cover_alt = ?, status = ?, published_at = ?,
		version = version + 1, updated_at = ? WHERE id = ? AND version = ?`,
		p.Slug, p.Title, p.Excerpt, p.Author, p.Category, p.BodyMarkdown, html, readMinutes(p.BodyMarkdown),
		p.CoverImage, p.CoverAlt, p.Status, p.PublishedAt, now, p.ID, p.Version)
	if db.IsUniqueViolation(err) {
		return errSlugTaken
	}
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err == nil {
			err = httpx.Errorf(httpx.CodeConflict, ConflictMessage)
		}
		return err
	}
	p.Version++
	p.UpdatedAt = now
	return nil
}

// renderUnrendered renders the posts that have Markdown but no HTML yet:
// the ones a migration wrote (it cannot run Go). A migration that changes a
// post's Markdown empties its body_html so that the next start renders it.
// A start with nothing to render writes nothing.
func renderUnrendered(ctx context.Context, d *db.DB) error {
	rows, err := d.QueryContext(ctx, `SELECT id, body_markdown FROM posts WHERE body_html = '' AND body_markdown <> ''`)
	if err != nil {
		return fmt.Errorf("posts: render: %w", err)
	}
	defer rows.Close()
	sources := map[int64]string{}
	for rows.Next() {
		var id int64
		var source string
		if err := rows.Scan(&id, &source); err != nil {
			return fmt.Errorf("posts: render: %w", err)
		}
		sources[id] = source
	}
	if err := rows.Err(); err != nil || len(sources) == 0 {
		return err
	}
	return d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		for id, source := range sources {
			html, err := markdown.Render(source)
			if err != nil {
				return fmt.Errorf("posts: render post %d: %w", id, err)
			}
			// Only if nobody saved the post in between (another instance starting, an editor).
			if _, err := tx.ExecContext(ctx, `UPDATE posts SET body_html = ?, read_minutes = ? WHERE id = ? AND body_html = '' AND body_markdown = ?`,
				html, readMinutes(source), id, source); err != nil {
				return fmt.Errorf("posts: render post %d: %w", id, err)
			}
		}
		return nil
	})
}

func requireFreeSlug(ctx context.Context, q db.Querier, slug string, id int64) error {
	taken, err := slugTaken(ctx, q, slug, id)
	if err == nil && taken {
		err = errSlugTaken
	}
	return err
}
