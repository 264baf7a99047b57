package dreams

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

var today = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func first(int) int { return 0 }

// knownIDs are the 33 interests with fixed phrases ('other' excluded).
func knownIDs() []string {
	var ids []string
	for _, in := range Interests {
		if in.ID != OtherInterest {
			ids = append(ids, in.ID)
		}
	}
	return ids
}

// selections covers every known interest in every position, for 0 to 3
// interests, each with and without 'other'.
func selections() [][]string {
	ids := knownIDs()
	out := [][]string{{}}
	for k := 1; k <= MaxInterests; k++ {
		for i := range ids {
			var sel []string
			for j := range k {
				sel = append(sel, ids[(i+j*11)%len(ids)])
			}
			out = append(out, sel)
		}
	}
	var withOther [][]string
	for _, sel := range out {
		if len(sel) < MaxInterests {
			withOther = append(withOther, append(slices.Clone(sel), OtherInterest))
		}
	}
	return append(out, withOther...)
}

// othersFor is the 'other' text to try: sensible ones (a thing, a doing,
// the child's own thing) and a nonsense one when 'other' is chosen.
func othersFor(sel []string) []string {
	if slices.Contains(sel, OtherInterest) {
		return []string{"the big red bus to school", "horse riding", "my red bicycle", "asdfghjkl"}
	}
	return []string{""}
}

// eachTelling calls fn with every part of st, every scene of every chosen
// interest and every moment of the companion, each at least once.
func eachTelling(t *testing.T, st storyTemplate, req Request, fn func(Story)) {
	t.Helper()
	d, chosen, err := prepare(req, first)
	if err != nil {
		t.Fatal(err)
	}
	free := MaxInterests - len(chosen)
	for v := range 5 {
		tl := telling{opening: v % len(st.openings), middle: v % len(st.middles), ending: v % len(st.endings),
			moment: v % len(d.Pal.Moments), keepsake: v % max(len(chosen), 1)}
		for i, slot := range sceneSlots(chosen) {
			// An interest's own scenes (the dream scenes standing in for them
			// are each read in TestEveryDreamSceneReadsWell).
			if i >= free {
				tl.scenes = append(tl.scenes, (v+i)%len(chosen[i-free].Scenes))
			} else {
				tl.scenes = append(tl.scenes, (v+i)%len(slot))
			}
		}
		s, err := tell(st, d, chosen, tl)
		if err != nil {
			t.Fatal(err)
		}
		fn(s)
	}
}

var (
	leftover    = regexp.MustCompile(`\{\{|\}\}|<no value>|undefined|%!|\bnil\b|<nil>`)
	badSpacing  = regexp.MustCompile(`  | [,.!?;:]|\.\.|,,|^\s|\s$`)
	theyAgrees  = regexp.MustCompile(`(?i)\bthey (was|is|has|does|looks|wants|likes|loves)\b`)
	wordsOf     = regexp.MustCompile(`[\p{L}\p{N}’'-]+`)
	britishWord = regexp.MustCompile(`(?i)\b(colour\w*|cosy|favourit\w*|personalis\w*|grey|pyjamas|mum|neighbour\w*|honour|travell\w*)\b`)
	forbiddenBy = map[string]*regexp.Regexp{
		// A child's pronouns never mix with another set's. The companion
		// named in companionFor shares the child's set.
		"boy":     regexp.MustCompile(`(?i)\b(she|her|hers|herself|themself)\b`),
		"girl":    regexp.MustCompile(`(?i)\b(he|his|him|himself|themself)\b`),
		"neutral": regexp.MustCompile(`(?i)\b(she|her|hers|herself|himself|he was|he is|he has)\b`),
	}
	companionFor = map[string]string{"boy": "siso", "girl": "feefee", "neutral": "siso"}
	mustHave     = map[string]*regexp.Regexp{
		"boy":     regexp.MustCompile(`\b(he|his|him|himself|He|His)\b`),
		"girl":    regexp.MustCompile(`\b(she|her|herself|She|Her)\b`),
		"neutral": regexp.MustCompile(`\b(they were|their|Their|them|themself)\b`),
	}
)

// wordRange is the shortest and longest story seen, logged for the curious.
var wordRange = [2]int{1 << 30, 0}

func TestEveryStoryReadsWellForEveryChild(t *testing.T) {
	defer func() { t.Logf("stories run from %d to %d words", wordRange[0], wordRange[1]) }()
	for _, st := range stories {
		for i, sel := range selections() {
			for j, otherText := range othersFor(sel) {
				// Each child in turn: every part of every template is told
				// to each of them many times over.
				g := Genders[(i+j)%len(Genders)]
				req := Request{Name: "Mia Rose", BirthMonth: "2021-03", Gender: g.ID, Companion: companionFor[g.ID],
					Interests: sel, Other: otherText, Today: today}
				eachTelling(t, st, req, func(s Story) {
					checkStory(t, fmt.Sprintf("%s/%s/%v/%q", st.name, g.ID, sel, otherText), s, g.ID)
				})
			}
		}
	}
}

