// Package markdown turns staff-written Markdown (blog posts, newsletter
// campaigns) into HTML that is safe to put on a page or in an e-mail.
package markdown

import (
	"bytes"
	"net/url"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
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

// Images are the addresses of the pictures the Markdown shows: its
// ![…](…) images, and the src of each <img> in its raw HTML (which Render
// leaves out, but an author who wrote one meant it to show).
func Images(source string) []string {
	src := []byte(source)
	var found []string
	var raw bytes.Buffer
	doc := converter.Parser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			found = append(found, string(n.Destination))
		case *ast.HTMLBlock:
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				raw.Write(seg.Value(src))
			}
			if n.HasClosure() {
				raw.Write(n.ClosureLine.Value(src))
			}
		case *ast.RawHTML:
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				raw.Write(seg.Value(src))
			}
		}
		return ast.WalkContinue, nil
	})
	return append(found, htmlImages(raw.Bytes())...)
}

// htmlImages are the src of the <img> tags in a piece of HTML.
func htmlImages(fragment []byte) []string {
	var found []string
	z := html.NewTokenizer(bytes.NewReader(fragment))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return found
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "img" {
				continue
			}
			for hasAttr {
				var key, value []byte
				key, value, hasAttr = z.TagAttr()
				switch string(key) {
				case "src":
					found = append(found, string(value))
				case "srcset": // "a.jpg 1x, b.jpg 2x"
					for _, candidate := range strings.Split(string(value), ",") {
						if f := strings.Fields(candidate); len(f) > 0 {
							found = append(found, f[0])
						}
					}
				}
			}
		}
	}
}

// IsOutside tells whether a picture's address is on another site (or
// would be, as a browser reads it): the pages' Content Security Policy
// loads pictures from the shop's own origin only.
func IsOutside(address string) bool {
	address = strings.TrimSpace(address)
	if strings.Contains(address, `\`) { // a browser reads /\host as //host
		return true
	}
	u, err := url.Parse(address)
	return err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(address, "//")
}
