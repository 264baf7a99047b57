package catalog

import (
	"context"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// The seeded books keep every rule a saved book must keep, and their slugs
// are the ones Slugify makes of their titles (migration 0110).
func TestSeededBooksAreValid(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		books, err := loadBooks(context.Background(), d)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range books {
			fields := map[string]string{}
			check(b, fields)
			if len(fields) > 0 {
				t.Errorf("book %d: %v", b.ID, fields)
			}
			if want := Slugify(b.Title); b.Slug != want {
				t.Errorf("book %d: slug %q, Slugify makes %q", b.ID, b.Slug, want)
			}
			if b.Status != StatusPublished || b.Stock != nil || b.AgeBand == "" || b.Version != 1 {
				t.Errorf("book %d: %s, stock %v, age band %q, version %d", b.ID, b.Status, b.Stock, b.AgeBand, b.Version)
			}
		}
	})
}

func TestSlugify(t *testing.T) {
	for title, want := range map[string]string{
		"Nainni's Garden Party":         "nainnis-garden-party",
		"  Where Do Elephants Sleep?  ": "where-do-elephants-sleep",
		"Émile & the Café—Noël":         "emile-the-cafe-noel",
		"1984":                          "book-1984",
		"!!!":                           "book",
		"A  B--C":                       "a-b-c",
	} {
		if got := Slugify(title); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestISBN(t *testing.T) {
	for in, want := range map[string]string{
		"978 1 915842 01 5":  "978-1-915842-01-5",
		"978--1-915842-01-5": "978-1-915842-01-5",
		"9781915842015":      "9781915842015",
		" 978-1-915842-01-5": "978-1-915842-01-5",
	} {
		if got := normalizeISBN(in); got != want {
			t.Errorf("normalizeISBN(%q) = %q, want %q", in, got, want)
		}
	}
	for isbn, want := range map[string]string{
		"978-1-915842-01-5": "",
		"979-10-90636-07-1": "",
		"978-1-915842-01-4": "This ISBN's check digit is wrong: check the number.",
		"977-1-915842-01-5": "An ISBN-13 starts with 978 or 979.",
		"978-1-915842-01":   "Enter an ISBN-13: 13 digits, hyphens and spaces allowed.",
		"978-1-915842-0X-5": "Enter an ISBN-13: 13 digits, hyphens and spaces allowed.",
	} {
		if got := isbnProblem(isbn, true); got != want {
			t.Errorf("isbnProblem(%q) = %q, want %q", isbn, got, want)
		}
	}
}