func checkStory(t *testing.T, label string, s Story, gender string) {
	t.Helper()
	text := s.Title + "\n" + strings.Join(s.Paragraphs, "\n")
	if m := leftover.FindString(text); m != "" {
		t.Errorf("%s: leftover %q", label, m)
	}
	for i, p := range append([]string{s.Title}, s.Paragraphs...) {
		if m := badSpacing.FindStringIndex(p); m != nil {
			t.Errorf("%s: paragraph %d spacing near %q", label, i, p[max(m[0]-20, 0):min(m[1]+20, len(p))])
		}
	}
	if !strings.Contains(s.Title, "Mia Rose") || strings.Count(text, "Mia Rose") < 5 {
		t.Errorf("%s: the child's name is missing", label)
	}
	n := len(wordsOf.FindAllString(strings.Join(s.Paragraphs, " "), -1))
	if n < 280 || n > 650 {
		t.Errorf("%s: %d words, want 280-650", label, n)
	}
	wordRange[0], wordRange[1] = min(wordRange[0], n), max(wordRange[1], n)
	if len(s.Paragraphs) < 5 {
		t.Errorf("%s: %d paragraphs", label, len(s.Paragraphs))
	}
	if m := forbiddenBy[gender].FindString(text); m != "" {
		t.Errorf("%s: wrong pronoun %q", label, m)
	}
	if !mustHave[gender].MatchString(text) {
		t.Errorf("%s: none of the child's pronouns", label)
	}
	if m := theyAgrees.FindString(text); m != "" {
		t.Errorf("%s: verb does not agree: %q", label, m)
	}
	if m := britishWord.FindString(text); m != "" {
		t.Errorf("%s: %q is not US English", label, m)
	}
	seen := map[string]bool{}
	for _, s := range sentences(s.Paragraphs) {
		if seen[s] && len(s) > 30 {
			t.Errorf("%s: %q twice", label, s)
		}
		seen[s] = true
	}
}

// xe are pronouns no template writes by itself, so in a story told with
// them, every "they" is the template's own and every "xe" the child's.
var xe = Gender{ID: "neutral", P: Pronouns{They: "xe", Their: "xyr", Them: "xem", Themself: "xemself",
	Was: "were", Is: "are", Has: "have", Child: "child", plural: true}}

var (
	literalThey  = regexp.MustCompile(`(?i)\b(they|them|their|theirs|themselves|themself)\b`)
	childSubject = regexp.MustCompile(`\b[Xx]e\b`)
	childOther   = regexp.MustCompile(`\b[Xx](yr|em|emself)\b`)
)

// TestTheyAlwaysMeansTheChild: for a child who is "just me", "they" must
// never be readable as the cushions, the stars or the two friends. So the
// templates say "they", "them" and "their" of nobody else; the child's
// "they" comes after the child's name in the same sentence, and "their"
// and "them" in that sentence or the next.
func TestTheyAlwaysMeansTheChild(t *testing.T) {
	saved := Genders
	Genders = append(slices.Clone(Genders), xe)
	Genders[len(Genders)-1].ID = "xe"
	defer func() { Genders = saved }()
	for _, st := range stories {
		for i, sel := range selections() {
			for _, otherText := range othersFor(sel) {
				// Every companion's every moment comes with one of the four tellings.
				req := Request{Name: "Kit", BirthMonth: "2021-03", Gender: "xe", Companion: Companions[i%len(Companions)].ID,
					Interests: sel, Other: otherText, Today: today}
				eachTelling(t, st, req, func(s Story) { checkThey(t, st.name, s) })
			}
		}
	}
}

func checkThey(t *testing.T, label string, s Story) {
	t.Helper()
	all := sentences(s.Paragraphs)
	for i, sentence := range all {
		if m := literalThey.FindString(sentence); m != "" {
			t.Errorf("%s: %q is not the child's: %q", label, m, sentence)
		}
		name := strings.Index(sentence, "Kit")
		if m := childSubject.FindStringIndex(sentence); m != nil && (name < 0 || name > m[0]) {
			t.Errorf("%s: %q does not follow the child's name: %q", label, sentence[m[0]:m[1]], sentence)
		}
		if m := childOther.FindStringIndex(sentence); m != nil && (name < 0 || name > m[0]) && (i == 0 || !strings.Contains(all[i-1], "Kit")) {
			t.Errorf("%s: %q names nobody near it: %q", label, sentence[m[0]:m[1]], sentence)
		}
	}
}

