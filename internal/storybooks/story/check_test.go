package story

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// pg is a page with some text and choices, each choice labelled after
// the page it leads to.
func pg(id string, to ...string) Page {
	p := Page{ID: id, Text: "Siso looks around.", Choices: []Choice{}}
	for _, t := range to {
		p.Choices = append(p.Choices, Choice{Label: "Go to " + t, To: t})
	}
	return p
}

// end is an ending page named after its id.
func end(id string) Page {
	return Page{ID: id, Text: "And they all went home.", Ending: "The " + id + " ending", Choices: []Choice{}}
}

func book(start string, pages ...Page) Storybook {
	return Storybook{Title: "Our First Adventure", Start: start, Pages: pages}
}

// fourPaths is a storybook Check finds nothing wrong with.
func fourPaths() Storybook {
	return book("start",
		pg("start", "hill", "river"),
		pg("hill", "balloon", "cave"),
		pg("river", "boat", "cave"),
		end("balloon"), end("cave"), end("boat"),
	)
}

func TestCheck(t *testing.T) {
	noText := fourPaths()
	noText.Pages[1].Text = "  \n"
	endingWithChoices := fourPaths()
	endingWithChoices.Pages[3].Choices = []Choice{{Label: "Again", To: "start"}}
	unnamedEnding := fourPaths()
	unnamedEnding.Pages[5].Ending = " "
	badChoices := fourPaths()
	badChoices.Pages[1].Choices = append(badChoices.Pages[1].Choices,
		Choice{Label: "Fly", To: "nowhere"}, Choice{Label: "", To: "boat"}, Choice{Label: "Swim", To: ""})
	timings := fourPaths()
	timings.Pages[0].Timings = []int{0, 200, 400} // "Siso looks around." is three words
	timings.Pages[1].Timings = []int{0, 200}
	noID := fourPaths()
	noID.Pages = append(noID.Pages, Page{Text: "Lost", Ending: "Lost"})

	tests := []struct {
		name     string
		book     Storybook
		paths    int
		endings  int
		problems []Problem
	}{
		{name: "four paths, three endings", book: fourPaths(), paths: 4, endings: 3},
		{
			name:  "a diamond's paths multiply",
			book:  book("s", pg("s", "a", "b"), pg("a", "m"), pg("b", "m"), pg("m", "x", "y"), end("x"), end("y")),
			paths: 4, endings: 2,
		},
		{
			name:  "nine paths are too many",
			book:  book("s", pg("s", "a", "b", "c"), pg("a", "x", "y", "z"), pg("b", "x", "y", "z"), pg("c", "x", "y", "z"), end("x"), end("y"), end("z")),
			paths: 9, endings: 3,
			problems: []Problem{{"", "The story has 9 paths from the start to an ending; a storybook has 4 to 8."}},
		},
		{
			name:  "one path is too few",
			book:  book("s", pg("s", "x"), end("x")),
			paths: 1, endings: 1,
			problems: []Problem{{"", "The story has 1 path from the start to an ending; a storybook has 4 to 8."}},
		},
		{
			name:  "a dead end",
			book:  book("s", pg("s", "cave", "a", "b", "c"), pg("cave"), end("a"), end("b"), end("c")),
			paths: 3, endings: 3,
			problems: []Problem{
				{"", "The story has 3 paths from the start to an ending; a storybook has 4 to 8."},
				{"cave", `Page "cave" has no choices and is not an ending.`},
			},
		},
		{
			name:  "a page nobody reaches",
			book:  book("s", pg("s", "a", "b", "c", "d"), end("a"), end("b"), end("x"), end("c"), end("d")),
			paths: 4, endings: 5,
			problems: []Problem{{"x", `Page "x" cannot be reached from the start.`}},
		},
		{
			name: "choices to nowhere, without a label or a target",
			book: badChoices, paths: 5, endings: 3,
			problems: []Problem{
				{"hill", `Choice 3 on page "hill" leads to "nowhere", which is not a page.`},
				{"hill", `Choice 4 on page "hill" has no words on its button.`},
				{"hill", `Choice 5 on page "hill" does not say which page it leads to.`},
			},
		},
		{
			name:  "a loop",
			book:  book("s", pg("s", "a", "x", "y", "z"), pg("a", "b"), pg("b", "a", "w"), end("w"), end("x"), end("y"), end("z")),
			paths: 4, endings: 4,
			problems: []Problem{{"a", `Pages "a" → "b" → "a" make a loop: a story is read forward.`}},
		},
		{
			name:  "a page leading back to itself",
			book:  book("s", pg("s", "a", "x", "y"), pg("a", "a", "z"), end("x"), end("y"), end("z")),
			paths: 3, endings: 3,
			problems: []Problem{{"a", `Page "a" leads back to itself: a story is read forward.`}},
		},
		{
			name:  "a loop nobody reaches still counts as one",
			book:  book("s", pg("s", "w", "x", "y", "z"), pg("a", "b"), pg("b", "a"), end("w"), end("x"), end("y"), end("z")),
			paths: 4, endings: 4,
			problems: []Problem{
				{"a", `Page "a" cannot be reached from the start.`},
				{"a", `Pages "a" → "b" → "a" make a loop: a story is read forward.`},
				{"b", `Page "b" cannot be reached from the start.`},
			},
		},
		{
			name:     "no start",
			book:     book("", fourPaths().Pages...),
			endings:  3,
			problems: []Problem{{"", "The story has no start page: choose the page it begins on."}},
		},
		{
			name:     "a start that is not a page",
			book:     book("begin", fourPaths().Pages...),
			endings:  3,
			problems: []Problem{{"", `The start page "begin" is not a page.`}},
		},
		{name: "no pages", book: book("s"), problems: []Problem{{"", "The story has no pages."}}},
		{
			name: "empty text", book: noText, paths: 4, endings: 3,
			problems: []Problem{{"hill", `Page "hill" has no text.`}},
		},
		{
			name: "an ending with choices", book: endingWithChoices, paths: 4, endings: 3,
			problems: []Problem{{"balloon", `Page "balloon" is an ending ("The balloon ending") but has choices: a path stops at its ending.`}},
		},
		{
			name: "an ending without a name", book: unnamedEnding, paths: 4, endings: 3,
			problems: []Problem{{"boat", `Page "boat" is an ending without a name: name it, as in "The Great Balloon Ride".`}},
		},
		{
			name:  "two pages with one id",
			book:  book("s", pg("s", "a", "b", "c", "d"), end("a"), end("b"), end("c"), end("d"), end("b")),
			paths: 4, endings: 4,
			problems: []Problem{{"b", `There is more than one page "b": each page needs a name of its own.`}},
		},
		{
			name: "word timings that no longer fit the text", book: timings, paths: 4, endings: 3,
			problems: []Problem{{"hill", `Page "hill" has 2 word timings for 3 words: tap along with the narration again.`}},
		},
		{
			name: "a page without an id", book: noID, paths: 4, endings: 3,
			problems: []Problem{{"", "The page at position 7 has no name."}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Check(tt.book)
			want := Report{Paths: tt.paths, Endings: tt.endings, Problems: tt.problems}
			if want.Problems == nil {
				want.Problems = []Problem{}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Check =\n%s\nwant\n%s", show(got), show(want))
			}
		})
	}
}

