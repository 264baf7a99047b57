package dreams

import (
	"slices"
	"strings"
	"testing"
)

func TestIsNonsense(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"", true},
		{"   ", true},
		{"12345", true},          // no letters
		{"!!! ??? 42", true},     // no letters
		{"ab", true},             // shorter than 3
		{" ab ", true},           // shorter than 3 once trimmed
		{"asdfghjkl", true},      // one word longer than 8
		{"qwertyuiop", true},     // one word longer than 8
		{"dog", false},           // three letters is enough
		{"kittens", false},       // one word of 7
		{"elephant", false},      // one word of exactly 8
		{"big trucks", false},    // two words
		{"asdfghjkl qwe", false}, // more than one word is given the benefit of the doubt
		{"R2D2", false},          // letters and digits
		{"ours", false},
		{"ñandú", false}, // letters beyond ASCII count
		{"恐竜が好き", false}, // five letters, one "word", not longer than 8
	} {
		if got := IsNonsense(c.text); got != c.want {
			t.Errorf("IsNonsense(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestCleanOther(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"  trains  and\n\tducks  ", "trains and ducks"},
		{"trains!!!", "trains"},
		{"nul\x00 byte", "nul byte"},
		{"zero\u200bwidth", "zerowidth"},
		{"<b>bold</b>", "<b>bold</b>"}, // kept as text; the page never renders it as HTML
		{"\xff\xfebad utf8", "bad utf8"},
		{strings.Repeat("word ", 30), strings.TrimSpace(strings.Repeat("word ", 12))},
		{strings.Repeat("x", 100), strings.Repeat("x", MaxOtherRunes)},
	} {
		if got := CleanOther(c.in); got != c.want {
			t.Errorf("CleanOther(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNonsenseOtherBecomesAGiggle(t *testing.T) {
	for i := range giggles {
		pick := func(n int) int { return i % n }
		for _, text := range []string{"asdfghjkl", "??", ""} {
			s, err := Compose(Request{Name: "Ada", BirthMonth: "2020-05", Gender: "girl", Companion: "nainni",
				Interests: []string{"other"}, Other: text, Today: today}, nil, pick)
			if err != nil {
				t.Fatal(err)
			}
			story := strings.Join(s.Paragraphs, " ")
			if !strings.Contains(story, giggles[i].Love) && !strings.Contains(story, strings.TrimSuffix(giggles[i].Keepsake, ".")) {
				t.Errorf("giggle %d not used for %q", i, text)
			}
			if text != "" && strings.Contains(story, text) {
				t.Errorf("nonsense %q shows in the story", text)
			}
		}
	}
}

func TestSensibleOtherIsUsedAsGiven(t *testing.T) {
	s, err := Compose(Request{Name: "Ada", BirthMonth: "2020-05", Gender: "girl", Companion: "nainni",
		Interests: []string{"other"}, Other: "  <i>red bicycle</i> ", Today: today}, nil, first)
	if err != nil {
		t.Fatal(err)
	}
	if story := strings.Join(s.Paragraphs, " "); !strings.Contains(story, "<i>red bicycle</i>") {
		t.Errorf("the parent's words are missing: %s", story)
	}
	for _, g := range giggles {
		if slices.ContainsFunc(s.Paragraphs, func(p string) bool { return strings.Contains(p, g.Love) }) {
			t.Errorf("a giggle replaced sensible words")
		}
	}
}
