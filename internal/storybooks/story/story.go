// Package story is the storybook format: an interactive "choose what happens
// next" book as pages, choices and endings. It holds what a storybook is and
// the rules a published one keeps (check.go), its Twine text form, Twee 3
// (twee.go), and the HTML of a page's text with its words numbered for
// "Read to me" (text.go). Nothing here touches a database or HTTP.
package story

// Storybook is the pages of an interactive edition and the page it starts on.
type Storybook struct {
	Title string `json:"title"`
	Start string `json:"start"`
	Pages []Page `json:"pages"`
	// IFID is the story's Interactive Fiction ID, the UUID Twine names a
	// story by: kept from an import so that an export is the same story
	// to Twine, made by WriteTwee when empty.
	IFID string `json:"ifid,omitempty"`
}

// Page is one page a child reads: its text, what it shows and plays, and
// either the choices that lead on or the ending it is.
type Page struct {
	ID   string `json:"id"`
	Text string `json:"text"` // short paragraphs of Markdown: emphasis and line breaks
	// Picture is a URL: an uploaded picture (/storybooks/media/…), one of
	// the shop's character drawings (/illustrations/….svg) or a shipped
	// scene (/storybooks/<slug>/….svg). Empty: no picture.
	Picture string `json:"picture,omitempty"`
	// Alt says what the picture shows to a reader who cannot see it (the
	// reader's img alt). Empty: the words of the page already tell it.
	Alt string `json:"alt,omitempty"`
	// Narration is the URL of an uploaded recording of the text.
	Narration string `json:"narration,omitempty"`
	// Timings are the milliseconds into the narration at which each word of
	// the text starts, one per word as Words counts them (text.go).
	Timings []int    `json:"timings,omitempty"`
	Ending  string   `json:"ending,omitempty"` // the ending's name; a page with one has no choices
	Choices []Choice `json:"choices"`
}

// Choice is a button at the foot of a page and the page it leads to.
type Choice struct {
	Label string `json:"label"`
	To    string `json:"to"`
}

// Problem is one thing that keeps a storybook from being published, on the
// page it is about ("" for the book as a whole).
type Problem struct {
	Page    string `json:"page"`
	Message string `json:"message"`
}

// Report is what Check finds: the paths from the start to an ending, the
// endings, and every problem.
type Report struct {
	Paths    int       `json:"paths"`
	Endings  int       `json:"endings"`
	Problems []Problem `json:"problems"`
}

// The number of paths a published storybook has (the spec's "4-8 story
// paths per book").
const (
	MinPaths = 4
	MaxPaths = 8
)
