// Package posts is the blog: articles for parents, written in Markdown in
// the back office (/admin/posts), kept as drafts or published, and read by
// visitors at /blog and /blog/{id}. The Markdown is rendered to HTML and
// sanitized on the server when a post is saved (render.go), so a visitor's
// request only reads the stored HTML.
package posts

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/markdown"
)

// Status is whether visitors see a post.
type Status string

const (
	Draft     Status = "draft"
	Published Status = "published"
)

// Limits of a post's fields, in characters.
const (
	MaxTitle    = 150
	MaxExcerpt  = 300
	MaxBody     = 50_000
	MaxAuthor   = 80
	MaxCategory = 40
	MaxSlug     = 80
	MaxCover    = 500
	MaxCoverAlt = 200
)

// ConflictMessage is the 409 of a save based on an older version.
const ConflictMessage = "Someone else saved this post after you opened it. Reload to see their changes, then make yours again."

// Post is a post as the back office edits it.
type Post struct {
	ID           int64     `json:"id"`
	Slug         string    `json:"slug"`
	Title        string    `json:"title"`
	Excerpt      string    `json:"excerpt"`
	Author       string    `json:"author"`
	Category     string    `json:"category"`
	BodyMarkdown string    `json:"bodyMarkdown"`
	CoverImage   string    `json:"coverImage"`
	CoverAlt     string    `json:"coverAlt"`
	Status       Status    `json:"status"`
	PublishedAt  string    `json:"publishedAt"` // YYYY-MM-DD, shown as the post's date
	Version      int64     `json:"version"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

// Listed is a post as the back office lists it: without its article.
type Listed struct {
	ID          int64     `json:"id"`
	Slug        string    `json:"slug"`
	Title       string    `json:"title"`
	Author      string    `json:"author"`
	Category    string    `json:"category"`
	CoverImage  string    `json:"coverImage"`
	CoverAlt    string    `json:"coverAlt"`
	Status      Status    `json:"status"`
	PublishedAt string    `json:"publishedAt"`
	Version     int64     `json:"version"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Summary is a published post as the blog lists it (GET /api/posts).
type Summary struct {
	ID       int64  `json:"id"`
	Slug     string `json:"slug"`
	Title    string `json:"title"`
	Excerpt  string `json:"excerpt"`
	Author   string `json:"author"`
	Date     string `json:"date"` // YYYY-MM-DD
	Category string `json:"category"`
	Image    string `json:"image"`
	ImageAlt string `json:"imageAlt"`
}

// Article is a published post as its page shows it (GET /api/posts/{id}).
type Article struct {
	Summary
	HTML        string `json:"html"` // sanitized
	ReadMinutes int    `json:"readMinutes"`
}

// Changes are the fields a create or a save sets; nil leaves a field as it
// is (a save) or empty (a create). Text is trimmed before it is checked.
type Changes struct {
	Slug         *string `json:"slug"`
	Title        *string `json:"title"`
	Excerpt      *string `json:"excerpt"`
	Author       *string `json:"author"`
	Category     *string `json:"category"`
	BodyMarkdown *string `json:"bodyMarkdown"`
	CoverImage   *string `json:"coverImage"`
	CoverAlt     *string `json:"coverAlt"`
	Status       *Status `json:"status"`
	PublishedAt  *string `json:"publishedAt"`
}

// apply sets the given fields on p, trimmed.
func (c Changes) apply(p *Post) {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	set(&p.Slug, c.Slug)
	set(&p.Title, c.Title)
	set(&p.Excerpt, c.Excerpt)
	set(&p.Author, c.Author)
	set(&p.Category, c.Category)
	set(&p.CoverImage, c.CoverImage)
	set(&p.CoverAlt, c.CoverAlt)
	set(&p.PublishedAt, c.PublishedAt)
	if c.BodyMarkdown != nil {
		// Leading spaces mean something in Markdown (an indented code block).
		p.BodyMarkdown = strings.TrimRight(*c.BodyMarkdown, " \t\r\n")
	}
	if c.Status != nil {
		p.Status = Status(strings.TrimSpace(string(*c.Status)))
	}
}

// invalidPost is the message of a 400 whose fields say what to fix.
const invalidPost = "Please check the highlighted fields."

var (
	slugPattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	datePattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
)

// validate checks a post before it is stored, with a message per field.
// A draft may be unfinished; a published post needs what its page shows.
func (p *Post) validate() error {
	fields := map[string]string{}
	length := func(field, value string, limit int, what string) {
		if msg := tooLong(value, limit, what); msg != "" {
			fields[field] = msg
		}
	}
	required := func(field, value, message string) {
		if value == "" {
			fields[field] = message
		}
	}
	required("title", p.Title, "Enter a title.")
	length("title", p.Title, MaxTitle, "title")
	length("excerpt", p.Excerpt, MaxExcerpt, "excerpt")
	length("bodyMarkdown", p.BodyMarkdown, MaxBody, "article")
	required("author", p.Author, "Enter the author's name.")
	length("author", p.Author, MaxAuthor, "author's name")
	required("category", p.Category, "Enter a category, such as Reading Tips.")
	length("category", p.Category, MaxCategory, "category")
	switch {
	case p.Slug == "":
		fields["slug"] = "Enter a slug: lowercase letters, digits and dashes."
	case tooLong(p.Slug, MaxSlug, "slug") != "":
		fields["slug"] = tooLong(p.Slug, MaxSlug, "slug")
	case !slugPattern.MatchString(p.Slug):
		fields["slug"] = "Use lowercase letters, digits and single dashes, such as bedtime-stories."
	}
	if !realDate(p.PublishedAt) {
		fields["publishedAt"] = "Enter a real date, such as 2025-11-20."
	}
	switch p.Status {
	case Draft:
	case Published:
		required("excerpt", p.Excerpt, "A published post needs an excerpt for the blog's list.")
		required("bodyMarkdown", p.BodyMarkdown, "A published post needs its article.")
	default:
		fields["status"] = "Choose draft or published."
	}
	if msg := outsidePicture(p.BodyMarkdown); msg != "" && fields["bodyMarkdown"] == "" {
		fields["bodyMarkdown"] = msg
	}
	if msg := coverProblem(p.CoverImage); msg != "" {
		fields["coverImage"] = msg
	}
	switch {
	case p.CoverImage != "" && p.CoverAlt == "":
		fields["coverAlt"] = "Describe the picture for readers who cannot see it."
	default:
		length("coverAlt", p.CoverAlt, MaxCoverAlt, "description")
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidPost, fields)
	}
	return nil
}

