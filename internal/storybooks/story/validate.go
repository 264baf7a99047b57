package story

import (
	"fmt"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The limits of a storybook that can be saved. A page's text and a label
// are counted in characters, as an author counts them.
const (
	MaxPages       = 500
	MaxChoices     = 6
	MaxIDLength    = 64
	MaxTextLength  = 4000
	MaxLabelLength = 120 // a choice's label and an ending's name
	MaxTitleLength = 200
	MaxAltLength   = 300 // a picture's description: a sentence or two
)

// idPunctuation is what a page id may hold besides letters, digits and
// spaces: enough for the names authors give passages in Twine ("Siso's
// den", "Run!"), nothing with a meaning in a URL (/ ? # %), in a field key
// (.) or in Twine's links and headers ([ ] | < > { } \).
const idPunctuation = "-_'’!,()"

// twineNames are passage names Twine keeps for the story itself: a page
// with one would not come back from a Twee export as a page.
var twineNames = map[string]bool{"StoryTitle": true, "StoryData": true}

// mediaPrefixes are where a page's picture may come from (story.go), and
// narrationPrefix where its recording does: paths on the shop, so a page
// never loads a stranger's URL in a child's browser.
var (
	mediaPrefixes   = []string{"/storybooks/", "/illustrations/"}
	narrationPrefix = "/storybooks/media/"
)

// Validate is what makes a storybook unfit to save, as a 400's fields:
// each key names the field and its value says what is wrong. It is the
// storybook's shape; what keeps a saved storybook from being published
// (an unreachable page, a dead end, a loop, the number of paths) is
// Check's.
//
// Keys are "title", "start", "pages" (more than MaxPages), and per page
// "pages.<pageId>.<field>": id, text, ending, picture, alt, narration, timings,
// choices (more than MaxChoices), and "choices.<i>.to" and
// "choices.<i>.label" with i counted from 0. A page without an id is
// "pages..id" and so on.
//
// A page id is 1 to 64 characters: letters and digits of any alphabet,
// spaces (not at either end) and - _ ' ’ ! , ( ). It is the page's name in
// the editor, in Twine and in the reader's URL, so none of these has to
// escape it; "StoryTitle" and "StoryData" are Twine's own.
func Validate(b Storybook) map[string]string {
	errs := map[string]string{}
	if len(b.Pages) > MaxPages {
		errs["pages"] = fmt.Sprintf("A storybook has at most %d pages; this one has %s.", MaxPages, thousands(len(b.Pages)))
		return errs
	}
	switch {
	case strings.TrimSpace(b.Title) == "":
		errs["title"] = "Give the storybook a title."
	case utf8.RuneCountInString(b.Title) > MaxTitleLength:
		errs["title"] = tooLong("A title", MaxTitleLength, b.Title)
	}

	ids := make(map[string]int, len(b.Pages))
	for _, p := range b.Pages {
		ids[p.ID]++
	}
	switch _, ok := ids[b.Start]; {
	case b.Start == "":
		errs["start"] = "Choose the page the story starts on."
	case !ok:
		errs["start"] = fmt.Sprintf("There is no page %q to start on.", b.Start)
	}
	for _, p := range b.Pages {
		for field, msg := range validatePage(p, ids) {
			key := "pages." + p.ID + "." + field
			if _, seen := errs[key]; !seen {
				errs[key] = msg
			}
		}
	}
	return errs
}

// validatePage is one page's errors keyed by field within the page.
func validatePage(p Page, ids map[string]int) map[string]string {
	errs := map[string]string{}
	if msg := idError(p.ID, ids[p.ID]); msg != "" {
		errs["id"] = msg
	}
	switch {
	case strings.TrimSpace(p.Text) == "":
		errs["text"] = "Write the page's text."
	case utf8.RuneCountInString(p.Text) > MaxTextLength:
		errs["text"] = tooLong("A page's text", MaxTextLength, p.Text)
	}
	if utf8.RuneCountInString(p.Ending) > MaxLabelLength {
		errs["ending"] = tooLong("An ending's name", MaxLabelLength, p.Ending)
	}
	if p.Picture != "" && !isMediaPath(p.Picture, mediaPrefixes...) {
		errs["picture"] = "Choose an uploaded picture or one of the shop's drawings."
	}
	switch {
	case utf8.RuneCountInString(p.Alt) > MaxAltLength:
		errs["alt"] = tooLong("A picture's description", MaxAltLength, p.Alt)
	case p.Alt != "" && p.Picture == "":
		errs["alt"] = "Choose a picture to describe, or leave its description empty."
	}
	if p.Narration != "" && !isMediaPath(p.Narration, narrationPrefix) {
		errs["narration"] = "Choose an uploaded recording."
	}
	if msg := timingsError(p.Timings); msg != "" {
		errs["timings"] = msg
	}
	if len(p.Choices) > MaxChoices {
		errs["choices"] = fmt.Sprintf("A page has at most %d choices; this one has %d.", MaxChoices, len(p.Choices))
	}
	for i, c := range p.Choices {
		key := fmt.Sprintf("choices.%d.", i)
		switch {
		case strings.TrimSpace(c.Label) == "":
			errs[key+"label"] = "Write the words on the choice's button."
		case utf8.RuneCountInString(c.Label) > MaxLabelLength:
			errs[key+"label"] = tooLong("A choice", MaxLabelLength, c.Label)
		}
		switch {
		case c.To == "":
			errs[key+"to"] = "Choose the page this choice leads to."
		case ids[c.To] == 0:
			errs[key+"to"] = fmt.Sprintf("There is no page %q.", c.To)
		}
	}
	return errs
}

// idError says what is wrong with a page id that count pages share, or "".
func idError(id string, count int) string {
	switch {
	case id == "":
		return "Give the page a name."
	case utf8.RuneCountInString(id) > MaxIDLength:
		return tooLong("A page's name", MaxIDLength, id)
	case strings.TrimSpace(id) != id:
		return "A page's name cannot begin or end with a space."
	case badIDRune(id) != "":
		return fmt.Sprintf("A page's name can use letters, digits, spaces and %s, not %q.",
			strings.Join(strings.Split(idPunctuation, ""), " "), badIDRune(id))
	case twineNames[id]:
		return fmt.Sprintf("%q is a name Twine keeps for itself: choose another.", id)
	case count > 1:
		return fmt.Sprintf("Another page is also called %q: each page needs a name of its own.", id)
	}
	return ""
}

// badIDRune is the first character an id may not hold, or "".
func badIDRune(id string) string {
	for _, r := range id {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && !strings.ContainsRune(idPunctuation, r) {
			return string(r)
		}
	}
	return ""
}

// isMediaPath reports whether u is a clean path on the shop under one of
// the prefixes: no scheme or host, no query, no way back up (/../).
func isMediaPath(u string, prefixes ...string) bool {
	if path.Clean(u) != u || strings.ContainsAny(u, "?#\\%") || strings.IndexFunc(u, unicode.IsSpace) >= 0 {
		return false
	}
	for _, p := range prefixes {
		if strings.HasPrefix(u, p) && len(u) > len(p) {
			return true
		}
	}
	return false
}

// timingsError says what is wrong with a page's word timings, or "": they
// are milliseconds into the narration, so never negative and never going
// back.
func timingsError(t []int) string {
	if len(t) > MaxTextLength {
		return fmt.Sprintf("A page has at most %s word timings.", thousands(MaxTextLength))
	}
	for i, ms := range t {
		if ms < 0 || (i > 0 && ms < t[i-1]) {
			return "Word timings go forward through the narration: record them again."
		}
	}
	return ""
}

func tooLong(what string, limit int, s string) string {
	return fmt.Sprintf("%s is at most %s characters; this one has %s.",
		what, thousands(limit), thousands(utf8.RuneCountInString(s)))
}
