package dreams

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// sentenceEnd is the pattern sentences scans for by hand.
var sentenceEnd = regexp.MustCompile(`[.!?…][”’"]?\s+`)

// bySentenceEnd splits as sentences did with the pattern.
func bySentenceEnd(paragraphs []string) []string {
	var out []string
	for _, p := range paragraphs {
		start := 0
		for _, m := range sentenceEnd.FindAllStringIndex(p, -1) {
			out = append(out, strings.TrimSpace(p[start:m[1]]))
			start = m[1]
		}
		if rest := strings.TrimSpace(p[start:]); rest != "" {
			out = append(out, rest)
		}
	}
	return out
}

// TestSentencesSplitAsThePattern: the scanner splits every paragraph where
// the pattern `[.!?…][”’"]?\s+` does, on hand-picked cases and on 20,000
// random strings of the characters that matter.
func TestSentencesSplitAsThePattern(t *testing.T) {
	cases := []string{
		"", "One. Two! Three? Four… Five", "“Hello!” said Kit. “Bye.”  Then sleep.",
		"It cost 3.5 coins... or so.  Fine.\tYes.\nNo", "Wait…” she said.", "Ends with a stop. ", "A.”B. C",
		"Kit’s kite. Mia’s’ “quote”.", "?!", "… …", ".\u00a0No break on a no-break space.",
	}
	for _, c := range cases {
		if got, want := sentences([]string{c}), bySentenceEnd([]string{c}); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", c, got, want)
		}
	}
	alphabet := []string{"a", "Kit", " ", "  ", "\t", "\n", ".", "!", "?", "…", "”", "’", `"`, "é", "\u00a0"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20_000 {
		var b strings.Builder
		for range r.IntN(24) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		ps := []string{b.String(), "Next one. Here"}
		if got, want := sentences(ps), bySentenceEnd(ps); !slices.Equal(got, want) {
			t.Fatalf("%q: got %q, want %q", ps, got, want)
		}
	}
}
