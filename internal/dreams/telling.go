package dreams

import (
	"maps"
	"slices"
	"strings"
)

// telling is one way of telling a template: which part of each kind, which
// scene of each interest, which moment of the companion.
type telling struct {
	opening, middle, ending int
	scenes                  []int // per scene slot, which of its scenes; left out when -1
	moment                  int   // left out when -1
	keepsake                int   // the interest whose keepsake is left behind
}

// left is the index of a scene or moment the telling leaves out.
const left = -1

// piece is one part of a story that a telling chooses (an opening, a scene,
// a moment...), as the sentences it adds, how many of those each past
// story holds, and how many of its long sentences the family heard in its
// last stories (echoes).
type piece struct {
	size    int
	heard   []int // per past story
	echoes  int
	absent  bool // a scene or moment left out
	generic bool // a dream scene in an interest's place
}

func newPiece(text []string, heard []map[string]bool, recent map[string]bool) piece {
	set := sentenceSet(text)
	p := piece{size: len(set), heard: make([]int, len(heard))}
	for s := range set {
		if recent[s] && isLong(s) {
			p.echoes++
		}
		for i, h := range heard {
			if h[s] {
				p.heard[i]++
			}
		}
	}
	return p
}

// A long sentence is one of longWords words or more: one a listener
// recognizes when it comes again. None repeats within a family's last
// echoWindow stories.
const (
	longWords  = 8
	echoWindow = 10
)

// widest is how many scenes of one place are weighed against each other.
const widest = 3

func isLong(sentence string) bool { return len(strings.Fields(sentence)) >= longWords }

// weight is how much of past a telling repeats, compared in order: its
// long sentences the family heard in its last stories, whether it is too
// much like one past story (alike), the scenes and
// moment it leaves out to avoid them, the dream scenes it tells in place of
// the child's interests', then its largest and its total share of sentences
// in common with one past story.
type weight struct {
	echoes, absent, generic int
	worst, sum              float64
}

// alike is the share of sentences in common with one past story above
// which two stories feel like the same one told again.
const alike = 0.40

func (w weight) less(o weight) bool {
	const same = 1e-9
	switch {
	case w.echoes != o.echoes:
		return w.echoes < o.echoes
	case (w.worst > alike+same) != (o.worst > alike+same):
		return w.worst <= alike+same
	case w.absent != o.absent:
		return w.absent < o.absent
	case w.generic != o.generic:
		return w.generic < o.generic
	case w.worst < o.worst-same || w.worst > o.worst+same:
		return w.worst < o.worst
	}
	return w.sum < o.sum-same
}

func (w weight) same(o weight) bool { return !w.less(o) && !o.less(w) }