// tooLong is the message for a value over its limit of characters, or "".
func tooLong(value string, limit int, what string) string {
	if utf8.RuneCountInString(value) <= limit {
		return ""
	}
	n := strconv.Itoa(limit)
	if len(n) > 3 {
		n = n[:len(n)-3] + "," + n[len(n)-3:]
	}
	return fmt.Sprintf("Keep the %s to %s characters or fewer.", what, n)
}

// realDate tells whether s is a calendar date written YYYY-MM-DD
// (2025-02-30 is not), in a range a post's date can sensibly have.
func realDate(s string) bool {
	if !datePattern.MatchString(s) {
		return false
	}
	t, err := time.Parse(time.DateOnly, s)
	return err == nil && t.Year() >= 1900 && t.Year() <= 2999
}

// coverProblem is what is wrong with a cover picture's address, or "". The
// pages' Content Security Policy loads pictures from the shop's own origin
// only, so a cover is a path on this site (a shipped picture or an upload).
func coverProblem(src string) string {
	switch {
	case src == "":
		return ""
	case tooLong(src, MaxCover, "address") != "":
		return tooLong(src, MaxCover, "address")
	case !strings.HasPrefix(src, "/") || strings.HasPrefix(src, "//") || strings.ContainsAny(src, " \"'<>\\"):
		return "Use a picture on this site: an address starting with /, such as /blog/bedtime-stories.svg."
	}
	return ""
}

// outsidePicture is the refusal of an article showing a picture from
// another site, or "". The pages' Content Security Policy would block it
// (a broken picture for every reader), so it is uploaded here instead.
func outsidePicture(source string) string {
	for _, src := range markdown.Images(source) {
		if markdown.IsOutside(src) {
			return fmt.Sprintf("The picture %s is on another site, which the blog cannot show. "+
				"Upload it with “Add a picture” instead.", shorten(src, 80))
		}
	}
	return ""
}

// slugFrom makes a slug out of a title: lowercase letters and digits joined
// by dashes ("5 Ways to Make Bedtime Stories Magical" gives
// "5-ways-to-make-bedtime-stories-magical").
func slugFrom(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		if b.Len() >= MaxSlug-4 { // room for a "-2" that tells it from another post's
			slug := b.String()
			if i := strings.LastIndexByte(slug, '-'); i > 0 {
				slug = slug[:i] // whole words only
			}
			return slug
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		return "post"
	}
	return b.String()
}

// summary is the public part of a post.
func (p *Post) summary() Summary {
	return Summary{ID: p.ID, Slug: p.Slug, Title: p.Title, Excerpt: p.Excerpt, Author: p.Author,
		Date: p.PublishedAt, Category: p.Category, Image: p.CoverImage, ImageAlt: p.CoverAlt}
}

