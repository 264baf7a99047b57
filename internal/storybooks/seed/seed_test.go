package seed

import (
	"os"
	"testing"

	"bookshop/internal/storybooks/story"
)

// The shipped storybook, Our First Adventure, is one a publisher could
// publish: it reads as Twee, saves, and has six endings and no problems.
func TestOurFirstAdventure(t *testing.T) {
	src, err := os.ReadFile("our-first-adventure.twee")
	if err != nil {
		t.Fatal(err)
	}
	b, err := story.ParseTwee(src)
	if err != nil {
		t.Fatalf("ParseTwee: %v", err)
	}
	if b.Title != "Our First Adventure" || b.Start != "meet-the-friends" {
		t.Errorf("title %q, start %q", b.Title, b.Start)
	}
	if errs := story.Validate(b); len(errs) > 0 {
		t.Errorf("Validate: %v", errs)
	}
	r := story.Check(b)
	if len(r.Problems) > 0 {
		t.Errorf("Check found problems: %+v", r.Problems)
	}
	if r.Endings != 6 {
		t.Errorf("%d endings, want 6", r.Endings)
	}
	if r.Paths < story.MinPaths || r.Paths > story.MaxPaths {
		t.Errorf("%d paths, want %d to %d", r.Paths, story.MinPaths, story.MaxPaths)
	}
	for _, p := range b.Pages {
		if p.Picture == "" {
			t.Errorf("page %s has no picture", p.ID)
		} else if _, err := os.Stat("../../../web/public" + p.Picture); err != nil {
			t.Errorf("page %s: %v", p.ID, err)
		}
	}
}