func show(r Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "paths %d, endings %d\n", r.Paths, r.Endings)
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "  %q: %s\n", p.Page, p.Message)
	}
	return b.String()
}

// The path counter looks at each page and choice once, so graphs that
// would take forever to walk path by path are checked at once.
func TestCheckHugeGraphs(t *testing.T) {
	t.Run("a chain of 50,000 pages", func(t *testing.T) {
		b := book("p0")
		for i := range 50_000 {
			b.Pages = append(b.Pages, pg(fmt.Sprint("p", i), fmt.Sprint("p", i+1)))
		}
		b.Pages = append(b.Pages, end("p50000"))
		r := Check(b)
		if r.Paths != 1 || len(r.Problems) != 1 {
			t.Fatalf("Check = %s", show(r))
		}
	})

	t.Run("a ladder of 60 diamonds has 2^60 paths, counted to the cap", func(t *testing.T) {
		b := book("a0")
		for i := range 60 {
			next := []string{fmt.Sprint("a", i+1), fmt.Sprint("b", i+1)}
			b.Pages = append(b.Pages, pg(fmt.Sprint("a", i), next...), pg(fmt.Sprint("b", i), next...))
		}
		b.Pages = append(b.Pages, end("a60"), end("b60"))
		// b0 is unreachable; the rest is the ladder.
		r := Check(b)
		want := []Problem{
			{"", "The story has more than 1,000,000,000 paths from the start to an ending; a storybook has 4 to 8."},
			{"b0", `Page "b0" cannot be reached from the start.`},
		}
		if r.Paths != pathCap || !reflect.DeepEqual(r.Problems, want) {
			t.Fatalf("Check = %s", show(r))
		}
	})

	t.Run("30,000 pages of six choices each", func(t *testing.T) {
		const n = 30_000
		b := book("p0")
		for i := range n {
			var to []string
			for k := 1; k <= 6; k++ {
				to = append(to, fmt.Sprint("p", min(i+k*k, n)))
			}
			b.Pages = append(b.Pages, pg(fmt.Sprint("p", i), to...))
		}
		b.Pages = append(b.Pages, end(fmt.Sprint("p", n)))
		if r := Check(b); r.Paths != pathCap {
			t.Fatalf("paths = %d, want the cap", r.Paths)
		}
	})

	t.Run("a loop through 20,000 pages names a few", func(t *testing.T) {
		b := book("p0")
		for i := range 20_000 {
			b.Pages = append(b.Pages, pg(fmt.Sprint("p", i), fmt.Sprint("p", (i+1)%20_000)))
		}
		r := Check(b)
		want := `Pages "p0" → "p1" → "p2" → "p3" → "p4" → "p5" → "p6" → "p7" → … (19,992 pages more) → "p0" make a loop: a story is read forward.`
		if len(r.Problems) != 1 || r.Problems[0].Message != want {
			t.Fatalf("Check = %s", show(r))
		}
	})
}