// auditValues are a post's fields as the audit log records them.
func (p *Post) auditValues() map[string]any {
	return map[string]any{"slug": p.Slug, "title": p.Title, "excerpt": p.Excerpt, "author": p.Author,
		"category": p.Category, "bodyMarkdown": p.BodyMarkdown, "coverImage": p.CoverImage, "coverAlt": p.CoverAlt,
		"status": p.Status, "publishedAt": p.PublishedAt}
}

// changedValues are the audit values of before and after that differ, so
// an update's entry shows what changed and no more.
func changedValues(before, after *Post) (map[string]any, map[string]any) {
	b, a := before.auditValues(), after.auditValues()
	for k := range a {
		if a[k] == b[k] {
			delete(a, k)
			delete(b, k)
		}
	}
	return b, a
}

// PictureStore tells whether the URL of a post's picture names a stored
// upload (internal/covers).
type PictureStore interface {
	Exists(ctx context.Context, url string) (bool, error)
}

// picturePrefix is where the blog's uploaded pictures are served
// (covers.PostPicturePrefix).
const picturePrefix = "/posts/pictures/"

// checkUploads refuses a post whose article or cover names an upload
// that is not stored (never uploaded, or its address mistyped): every
// reader would see a broken picture, as with a picture from another site.
func (s *Service) checkUploads(ctx context.Context, p *Post) error {
	fields := map[string]string{}
	missing := func(field, src string) error {
		if _, done := fields[field]; done || !strings.HasPrefix(src, picturePrefix) {
			return nil
		}
		stored, err := s.pictures.Exists(ctx, src)
		if err != nil {
			return fmt.Errorf("posts: check picture: %w", err)
		}
		if !stored {
			fields[field] = fmt.Sprintf("The picture %s was never uploaded here, so the blog cannot show it. "+
				"Upload it with “Add a picture” instead.", shorten(src, 120)) // an upload's address whole
		}
		return nil
	}
	for _, src := range markdown.Images(p.BodyMarkdown) {
		if err := missing("bodyMarkdown", strings.TrimSpace(src)); err != nil {
			return err
		}
	}
	if err := missing("coverImage", p.CoverImage); err != nil {
		return err
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidPost, fields)
	}
	return nil
}

// shorten keeps an address to n characters in a message.
func shorten(src string, n int) string {
	if r := []rune(src); len(r) > n {
		return string(append(r[:n-3], '…'))
	}
	return src
}

// checked validates p, checks its uploaded pictures are stored and
// renders its article: the HTML a save keeps.
func (s *Service) checked(ctx context.Context, p *Post) (string, error) {
	if err := p.validate(); err != nil {
		return "", err
	}
	if err := s.checkUploads(ctx, p); err != nil {
		return "", err
	}
	return markdown.Render(p.BodyMarkdown)
}

// create saves a new post from in, audited. Left out, the status is draft,
// the date today and the slug made from the title.
func (s *Service) create(ctx context.Context, caller auth.Caller, in Changes) (Post, error) {
	now := s.now().UTC()
	p := Post{Status: Draft, PublishedAt: now.Format(time.DateOnly)}
	in.apply(&p)
	generated := p.Slug == "" // then made from the title, and made free below
	if generated {
		p.Slug = slugFrom(p.Title)
	}
	html, err := s.checked(ctx, &p)
	if err != nil {
		return Post{}, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if generated {
			if p.Slug, err = freeSlug(ctx, tx, p.Slug); err != nil {
				return err
			}
		} else if err := requireFreeSlug(ctx, tx, p.Slug, 0); err != nil {
			return err
		}
		if err := insertPost(ctx, tx, &p, html, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "post.create",
			Entity: "post", EntityID: strconv.FormatInt(p.ID, 10), After: p.auditValues(), At: now})
	})
	return p, err
}

// update saves in over post id if it is still at version (a 409
// otherwise), audited with what it changed.
func (s *Service) update(ctx context.Context, caller auth.Caller, id, version int64, in Changes) (Post, error) {
	before, err := readPost(ctx, s.db, id)
	if err != nil {
		return Post{}, err
	}
	if before.Version != version {
		return Post{}, httpx.Errorf(httpx.CodeConflict, ConflictMessage)
	}
	p := before
	in.apply(&p)
	html, err := s.checked(ctx, &p)
	if err != nil {
		return Post{}, err
	}
	now := s.now().UTC()
	// The save is conditional on the version read above (updatePost), so
	// before is exactly what it replaces.
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := requireFreeSlug(ctx, tx, p.Slug, p.ID); err != nil {
			return err
		}
		if err := updatePost(ctx, tx, &p, html, now); err != nil {
			return err
		}
		old, changed := changedValues(&before, &p)
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "post.update",
			Entity: "post", EntityID: strconv.FormatInt(p.ID, 10), Before: old, After: changed, At: now})
	})
	return p, err
}
