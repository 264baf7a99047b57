package dreams

import "slices"

// telling is one way of telling a template: which part of each kind, which
// scene of each interest, which moment of the companion.
type telling struct {
	opening, middle, ending int
	scenes                  []int // per scene slot, which of its scenes
	moment                  int
	keepsake                int // the interest whose keepsake is left behind
}

// piece is one part of a story that a telling chooses (an opening, a scene,
// a moment...), as the sentences it adds, and how many of those each past
// story holds.
type piece struct {
	size  int
	heard []int // per past story
}

func newPiece(text []string, heard []map[string]bool) piece {
	set := sentenceSet(text)
	p := piece{size: len(set), heard: make([]int, len(heard))}
	for i, h := range heard {
		for s := range set {
			if h[s] {
				p.heard[i]++
			}
		}
	}
	return p
}

// leastHeard finds the telling of st that repeats least of past. A story is
// the sum of its pieces, so each piece is written once and every way of
// putting them together is weighed without writing the story out.
func leastHeard(st storyTemplate, d storyData, chosen []Interest, past []Told, choose Chooser) (telling, error) {
	heard := make([]map[string]bool, len(past))
	for i, t := range past {
		heard[i] = sentenceSet(t.Paragraphs)
	}
	pieceOf := func(texts ...string) piece { return newPiece(texts, heard) }

	// The scenes each slot may bring, and the companion's moments.
	slots := sceneSlots(chosen)
	scenes := make([][]piece, len(slots))
	for i, srcs := range slots {
		for _, src := range srcs {
			text, err := render(src, d)
			if err != nil {
				return telling{}, err
			}
			scenes[i] = append(scenes[i], pieceOf(text))
		}
	}
	var moments []piece
	for _, m := range d.Pal.Moments {
		text, err := render(m, d)
		if err != nil {
			return telling{}, err
		}
		moments = append(moments, pieceOf(text))
	}
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
			return telling{}, err
		}
		openings = append(openings, p)
	}
	for _, name := range st.middles {
		p, err := part(name, d)
		if err != nil {
			return telling{}, err
		}
		middles = append(middles, p)
	}
	keepsakes, err := keepsakesOf(chosen, d)
	if err != nil {
		return telling{}, err
	}
	endings := make([][]piece, len(st.endings)) // by ending, then keepsake
	for i, name := range st.endings {
		for _, k := range keepsakes {
			d.Keepsake = k
			p, err := part(name, d)
			if err != nil {
				return telling{}, err
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
	at := make([]int, len(levels))
	sums := make([][]int, len(levels)+1) // common sentences with each past story
	for i := range sums {
		sums[i] = make([]int, len(past))
	}
	var best []int
	bestWorst, bestSum, ties := 2.0, 0.0, 0
	var walk func(level, size int)
	walk = func(level, size int) {
		if level < len(levels) {
			for i, p := range levels[level] {
				at[level] = i
				for j := range past {
					sums[level+1][j] = sums[level][j] + p.heard[j]
				}
				walk(level+1, size+p.size)
			}
			return
		}
		worst, sum := 0.0, 0.0
		for j, h := range heard {
			if n := min(size, len(h)); n > 0 {
				share := float64(sums[level][j]) / float64(n)
				worst, sum = max(worst, share), sum+share
			}
		}
		const same = 1e-9
		switch {
		case worst < bestWorst-same || (worst < bestWorst+same && sum < bestSum-same):
			best, bestWorst, bestSum, ties = slices.Clone(at), worst, sum, 1
		case worst < bestWorst+same && sum < bestSum+same:
			// One of the equally good tellings, each as likely as the others.
			if ties++; choose(ties) == 0 {
				best = slices.Clone(at)
			}
		}
	}
	walk(0, 0)
	return telling{opening: best[0], middle: best[1], ending: best[2] / len(keepsakes), keepsake: best[2] % len(keepsakes),
		moment: best[3], scenes: best[4:]}, nil
}

// sceneSlots are the places for scenes in a story, each with the scenes
// that may fill it: every story has three. The chosen interests fill the
// last ones ('other' the very last), and dream scenes the first ones, each
// slot from its own share of them, so no scene comes twice.
func sceneSlots(chosen []Interest) [][]string {
	free := MaxInterests - len(chosen)
	var out [][]string
	for i := range free {
		var share []string
		for j := i; j < len(dreamScenes); j += free {
			share = append(share, dreamScenes[j])
		}
		out = append(out, share)
	}
	for _, in := range chosen {
		out = append(out, in.Scenes)
	}
	return out
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
