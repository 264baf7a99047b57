package storybooks_test

import (
	"os"
	"testing"

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