// leastHeard finds the telling of st that repeats least of past (the
// family's stories, newest first). A story is the sum of its pieces, so
// each piece is written once and every way of putting them together is
// weighed without writing the story out. A scene or the companion's moment
// may be left out, rather than told again to a family that heard it lately.
func leastHeard(st storyTemplate, d storyData, chosen []Interest, past []Told, choose Chooser) (telling, weight, error) {
	heard := make([]map[string]bool, len(past))
	recent := map[string]bool{}
	for i, t := range past {
		heard[i] = sentenceSet(t.Paragraphs)
		if i < echoWindow {
			maps.Copy(recent, heard[i])
		}
	}
	pieceOf := func(texts ...string) piece { return newPiece(texts, heard, recent) }
	absent := piece{heard: make([]int, len(past)), absent: true}

	// The scenes each slot may bring, and the companion's moments.
	slots := sceneSlots(chosen)
	scenes := make([][]piece, len(slots))
	for i, srcs := range slots {
		for v, src := range srcs {
			text, err := render(src, d)
			if err != nil {
				return telling{}, weight{}, err
			}
			p := pieceOf(text)
			p.generic = generic(chosen, i, v)
			scenes[i] = append(scenes[i], p)
		}
		scenes[i] = append(scenes[i], absent)
	}
	var moments []piece
	for _, m := range d.Pal.Moments {
		text, err := render(m, d)
		if err != nil {
			return telling{}, weight{}, err
		}
		moments = append(moments, pieceOf(text))
	}
	moments = append(moments, absent)
	// The template's own parts: a middle without its scenes and moment, an
	// ending with each keepsake it may leave.
	part := func(name string, d storyData) (piece, error) {
		text, err := run(st.tmpl, name, d)
		return pieceOf(paragraphs(text)...), err
	}
	var openings, middles []piece
	for _, name := range st.openings {
		p, err := part(name, d)
		if err != nil {
			return telling{}, weight{}, err
		}
		openings = append(openings, p)
	}
	for _, name := range st.middles {
		p, err := part(name, d)
		if err != nil {
			return telling{}, weight{}, err
		}
		middles = append(middles, p)
	}
	keepsakes, err := keepsakesOf(chosen, d)
	if err != nil {
		return telling{}, weight{}, err
	}
	endings := make([][]piece, len(st.endings)) // by ending, then keepsake
	for i, name := range st.endings {
		for _, k := range keepsakes {
			d.Keepsake = k
			p, err := part(name, d)
			if err != nil {
				return telling{}, weight{}, err
			}
			endings[i] = append(endings[i], p)
		}
	}

	// Every way of putting the pieces together, one level per choice: the
	// opening, the middle, the ending with its keepsake, the moment, then
	// each scene slot. Each level adds its piece's sentences to the sums of
	// the level above, so a whole story is weighed in one pass over past.
	var endingKeepsakes []piece
	for _, byKeepsake := range endings {
		endingKeepsakes = append(endingKeepsakes, byKeepsake...)
	}
	levels := append([][]piece{openings, middles, endingKeepsakes, moments}, scenes...)
	const firstScene = 4
	// Echoes and what is left out add up piece by piece, so the tellings
	// with the fewest are those whose every piece has the fewest of its
	// level: only those are weighed further.
	options := make([][]int, len(levels)) // per level, the indexes of its pieces worth weighing
	for l, pieces := range levels {
		for i, p := range pieces {
			if len(options[l]) > 0 {
				o := pieces[options[l][0]]
				if worse(p, o) {
					continue
				}
				if worse(o, p) {
					options[l] = options[l][:0]
				}
			}
			options[l] = append(options[l], i)
		}
		// Of many equally fresh pieces, the few least heard in past are
		// enough to weigh (in a random order, so ties go either way).
		if o := options[l]; l >= firstScene && len(o) > widest {
			for i := len(o) - 1; i > 0; i-- {
				j := choose(i + 1)
				o[i], o[j] = o[j], o[i]
			}
			heardIn := func(p piece) (n int) {
				for _, h := range p.heard {
					n += h
				}
				return n
			}
			slices.SortStableFunc(o, func(a, b int) int { return heardIn(pieces[a]) - heardIn(pieces[b]) })
			options[l] = o[:widest]
		}
	}
	at := make([]int, len(levels))
	sums := make([][]int, len(levels)+1) // common sentences with each past story
	for i := range sums {
		sums[i] = make([]int, len(past))
	}
	var best []int
	bestWeight, ties := weight{echoes: 1 << 30}, 0
	var walk func(level, size int, w weight)
	walk = func(level, size int, w weight) {
		if level < len(levels) {
			for _, i := range options[level] {
				p := levels[level][i]
				at[level] = i
				for j := range past {
					sums[level+1][j] = sums[level][j] + p.heard[j]
				}
				next := w
				next.echoes += p.echoes
				if p.absent {
					next.absent++
				}
				if p.generic {
					next.generic++
				}
				walk(level+1, size+p.size, next)
			}
			return
		}
		for j, h := range heard {
			if n := min(size, len(h)); n > 0 {
				share := float64(sums[level][j]) / float64(n)
				w.worst, w.sum = max(w.worst, share), w.sum+share
			}
		}
		switch {
		case w.less(bestWeight):
			best, bestWeight, ties = slices.Clone(at), w, 1
		case w.same(bestWeight):
			// One of the equally good tellings, each as likely as the others.
			if ties++; choose(ties) == 0 {
				best = slices.Clone(at)
			}
		}
	}
	walk(0, 0, weight{})
	t := telling{opening: best[0], middle: best[1], ending: best[2] / len(keepsakes), keepsake: best[2] % len(keepsakes),
		moment: best[3], scenes: best[4:]}
	// The last piece of each choice is the one left out.
	if t.moment == len(moments)-1 {
		t.moment = left
	}
	for i := range t.scenes {
		if t.scenes[i] == len(scenes[i])-1 {
			t.scenes[i] = left
		}
	}
	return t, bestWeight, nil
}

// worse says whether piece p echoes more than o, or as much but is left
// out where o is told, or a stand-in where o is the interest's own.
func worse(p, o piece) bool {
	rank := func(p piece) [3]int { return [3]int{p.echoes, b2i(p.absent), b2i(p.generic)} }
	a, b := rank(p), rank(o)
	return slices.Compare(a[:], b[:]) > 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sceneSlots are the places for scenes in a story, each with the scenes
// that may fill it: every story has three. The chosen interests fill the
// last ones ('other' the very last), and dream scenes the others. Each
// slot also has its own share of the dream scenes, so no scene comes twice
// in one story: an interest's few scenes, once the family has heard them
// lately, make way for a dream scene (generic: told only then).
func sceneSlots(chosen []Interest) [][]string {
	out := make([][]string, MaxInterests)
	free := MaxInterests - len(chosen)
	for i, in := range chosen {
		out[free+i] = slices.Clone(in.Scenes)
	}
	for i := range out {
		for j := i; j < len(dreamScenes); j += MaxInterests {
			out[i] = append(out[i], dreamScenes[j])
		}
	}
	return out
}

// generic says whether the scene v of slot i is a dream scene standing in
// for one of a chosen interest's.
func generic(chosen []Interest, i, v int) bool {
	free := MaxInterests - len(chosen)
	return i >= free && v >= len(chosen[i-free].Scenes)
}

// keepsakesOf is what the companion may leave behind: a keepsake of one of
// the interests, or a silver star.
func keepsakesOf(chosen []Interest, d storyData) ([]string, error) {
	if len(chosen) == 0 {
		return []string{"a single silver star"}, nil
	}
	var out []string
	for _, in := range chosen {
		k, err := render(in.Keepsake, d)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}
