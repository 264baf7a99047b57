package story

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// pathCap is where Check stops counting paths: far above MaxPaths, so the
// editor can still say how many there are, and far below what an int or a
// JavaScript number holds, so a ladder of diamonds with 2^60 paths neither
// overflows nor takes long.
const pathCap = 1_000_000_000

// loopNamesShown is how many pages a loop's message names before it says
// how many more there are: a loop through a thousand pages is one problem,
// not a thousand-name sentence.
const loopNamesShown = 8

// graph is a storybook's pages as numbered nodes: the first page with an id
// owns it (a later page with the same id is a problem and never a target),
// and a choice to a page that does not exist is no edge.
type graph struct {
	b     Storybook
	index map[string]int // page id → its first page's position
	edges [][]int        // per page, the positions its choices lead to, in order
	start int            // -1 when the start is not a page
}

func newGraph(b Storybook) *graph {
	g := &graph{b: b, index: make(map[string]int, len(b.Pages)), edges: make([][]int, len(b.Pages)), start: -1}
	for i, p := range b.Pages {
		if _, dup := g.index[p.ID]; !dup && p.ID != "" {
			g.index[p.ID] = i
		}
	}
	for i, p := range b.Pages {
		for _, c := range p.Choices {
			if to, ok := g.index[c.To]; ok {
				g.edges[i] = append(g.edges[i], to)
			}
		}
	}
	if s, ok := g.index[b.Start]; ok {
		g.start = s
	}
	return g
}

// owns reports whether page i is the page its id names: it has one, and
// no earlier page has the same.
func (g *graph) owns(i int) bool {
	j, ok := g.index[g.b.Pages[i].ID]
	return ok && j == i
}

// depths is each reachable page's distance in choices from the start,
// breadth first; -1 for a page that cannot be reached.
func (g *graph) depths() []int {
	depth := make([]int, len(g.b.Pages))
	for i := range depth {
		depth[i] = -1
	}
	if g.start < 0 {
		return depth
	}
	depth[g.start] = 0
	queue := []int{g.start}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range g.edges[v] {
			if depth[w] < 0 {
				depth[w] = depth[v] + 1
				queue = append(queue, w)
			}
		}
	}
	return depth
}

// loop is a cycle DFS found: its first pages, from the one it re-entered
// on (as many as a message names), and how many pages it has. Keeping only
// those keeps a graph where every page of a long chain leads back to the
// first in memory in proportion to its pages.
type loop struct {
	pages  []int
	length int
}

// walk is one depth-first search over every page, from the start first and
// then from each page not yet seen in page order. It counts, for each page
// reached, the paths from it to an ending (memoized, so each page and choice
// is looked at once), and it returns a loop for each choice that leads back
// to a page still on the search's stack. Paths ignore such choices: a loop
// has no end, and its own problem says so.
//
// The search keeps its own stack rather than recursing, so a chain of tens
// of thousands of pages costs memory in proportion, never Go's stack.
func (g *graph) walk() (paths []int, loops []loop) {
	const (
		unseen = iota
		onStack
		done
	)
	n := len(g.b.Pages)
	state := make([]uint8, n)
	paths = make([]int, n)
	stackAt := make([]int, n) // a page's place on the stack while it is on it
	type frame struct{ page, next int }
	var stack []frame

	visit := func(root int) {
		stack = append(stack[:0], frame{root, 0})
		state[root], stackAt[root] = onStack, 0
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			v := top.page
			if g.b.Pages[v].Ending != "" {
				top.next = len(g.edges[v]) // an ending stops a path, choices or not
			}
			if top.next < len(g.edges[v]) {
				w := g.edges[v][top.next]
				top.next++
				switch state[w] {
				case unseen:
					state[w], stackAt[w] = onStack, len(stack)
					stack = append(stack, frame{w, 0})
				case onStack:
					on := stack[stackAt[w]:]
					l := loop{length: len(on)}
					for _, f := range on[:min(len(on), loopNamesShown)] {
						l.pages = append(l.pages, f.page)
					}
					loops = append(loops, l)
				case done:
					paths[v] = addCapped(paths[v], paths[w])
				}
				continue
			}
			if g.b.Pages[v].Ending != "" {
				paths[v] = 1
			}
			state[v] = done
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				parent := stack[len(stack)-1].page
				paths[parent] = addCapped(paths[parent], paths[v])
			}
		}
	}
	if g.start >= 0 {
		visit(g.start)
	}
	for i := range n {
		if state[i] == unseen && g.owns(i) {
			visit(i)
		}
	}
	return paths, loops
}

// addCapped adds two path counts, saturating at pathCap.
func addCapped(a, b int) int {
	if a+b > pathCap {
		return pathCap
	}
	return a + b
}

// Check finds what keeps a storybook from being published and counts its
// paths and endings. Problems come book first (the start, the number of
// paths), then page by page in the book's order, each in words for the
// story's author. Paths are the ways from the start to an ending that do
// not go round a loop, counted up to a billion; Endings is the number of
// ending pages.
//
// Check takes time in proportion to the pages and choices, however many
// paths they make.
func Check(b Storybook) Report {
	g := newGraph(b)
	paths, loops := g.walk()
	depth := g.depths()

	var book []Problem
	perPage := make([][]string, len(b.Pages))
	switch {
	case len(b.Pages) == 0:
		book = append(book, Problem{Message: "The story has no pages."})
	case b.Start == "":
		book = append(book, Problem{Message: "The story has no start page: choose the page it begins on."})
	case g.start < 0:
		book = append(book, Problem{Message: fmt.Sprintf("The start page %q is not a page.", b.Start)})
	}

	report := Report{}
	if g.start >= 0 {
		report.Paths = paths[g.start]
	}
	for _, l := range loops {
		first := l.pages[0]
		perPage[first] = append(perPage[first], loopMessage(b, l))
	}
	if g.start >= 0 && !reachesLoop(loops, depth) {
		if msg := pathsMessage(report.Paths); msg != "" {
			book = append(book, Problem{Message: msg})
		}
	}

	for i, p := range b.Pages {
		if p.Ending != "" && g.owns(i) {
			report.Endings++
		}
		// Without a start every page is out of reach: the start's problem
		// says so once.
		reachable := g.start < 0 || depth[i] >= 0
		perPage[i] = append(pageProblems(g, i, reachable), perPage[i]...)
	}

	report.Problems = append([]Problem{}, book...)
	for i, msgs := range perPage {
		for _, m := range msgs {
			report.Problems = append(report.Problems, Problem{Page: b.Pages[i].ID, Message: m})
		}
	}
	return report
}