// Every page of a long chain leading back to the first is a loop each,
// and each loop keeps only the pages its message names.
func TestCheckManyLongLoops(t *testing.T) {
	const n = 20_000
	b := book("p0")
	for i := range n {
		b.Pages = append(b.Pages, pg(fmt.Sprint("p", i), fmt.Sprint("p", i+1), "p0"))
	}
	b.Pages = append(b.Pages, end(fmt.Sprint("p", n)))
	r := Check(b)
	if len(r.Problems) != n || r.Paths != 1 {
		t.Fatalf("%d problems, %d paths; want %d loops, 1 path", len(r.Problems), r.Paths, n)
	}
	want := `Pages "p0" → "p1" → "p2" → "p3" → "p4" → "p5" → "p6" → "p7" → … (19,992 pages more) → "p0" make a loop: a story is read forward.`
	if first := r.Problems[0]; first.Page != "p0" || first.Message != want {
		t.Errorf("first problem = %+v", first)
	}
	if last := r.Problems[n-1].Message; last != `Page "p0" leads back to itself: a story is read forward.` {
		t.Errorf("last problem = %s", last)
	}
}

func TestPreview(t *testing.T) {
	b := fourPaths()
	b.Pages = append(b.Pages, end("lost"))
	tests := []struct {
		n    int
		want []string
	}{
		{0, []string{}},
		{1, []string{"start"}},
		{2, []string{"start", "hill", "river"}},
		{3, []string{"start", "hill", "river", "balloon", "cave", "boat"}},
		{9, []string{"start", "hill", "river", "balloon", "cave", "boat"}},
	}
	for _, tt := range tests {
		if got := Preview(b, tt.n); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Preview(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	b.Start = "nowhere"
	if got := Preview(b, 3); len(got) != 0 {
		t.Errorf("Preview with an unknown start = %q, want none", got)
	}
}

func TestReachable(t *testing.T) {
	b := fourPaths()
	b.Pages = append(b.Pages, end("lost"))
	got := Reachable(b)
	if len(got) != 6 || got["lost"] || !got["start"] || !got["boat"] {
		t.Errorf("Reachable = %v", got)
	}
}