// nights are the parent's choices for a month of stories: the same every
// night (the hardest case), or changing.
var nights = []struct {
	name   string
	choose func(night int) Request
}{
	{"the same three interests every night", func(int) Request {
		return Request{Gender: "girl", Companion: "nainni", Interests: []string{"dinosaurs", "space", "other"}, Other: "the big red bus to school"}
	}},
	{"one interest every night", func(int) Request {
		return Request{Gender: "boy", Companion: "siso", Interests: []string{"soccer"}}
	}},
	{"no interests at all", func(int) Request {
		return Request{Gender: "neutral", Companion: "lizzie"}
	}},
	{"whatever the child asks for that night", func(night int) Request {
		ids := knownIDs()
		return Request{Gender: "girl", Companion: Companions[night%4].ID,
			Interests: []string{ids[night%len(ids)], ids[(night*7+3)%len(ids)]}}
	}},
}

// TestAMonthOfStoriesForOneChild: a story every night for 30 nights never
// has the title of the night before, never the template of one of the last
// three, and no two of the 30 share more than 40 % of their sentences.
func TestAMonthOfStoriesForOneChild(t *testing.T) {
	worst := 0.0
	for _, n := range nights {
		for seed := range uint64(12) {
			rnd := rand.New(rand.NewPCG(seed, 26))
			var told []Told // newest first
			var titles []string
			var sets []map[string]bool
			for night := range 30 {
				req := n.choose(night)
				req.Name, req.BirthMonth, req.Today = "Lily", "2020-02", today
				s, err := Compose(req, told[:min(len(told), remembered)], rnd.IntN)
				if err != nil {
					t.Fatal(err)
				}
				if night > 0 && s.Title == titles[night-1] {
					t.Errorf("%s, seed %d, night %d: %q again", n.name, seed, night, s.Title)
				}
				for _, recent := range told[:min(len(told), 3)] {
					if recent.Template == s.Template {
						t.Errorf("%s, seed %d, night %d: %s was one of the last three", n.name, seed, night, s.Template)
					}
				}
				set := sentenceSet(s.Paragraphs)
				for before, other := range sets {
					share, _ := repeats(set, []map[string]bool{other})
					worst = max(worst, share)
					if share > 0.40 {
						t.Errorf("%s, seed %d: nights %d and %d share %.0f %% of their sentences", n.name, seed, before, night, share*100)
					}
				}
				told = append([]Told{{Template: s.Template, Paragraphs: s.Paragraphs}}, told...)
				titles = append(titles, s.Title)
				sets = append(sets, set)
			}
		}
	}
	t.Logf("the two most alike stories of a month share %.0f %% of their sentences", worst*100)
}

func TestStoryShowsTheDetails(t *testing.T) {
	for _, st := range stories {
		eachTelling(t, st, Request{Name: "Leo", BirthMonth: "2018-11", Gender: "neutral", Companion: "lizzie",
			Interests: []string{"dinosaurs", "other"}, Other: "  trains\x00 and   ducks!! ", Today: today}, func(s Story) {
			text := strings.Join(s.Paragraphs, " ")
			for _, want := range []string{"Lizzie", "rains and ducks", "dinosaur"} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: %q missing", st.name, want)
				}
			}
			// 'other' is woven in last, after the interests from the list.
			if strings.Index(text, "rains and ducks") < strings.Index(text, "dinosaur") {
				t.Errorf("%s: 'other' is not last", st.name)
			}
		})
	}
	s, err := Compose(Request{Name: "Leo", BirthMonth: "2018-12", Gender: "neutral", Companion: "lizzie",
		Interests: []string{"other"}, Other: "  trains\x00 and   ducks!! ", Today: today}, nil, first)
	if err != nil || s.Age != 7 || s.Other != "trains and ducks" {
		t.Errorf("age %d other %q: %v", s.Age, s.Other, err)
	}
}

// TestOtherReadsNaturally: the parent's own words are told as part of a
// sentence, in the story's voice ("my bicycle" is the child's), or said
// aloud by the child as typed.
func TestOtherReadsNaturally(t *testing.T) {
	for _, st := range stories {
		eachTelling(t, st, Request{Name: "Lily", BirthMonth: "2019-01", Gender: "girl", Companion: "feefee",
			Interests: []string{"other"}, Other: "my red bicycle", Today: today}, func(s Story) {
			text := strings.Join(s.Paragraphs, " ")
			if !strings.Contains(text, "her red bicycle") && !strings.Contains(text, "“My red bicycle!”") {
				t.Errorf("%s: the bicycle is missing: %s", st.name, text)
			}
			if strings.Contains(text, " my red bicycle") || strings.Contains(text, "made just for Lily:") {
				t.Errorf("%s: the words are not woven in: %s", st.name, text)
			}
		})
	}
}

