package dreams

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxOtherRunes caps the parent's own interest so it fits in a sentence.
const MaxOtherRunes = 60

// CleanOther makes the parent's 'other' text fit to be stored and woven in:
// control characters (NUL included, which PostgreSQL refuses) are dropped,
// runs of spaces become one, the ends are trimmed of spaces and of the
// punctuation that would clash with the story's own, and the length is
// capped at a word boundary when there is one.
func CleanOther(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			if unicode.IsSpace(r) {
				return ' '
			}
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > MaxOtherRunes {
		r := []rune(s)[:MaxOtherRunes]
		cut := string(r)
		if i := strings.LastIndexByte(cut, ' '); i > MaxOtherRunes/2 {
			cut = cut[:i]
		}
		s = cut
	}
	return strings.TrimRight(strings.TrimSpace(s), ".,;:!?-–— ")
}

// IsNonsense is the spec's rule for the 'other' text (02 §5): no letters at
// all, shorter than 3 characters, or one single word longer than 8
// characters (a keyboard mash such as "asdfghjkl").
func IsNonsense(s string) bool {
	s = strings.TrimSpace(s)
	if !strings.ContainsFunc(s, unicode.IsLetter) {
		return true
	}
	n := utf8.RuneCountInString(s)
	if n < 3 {
		return true
	}
	return len(strings.Fields(s)) == 1 && n > 8
}
