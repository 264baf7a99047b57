package storybooks_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/storybooks"
	"bookshop/internal/storybooks/story"
)

// The shipped story can be published as it is: valid, 6 endings, no
// problem, and every picture it names is one of the web app's files.
func TestShippedStory(t *testing.T) {
	b, err := storybooks.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if fields := story.Validate(b); len(fields) > 0 {
		t.Errorf("not valid: %v", fields)
	}
	rep := story.Check(b)
	if rep.Endings != 6 || len(rep.Problems) > 0 || rep.Paths < story.MinPaths || rep.Paths > story.MaxPaths {
		t.Errorf("check: %+v", rep)
	}
	for _, p := range b.Pages {
		if p.Picture == "" {
			continue
		}
		if _, err := os.Stat("../../web/public" + p.Picture); err != nil {
			t.Errorf("page %s: %v", p.ID, err)
		}
	}
}

// Book 3's description counts the paths its storybook has, in words
// (migration 0650): a story rewritten with more or fewer paths must say so
// in the catalogue too.
func TestShippedStoryPathsInDescription(t *testing.T) {
	b, err := storybooks.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	rep := story.Check(b)
	words := []string{"", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"}
	want := fmt.Sprintf("%s different story paths and %s happy endings", words[rep.Paths], strings.ToLower(words[rep.Endings]))
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var description string
		if err := d.QueryRowContext(context.Background(), `SELECT description FROM books WHERE id = ?`, storybooks.ShippedBookID).Scan(&description); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(description, want) {
			t.Errorf("book %d's description = %q, want it to say %q", storybooks.ShippedBookID, description, want)
		}
	})
}
