package storybooks

import (
	"time"

	"bookshop/internal/storybooks/story"
)

// Listed is a storybook as the back office lists it; Problems is a count.
type Listed struct {
	ID        int64     `json:"id"`
	BookID    int       `json:"bookId"`
	BookTitle string    `json:"bookTitle"`
	Slug      string    `json:"slug"`
	Title     string    `json:"title"`
	Status    Status    `json:"status"`
	Version   int64     `json:"version"`
	Paths     int       `json:"paths"`
	Endings   int       `json:"endings"`
	Problems  int       `json:"problems"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Edited is a storybook as its editor loads it: every page with its text's
// HTML and word count (read only), and what Check finds.
type Edited struct {
	ID           int64          `json:"id"`
	BookID       int            `json:"bookId"`
	Slug         string         `json:"slug"`
	Title        string         `json:"title"`
	Status       Status         `json:"status"`
	Version      int64          `json:"version"`
	Start        string         `json:"start"`
	PreviewPages int            `json:"previewPages"`
	Pages        []RenderedPage `json:"pages"`
	Report       story.Report   `json:"report"`
	UpdatedAt    time.Time      `json:"updatedAt"`
}

// RenderedPage is a page with its text as HTML, each word numbered, and
// the number of words (story.TextHTML).
type RenderedPage struct {
	story.Page
	HTML  string `json:"html"`
	Words int    `json:"words"`
}

func rendered(p story.Page) RenderedPage {
	html, words := story.TextHTML(p.Text)
	if p.Choices == nil {
		p.Choices = []story.Choice{}
	}
	return RenderedPage{Page: p, HTML: html, Words: words}
}

// report is Check's report with an empty list rather than null.
func report(b story.Storybook) story.Report {
	r := story.Check(b)
	if r.Problems == nil {
		r.Problems = []story.Problem{}
	}
	return r
}

func (r *record) listed() Listed {
	rep := report(r.Story)
	return Listed{ID: r.ID, BookID: r.BookID, BookTitle: r.BookTitle, Slug: r.Slug, Title: r.Story.Title, Status: r.Status,
		Version: r.Version, Paths: rep.Paths, Endings: rep.Endings, Problems: len(rep.Problems), UpdatedAt: r.UpdatedAt}
}

func (r *record) edited() Edited {
	pages := make([]RenderedPage, len(r.Story.Pages))
	for i, p := range r.Story.Pages {
		pages[i] = rendered(p)
	}
	return Edited{ID: r.ID, BookID: r.BookID, Slug: r.Slug, Title: r.Story.Title, Status: r.Status, Version: r.Version,
		Start: r.Story.Start, PreviewPages: r.PreviewPages, Pages: pages, Report: report(r.Story), UpdatedAt: r.UpdatedAt}
}

// auditValues are what the audit log keeps of a storybook: its fields and
// the size of its pages, not the whole text of every page.
func (r *record) auditValues() map[string]any {
	return map[string]any{"bookId": r.BookID, "title": r.Story.Title, "status": r.Status, "start": r.Story.Start,
		"previewPages": r.PreviewPages, "pages": len(r.Story.Pages), "version": r.Version}
}