func TestPrintSamples(t *testing.T) {
	if testing.Short() || !testing.Verbose() {
		t.Skip()
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	var told []Told
	for i := range 6 {
		g := Genders[i%3]
		sel := [][]string{{}, {"dinosaurs"}, {"space", "cooking"}, {"pirates", "music", "other"}, {"other"}, {"animals", "jokes"}}[i]
		s, _ := Compose(Request{Name: "Mia", BirthMonth: "2020-01", Gender: g.ID, Companion: Companions[i%4].ID,
			Interests: sel, Other: "my big red bus", Today: today}, told, rnd.IntN)
		told = append([]Told{{s.Template, s.Paragraphs}}, told...)
		fmt.Printf("\n=== %s (%s, %v) %d words\n%s\n\n%s\n", s.Template, g.ID, sel, len(wordsOf.FindAllString(strings.Join(s.Paragraphs, " "), -1)), s.Title, strings.Join(s.Paragraphs, "\n\n"))
	}
}

// repeats measures how much of a story the child has heard before: the
// largest share of sentences it has in common with one past story (of the
// shorter of the two), and the sum of those shares.
func repeats(story map[string]bool, heard []map[string]bool) (worst, sum float64) {
	for _, h := range heard {
		common := 0
		for s := range story {
			if h[s] {
				common++
			}
		}
		if n := min(len(story), len(h)); n > 0 {
			share := float64(common) / float64(n)
			worst, sum = max(worst, share), sum+share
		}
	}
	return worst, sum
}

// TestSixtyNightsInAFamilyOfThree: three children take turns at a story,
// one a night for 60 nights, each with their own companion and interests
// (two of them share one). Whoever hears it, the family never hears the
// same tale two nights running, and no sentence of eight words or more
// comes again within the family's last ten stories.
func TestSixtyNightsInAFamilyOfThree(t *testing.T) {
	children := []Request{
		{Name: "Mia", BirthMonth: "2019-04", Gender: "girl", Companion: "feefee", Interests: []string{"dinosaurs", "space"}},
		{Name: "Leo", BirthMonth: "2021-09", Gender: "boy", Companion: "siso", Interests: []string{"dinosaurs", "soccer", "other"}, Other: "my red bicycle"},
		{Name: "Sam", BirthMonth: "2017-01", Gender: "neutral", Companion: "feefee"},
	}
	shortest := 1 << 30
	for seed := range uint64(6) {
		rnd := rand.New(rand.NewPCG(seed, 38))
		var told []Told // the family's, newest first
		for night := range 60 {
			// Mostly in turn, now and then a child asks twice in a row.
			req := children[(night+int(rnd.IntN(4)/3))%len(children)]
			req.Today = today
			s, err := Compose(req, told[:min(len(told), remembered)], rnd.IntN)
			if err != nil {
				t.Fatal(err)
			}
			if len(told) > 0 && told[0].Template == s.Template {
				t.Errorf("seed %d, night %d: %s two nights running", seed, night, s.Template)
			}
			for back, past := range told[:min(len(told), 10)] {
				heard := sentenceSet(past.Paragraphs)
				for _, sentence := range sentences(s.Paragraphs) {
					if len(strings.Fields(sentence)) >= 8 && heard[sentence] {
						t.Errorf("seed %d, night %d (%s): heard %d nights before: %q", seed, night, req.Name, back+1, sentence)
					}
				}
			}
			shortest = min(shortest, len(strings.Fields(strings.Join(s.Paragraphs, " "))))
			told = append([]Told{{Template: s.Template, Paragraphs: s.Paragraphs}}, told...)
		}
	}
	t.Logf("the shortest story of the family's 60 nights: %d words", shortest)
}

// TestEveryDreamSceneReadsWell: each dream scene, which may stand in any
// place of a story, told for every child, keeps to the stories' rules.
func TestEveryDreamSceneReadsWell(t *testing.T) {
	for _, g := range append(slices.Clone(Genders), xe) {
		pal := Companions[0]
		d := storyData{Pronouns: g.P, Name: "Kit", Pal: pal}
		for _, src := range dreamScenes {
			text, err := render(src, d)
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range []*regexp.Regexp{leftover, theyAgrees, britishWord, literalThey} {
				if m := bad.FindString(text); m != "" {
					t.Errorf("%s: %q in %q", g.ID, m, text)
				}
			}
			if f := forbiddenBy[g.ID]; f != nil && g.ID != "boy" {
				if m := f.FindString(text); m != "" {
					t.Errorf("%s: wrong pronoun %q in %q", g.ID, m, text)
				}
			}
			if len(strings.Fields(text)) < longWords {
				t.Errorf("a scene of a few words: %q", text)
			}
		}
	}
}
