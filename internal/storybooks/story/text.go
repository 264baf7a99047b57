package story

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown parses a page's text as CommonMark. Only its tree is used:
// TextHTML renders the few things a story needs from it itself.
var markdown = goldmark.New()

// textPolicy is the last word on a page's HTML: paragraphs, line breaks,
// emphasis and the numbered word spans, nothing else (no links, no
// pictures, no attributes but the spans' own).
var textPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "em", "strong")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^w$`)).OnElements("span")
	p.AllowAttrs("data-w").Matching(regexp.MustCompile(`^[0-9]+$`)).OnElements("span")
	return p
}()

// run is some of a line's text in one style.
type run struct {
	text       string
	em, strong bool
}

// A line is the runs between two line breaks, a paragraph its lines, and
// a word the runs of its characters (more than one when its emphasis
// changes within it).
type (
	line      []run
	paragraph []line
	word      []run
)

// TextHTML is a page's Markdown as the reader shows it: paragraphs, and in
// them emphasis, strong emphasis and line breaks (a single newline breaks
// the line, as a story's verse needs). What else Markdown has is plain
// text here: a heading or a list item is a paragraph, a link its words,
// code its characters; pictures and raw HTML are left out. Every word is
// a <span class="w" data-w="N">, N counting from 0 through the page, for
// "Read to me" to light up: a word is what lies between spaces, so
// punctuation stays with its word ("tree!") and a word half emphasized
// (*Siso*'s) is one word, its emphasis inside its span. Punctuation on
// its own (a dash between spaces) is no word. words is the number of
// spans, which Words gives alone.
func TextHTML(text string) (html string, words int) {
	var b strings.Builder
	for _, para := range paragraphs(text) {
		b.WriteString("<p>")
		for i, l := range para {
			if i > 0 {
				b.WriteString("<br>")
			}
			for j, w := range l.words() {
				if j > 0 {
					b.WriteByte(' ')
				}
				if !w.spoken() {
					w.write(&b)
					continue
				}
				b.WriteString(`<span class="w" data-w="` + strconv.Itoa(words) + `">`)
				w.write(&b)
				b.WriteString("</span>")
				words++
			}
		}
		b.WriteString("</p>")
	}
	return textPolicy.Sanitize(b.String()), words
}

// Words is the number of words TextHTML numbers in a page's text: one
// narration timing each.
func Words(text string) int {
	n := 0
	for _, para := range paragraphs(text) {
		for _, l := range para {
			for _, w := range l.words() {
				if w.spoken() {
					n++
				}
			}
		}
	}
	return n
}

// paragraphs is the text's Markdown tree flattened to what TextHTML renders.
func paragraphs(src string) []paragraph {
	source := []byte(src)
	doc := markdown.Parser().Parse(text.NewReader(source))
	var out []paragraph
	var blocks func(n ast.Node)
	blocks = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Paragraph, *ast.Heading, *ast.TextBlock:
				var f flattener
				f.inlines(c, source)
				out = appendParagraph(out, f.para)
			case *ast.CodeBlock, *ast.FencedCodeBlock:
				out = appendParagraph(out, codeLines(c, source))
			case *ast.HTMLBlock, *ast.ThematicBreak:
				// Left out: raw HTML is not for a child's page, nor a rule.
			default:
				blocks(c) // a block quote, a list, a list item: their paragraphs
			}
		}
	}
	blocks(doc)
	return out
}

// appendParagraph adds p without the empty lines at its ends, if anything
// is left.
func appendParagraph(out []paragraph, p paragraph) []paragraph {
	for len(p) > 0 && p[0].blank() {
		p = p[1:]
	}
	for len(p) > 0 && p[len(p)-1].blank() {
		p = p[:len(p)-1]
	}
	if len(p) == 0 {
		return out
	}
	return append(out, p)
}

// codeLines is a code block's lines as plain lines of text.
func codeLines(n ast.Node, source []byte) paragraph {
	var p paragraph
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		p = append(p, line{{text: strings.TrimRight(string(seg.Value(source)), "\r\n")}})
	}
	return p
}

// flattener gathers a block's inlines into lines of styled runs.
type flattener struct {
	para       paragraph
	em, strong int
}

// add adds text in the current style. NUL becomes U+FFFD, as CommonMark
// asks (goldmark leaves it to its HTML renderer, which TextHTML is not).
func (f *flattener) add(s string) {
	s = strings.ReplaceAll(s, "\x00", "\uFFFD")
	if len(f.para) == 0 {
		f.para = paragraph{nil}
	}
	last := &f.para[len(f.para)-1]
	*last = append(*last, run{text: s, em: f.em > 0, strong: f.strong > 0})
}

func (f *flattener) lineBreak() { f.para = append(f.para, nil) }

func (f *flattener) inlines(n ast.Node, source []byte) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			value := c.Segment.Value(source)
			if !c.IsRaw() {
				value = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(value)))
			}
			f.add(string(value))
			if c.SoftLineBreak() || c.HardLineBreak() {
				f.lineBreak()
			}
		case *ast.String:
			f.add(string(c.Value))
		case *ast.AutoLink:
			f.add(string(c.Label(source)))
		case *ast.Emphasis:
			f.emphasis(c, source)
		case *ast.Image, *ast.RawHTML:
			// Left out: a page's picture is its own field, and raw HTML
			// (<b>, <script>) is not for a child's page; the words
			// between such tags are ordinary text nodes and stay.
		default:
			f.inlines(c, source) // a link's or a code span's words
		}
	}
}

func (f *flattener) emphasis(e *ast.Emphasis, source []byte) {
	level := &f.em
	if e.Level >= 2 {
		level = &f.strong
	}
	*level++
	f.inlines(e, source)
	*level--
}

func (l line) blank() bool {
	for _, r := range l {
		if strings.TrimSpace(r.text) != "" {
			return false
		}
	}
	return true
}

// words splits a line at its spaces, keeping each word's styles.
func (l line) words() []word {
	var out []word
	var cur word
	for _, r := range l {
		for _, ch := range r.text {
			if unicode.IsSpace(ch) {
				if cur != nil {
					out, cur = append(out, cur), nil
				}
				continue
			}
			if n := len(cur); n > 0 && cur[n-1].em == r.em && cur[n-1].strong == r.strong {
				cur[n-1].text += string(ch)
			} else {
				cur = append(cur, run{text: string(ch), em: r.em, strong: r.strong})
			}
		}
	}
	if cur != nil {
		out = append(out, cur)
	}
	return out
}

// spoken reports whether a word has a letter or a digit: one a narrator
// says, rather than a dash or an ellipsis standing alone.
func (w word) spoken() bool {
	for _, r := range w {
		if strings.IndexFunc(r.text, func(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }) >= 0 {
			return true
		}
	}
	return false
}

// write writes the word's runs, escaped, in their emphasis.
func (w word) write(b *strings.Builder) {
	for _, r := range w {
		if r.strong {
			b.WriteString("<strong>")
		}
		if r.em {
			b.WriteString("<em>")
		}
		b.WriteString(html.EscapeString(r.text))
		if r.em {
			b.WriteString("</em>")
		}
		if r.strong {
			b.WriteString("</strong>")
		}
	}
}
