package dreams

import (
	"fmt"
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
// interests, each with and without 'other' (sensible and nonsense words).
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

var (
	leftover    = regexp.MustCompile(`\{\{|\}\}|<no value>|undefined|%!|\bnil\b|<nil>`)
	badSpacing  = regexp.MustCompile(`  | [,.!?;:]|\.\.|,,|^\s|\s$`)
	theyAgrees  = regexp.MustCompile(`(?i)\bthey (was|is|has|does|looks|wants|likes|loves)\b`)
	wordsOf     = regexp.MustCompile(`[\p{L}\p{N}’'-]+`)
	forbiddenBy = map[string]*regexp.Regexp{
		// A child's pronouns never mix with another set's. The companion
		// named in companionFor shares the child's set, or is they-free.
		"boy":     regexp.MustCompile(`(?i)\b(she|her|hers|herself|themself)\b`),
		"girl":    regexp.MustCompile(`(?i)\b(he|his|him|himself|themself)\b`),
		"neutral": regexp.MustCompile(`(?i)\b(she|her|hers|herself|himself|he was|he is|he has)\b`),
	}
	companionFor = map[string]string{"boy": "siso", "girl": "feefee", "neutral": "siso"}
	mustHave     = map[string]*regexp.Regexp{
		"boy":     regexp.MustCompile(`\b(he|his|him|himself|He|His)\b`),
		"girl":    regexp.MustCompile(`\b(she|her|herself|She|Her)\b`),
		"neutral": regexp.MustCompile(`\b(they were|They were|their|Their|them|themself)\b`),
	}
)

// wordRange is the shortest and longest story seen, logged for the curious.
var wordRange = [2]int{1 << 30, 0}

func TestEveryStoryReadsWellForEveryChild(t *testing.T) {
	defer func() { t.Logf("stories run from %d to %d words", wordRange[0], wordRange[1]) }()
	for _, st := range stories {
		for _, g := range Genders {
			for _, sel := range selections() {
				for _, otherText := range othersFor(sel) {
					req := Request{Name: "Mia Rose", DateOfBirth: "2021-03-04", Gender: g.ID, Companion: companionFor[g.ID],
						Interests: sel, Other: otherText, Today: today}
					s, err := composeWith(st, req, first)
					if err != nil {
						t.Fatalf("%s %s %v: %v", st.name, g.ID, sel, err)
					}
					checkStory(t, fmt.Sprintf("%s/%s/%v/%q", st.name, g.ID, sel, otherText), s, g.ID)
				}
			}
		}
	}
}

// othersFor is the 'other' text to try: a sensible one and a nonsense one
// when 'other' is chosen; the text is ignored otherwise.
func othersFor(sel []string) []string {
	if slices.Contains(sel, OtherInterest) {
		return []string{"trains and rainbow ducks", "asdfghjkl", "a very long wish about a purple castle with seventeen towers and a moat"}
	}
	return []string{""}
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
	if n < 350 || n > 600 {
		t.Errorf("%s: %d words, want 350-600", label, n)
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
}

func TestStoryShowsTheDetails(t *testing.T) {
	for _, st := range stories {
		s, err := composeWith(st, Request{Name: "Leo", DateOfBirth: "2018-11-24", Gender: "neutral", Companion: "lizzie",
			Interests: []string{"other", "dinosaurs"}, Other: "  trains\x00 and   ducks!! ", Today: today}, first)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(s.Paragraphs, " ")
		for _, want := range []string{"Lizzie", "seven", "trains and ducks", "dinosaur"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q missing", st.name, want)
			}
		}
		if s.Age != 7 || s.Other != "trains and ducks" {
			t.Errorf("%s: age %d other %q", st.name, s.Age, s.Other)
		}
		// 'other' is woven in last, after the interests from the list.
		if strings.Index(text, "trains and ducks") < strings.Index(text, "dinosaur") {
			t.Errorf("%s: 'other' is not last", st.name)
		}
	}
}

func TestPrintSamples(t *testing.T) {
	if testing.Short() || !testing.Verbose() {
		t.Skip()
	}
	for i, st := range stories {
		g := Genders[i%3]
		sel := [][]string{{}, {"dinosaurs"}, {"space", "cooking"}, {"pirates", "music", "other"}, {"other"}}[i]
		s, _ := composeWith(st, Request{Name: "Mia", DateOfBirth: "2020-01-01", Gender: g.ID, Companion: Companions[i%4].ID,
			Interests: sel, Other: "dragons", Today: today}, first)
		fmt.Printf("\n=== %s (%s, %v) %d words\n%s\n\n%s\n", st.name, g.ID, sel, len(wordsOf.FindAllString(strings.Join(s.Paragraphs, " "), -1)), s.Title, strings.Join(s.Paragraphs, "\n\n"))
	}
}
