// Package markdown turns staff-written Markdown (blog posts, newsletter
// campaigns) into HTML that is safe to put on a page or in an e-mail.
package markdown

import (
	"bytes"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// converter is CommonMark with GitHub's tables, strikethrough and
// autolinks, and typographic quotes and dashes. Raw HTML in the Markdown is
// left out (goldmark's default, without html.WithUnsafe), and links to
// javascript: and the like are dropped.
var converter = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Typographer))

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

// Render is the sanitized HTML of the Markdown.
func Render(source string) (string, error) {
	var buf bytes.Buffer
	if err := converter.Convert([]byte(source), &buf); err != nil {
		return "", err
	}
	return policy.Sanitize(buf.String()), nil
}
