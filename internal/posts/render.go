package posts

import (
	"bytes"
	"math"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// markdown turns a post's Markdown into HTML: CommonMark with GitHub's
// tables, strikethrough and autolinks, and typographic quotes and dashes.
// Raw HTML in the Markdown is left out (goldmark's default, without
// html.WithUnsafe), and links to javascript: and the like are dropped.
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Typographer))

// policy is the last word on what reaches a page: bluemonday's policy for
// user-generated content (no scripts, no event handlers, no styles, links
// only to http, https, mailto and relative URLs). The Markdown is staff's,
// but a stolen session or a pasted snippet must not be able to run code on
// every visitor's page. Links off the site open in a new tab, without
// handing it this window (noopener).
var policy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}()

// Render is the sanitized HTML of a post's Markdown.
func Render(source string) (string, error) {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(source), &buf); err != nil {
		return "", err
	}
	return policy.Sanitize(buf.String()), nil
}

// wordsPerMinute is a relaxed adult reading pace, for the article's
// "N min read".
const wordsPerMinute = 200

// readMinutes is how long the Markdown takes to read, at least a minute.
func readMinutes(source string) int {
	words := len(strings.Fields(source))
	return max(1, int(math.Ceil(float64(words)/wordsPerMinute)))
}