// reachesLoop reports whether a reader starting at the start can walk into
// one of the loops; the number of paths means nothing until it is fixed.
func reachesLoop(loops []loop, depth []int) bool {
	for _, l := range loops {
		if depth[l.pages[0]] >= 0 {
			return true
		}
	}
	return false
}

// pathsMessage says what is wrong with the number of paths, or "".
func pathsMessage(n int) string {
	switch {
	case n >= pathCap:
		return fmt.Sprintf("The story has more than %s paths from the start to an ending; a storybook has %d to %d.",
			thousands(pathCap), MinPaths, MaxPaths)
	case n < MinPaths || n > MaxPaths:
		return fmt.Sprintf("The story has %s from the start to an ending; a storybook has %d to %d.",
			plural(n, "path", "paths"), MinPaths, MaxPaths)
	}
	return ""
}

// pageProblems is what is wrong with page i on its own and with its
// choices, in the order an author would fix them.
func pageProblems(g *graph, i int, reachable bool) []string {
	p := g.b.Pages[i]
	name := pageName(i, p.ID)
	var out []string
	switch {
	case p.ID == "":
		out = append(out, fmt.Sprintf("%s has no name.", name))
	case !g.owns(i):
		out = append(out, fmt.Sprintf("There is more than one page %q: each page needs a name of its own.", p.ID))
	case !reachable:
		out = append(out, fmt.Sprintf("%s cannot be reached from the start.", name))
	}
	if strings.TrimSpace(p.Text) == "" {
		out = append(out, fmt.Sprintf("%s has no text.", name))
	}
	switch {
	case p.Ending != "" && strings.TrimSpace(p.Ending) == "":
		out = append(out, fmt.Sprintf("%s is an ending without a name: name it, as in \"The Great Balloon Ride\".", name))
	case p.Ending != "" && len(p.Choices) > 0:
		out = append(out, fmt.Sprintf("%s is an ending (%q) but has choices: a path stops at its ending.", name, p.Ending))
	case p.Ending == "" && len(p.Choices) == 0:
		out = append(out, fmt.Sprintf("%s has no choices and is not an ending.", name))
	}
	if n := len(p.Timings); n > 0 {
		if words := Words(p.Text); n != words {
			out = append(out, fmt.Sprintf("%s has %s for %s: tap along with the narration again.",
				name, plural(n, "word timing", "word timings"), plural(words, "word", "words")))
		}
	}
	for n, c := range p.Choices {
		choice := fmt.Sprintf("Choice %d on %s", n+1, lowerFirst(name))
		if strings.TrimSpace(c.Label) == "" {
			out = append(out, choice+" has no words on its button.")
		}
		if _, ok := g.index[c.To]; !ok {
			if c.To == "" {
				out = append(out, choice+" does not say which page it leads to.")
			} else {
				out = append(out, fmt.Sprintf("%s leads to %q, which is not a page.", choice, c.To))
			}
		}
	}
	return out
}

// pageName is how a message names a page: by its id, or by its place in
// the book when it has none.
func pageName(i int, id string) string {
	if id == "" {
		return fmt.Sprintf("The page at position %d", i+1)
	}
	return fmt.Sprintf("Page %q", id)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// loopMessage names the pages of a loop in reading order, back to the
// first: Pages "a" → "b" → "a" make a loop.
func loopMessage(b Storybook, l loop) string {
	var names []string
	for _, p := range l.pages {
		names = append(names, fmt.Sprintf("%q", b.Pages[p].ID))
	}
	if more := l.length - len(l.pages); more > 0 {
		names = append(names, fmt.Sprintf("… (%s pages more)", thousands(more)))
	}
	names = append(names, fmt.Sprintf("%q", b.Pages[l.pages[0]].ID))
	if l.length == 1 {
		return fmt.Sprintf("Page %q leads back to itself: a story is read forward.", b.Pages[l.pages[0]].ID)
	}
	return fmt.Sprintf("Pages %s make a loop: a story is read forward.", strings.Join(names, " → "))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return thousands(n) + " " + many
}

// numbers writes counts as the shop does, with commas (1,000,000).
var numbers = message.NewPrinter(language.AmericanEnglish)

func thousands(n int) string { return numbers.Sprint(n) }

// Reachable is the set of page ids a reader can reach from the start.
func Reachable(b Storybook) map[string]bool {
	g := newGraph(b)
	out := map[string]bool{}
	for i, d := range g.depths() {
		if d >= 0 {
			out[b.Pages[i].ID] = true
		}
	}
	return out
}

// Preview is the free pages of a storybook: the ids of the pages fewer than
// n choices from the start (the start alone for 1, none for 0), in page
// order.
func Preview(b Storybook, n int) []string {
	g := newGraph(b)
	out := []string{}
	for i, d := range g.depths() {
		if d >= 0 && d < n {
			out = append(out, b.Pages[i].ID)
		}
	}
	return out
}
