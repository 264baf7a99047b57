// Package storybooks serves the interactive storybooks (issue 35): the back
// office writes, checks, imports and publishes them (admin.go) with their
// pictures and narration (media.go, audio.go); a family reads the ones it
// has, choice by choice, and keeps each reader's progress (reading.go); the
// shipped story is loaded at start (seed.go). The format itself, its rules
// and Twee are internal/storybooks/story; docs/storybooks.md is the
// contract with the web app.
package storybooks

import (
	"context"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/storybooks/story"
)

// Status is whether families can read a storybook.
type Status string

const (
	Draft     Status = "draft"
	Published Status = "published"
)

// DefaultPreviewPages is how many choices deep a storybook is free to read.
const DefaultPreviewPages = 3

// MaxPreviewPages bounds the free pages an editor may set.
const MaxPreviewPages = 20

// Messages of the routes' refusals, for the app and the tests.
const (
	ConflictMessage = "Someone else saved this storybook after you opened it. Reload to see their changes, then make yours again."
	LogInToRead     = "Please log in to read on."
	NotInLibrary    = "This storybook isn't in your library yet."
	invalidMessage  = "Please check the highlighted fields."
)

// Catalog is what storybooks need of the catalogue: a published storybook
// shows on its book (catalog's snapshot reads it), so publishing and
// unpublishing move the catalogue's version in their transaction, and the
// snapshot is reloaded once they commit.
type Catalog interface {
	Bump(ctx context.Context, tx *db.Tx) error
	Changed(ctx context.Context)
}

// Kids tells whether a child is one of the parent's (internal/account):
// a reader of a family is the parent or one of their children.
type Kids interface {
	IsKid(ctx context.Context, userID, kidID string) (bool, error)
}

// Service serves the storybooks' routes.
type Service struct {
	db      *db.DB
	now     func() time.Time
	catalog Catalog
	kids    Kids
	// shipped tells whether the web app serves a file at a path (a shop
	// drawing, a shipped scene), which a page's picture may name.
	shipped func(path string) bool
	// libraryFiles lists the files the family bought, beside its
	// storybooks in the library.
	libraryFiles func(ctx context.Context, userID string) (any, error)
}

// Parts are what the storybooks need of other features, adapted by the
// server.
type Parts struct {
	Catalog Catalog
	Kids    Kids
	// Shipped tells whether the web app serves a file at a path.
	Shipped func(path string) bool
	// LibraryFiles lists the family's downloadable files (issue 37), the
	// "files" of GET /api/library.
	LibraryFiles func(ctx context.Context, userID string) (any, error)
}

// New builds the service; now is the clock (nil: time.Now).
func New(d *db.DB, parts Parts, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, now: func() time.Time { return now().UTC() }, catalog: parts.Catalog, kids: parts.Kids, shipped: parts.Shipped,
		libraryFiles: parts.LibraryFiles}
}

// record is a storybook as stored, with its book's slug, title and cover.
type record struct {
	ID           int64
	BookID       int
	Slug         string
	BookTitle    string
	Cover        string
	Status       Status
	Version      int64
	PreviewPages int
	Story        story.Storybook
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// page is the page with the id, or false.
func (r *record) page(id string) (story.Page, bool) {
	for _, p := range r.Story.Pages {
		if p.ID == id {
			return p, true
		}
	}
	return story.Page{}, false
}

// endings counts the storybook's ending pages.
func (r *record) endings() int {
	n := 0
	for _, p := range r.Story.Pages {
		if p.Ending != "" {
			n++
		}
	}
	return n
}
