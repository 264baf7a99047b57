package story

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Twee 3 is Twine 2's text form of a story (the specification is
// twee-3-specification.md in the twinejs/twine-specs repository): passages,
// each a header line ":: name [tags] {metadata}" and the text below it.
// A storybook is one passage per page (the passage's name is the page id),
// StoryTitle and StoryData. What Twine has no place for travels in the
// passage's metadata beside Twine's position and size: the ending's name,
// the picture and its description, the narration and its timings. Twine keeps unknown metadata
// only until the story is saved in Twine; a passage tagged "ending" then
// still is an ending, named after the passage.

// WriteTwee names Harlowe 3, Twine 2's default story format, whose link
// forms ([[label->Target]]) it writes; a story imported into Twine plays
// there at once.
const (
	tweeFormat        = "Harlowe"
	tweeFormatVersion = "3.3.9"
	endingTag         = "ending"
)

// Where WriteTwee puts passages on Twine's map: a column per step from the
// start (pages no path reaches in a column of their own after the last),
// a row per page within it, in page order.
const (
	mapLeft, mapTop   = 100, 100
	mapColumn, mapRow = 200, 150
	passageSize       = "100,100"
	endingTagColor    = "green"
)

// passageMeta is a passage header's metadata: Twine's position and size,
// and the page's fields Twine has no place for.
type passageMeta struct {
	Position  string `json:"position,omitempty"`
	Size      string `json:"size,omitempty"`
	Ending    string `json:"ending,omitempty"`
	Picture   string `json:"picture,omitempty"`
	Alt       string `json:"alt,omitempty"`
	Narration string `json:"narration,omitempty"`
	Timings   []int  `json:"timings,omitempty"`
}

// storyData is the StoryData passage. Start is a pointer so that a file
// without one can be told from one whose start is "".
type storyData struct {
	IFID          string            `json:"ifid"`
	Format        string            `json:"format,omitempty"`
	FormatVersion string            `json:"format-version,omitempty"`
	Start         *string           `json:"start,omitempty"`
	TagColors     map[string]string `json:"tag-colors,omitempty"`
}

// TweeError is what is wrong with a Twee file, on the line it is about.
type TweeError struct {
	Line    int // from 1; 0 for the file as a whole
	Message string
}

func (e *TweeError) Error() string {
	if e.Line == 0 {
		return e.Message
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Message)
}

func errorAt(line int, format string, args ...any) error {
	return &TweeError{Line: line, Message: fmt.Sprintf(format, args...)}
}

// passage is one passage as read: its unescaped name, tags and metadata,
// its text's lines still escaped, and where its header is.
type passage struct {
	line    int
	name    string
	tags    []string
	meta    string
	content []string
}

// ParseTwee reads a storybook from Twee 3. Passages are pages in the
// file's order, except StoryTitle (the title), StoryData (the IFID and the
// start; without a start, the passage named Start or else the first) and
// passages tagged script or stylesheet, which a storybook has no use for.
//
// Links become the page's choices in order: [[Target]], [[label|Target]],
// [[label->Target]] and [[Target<-label]], as Twine reads them (the
// rightmost -> and the leftmost <- divide; a setter, [[…][…]], is
// ignored). A line of nothing but links is taken out of the text; a link
// in the middle of prose leaves its label there as plain words, so "You
// can [[climb the hill->hill]]." reads "You can climb the hill.".
//
// A passage tagged "ending" is an ending, named by its metadata's "ending"
// or else after the passage. Errors are *TweeError, with the line.
func ParseTwee(src []byte) (Storybook, error) {
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	if !utf8.Valid(src) {
		return Storybook{}, errorAt(0, "The file is not UTF-8 text: save it from Twine again, or as UTF-8.")
	}
	passages, err := splitPassages(string(src))
	if err != nil {
		return Storybook{}, err
	}
	b := Storybook{Pages: []Page{}}
	var data *storyData
	for _, p := range passages {
		switch {
		case slices.Contains(p.tags, "script") || slices.Contains(p.tags, "stylesheet"):
			// Twine's story JavaScript and CSS: a storybook has none.
		case p.name == "StoryTitle":
			b.Title = strings.TrimSpace(unescapeLines(p.content))
		case p.name == "StoryData":
			if data, err = parseStoryData(p); err != nil {
				return Storybook{}, err
			}
		default:
			page, err := parsePage(p)
			if err != nil {
				return Storybook{}, err
			}
			b.Pages = append(b.Pages, page)
		}
	}
	if data == nil {
		return Storybook{}, errorAt(0, "The file has no StoryData passage, which Twine writes with the story's IFID and start: export it from Twine again, or add one.")
	}
	b.IFID = data.IFID
	b.Start = startOf(data, b.Pages)
	return b, nil
}

// startOf is the start page: StoryData's, else Twine's default passage
// "Start", else the first page.
func startOf(data *storyData, pages []Page) string {
	if data.Start != nil {
		return *data.Start
	}
	for _, p := range pages {
		if p.ID == "Start" {
			return p.ID
		}
	}
	if len(pages) > 0 {
		return pages[0].ID
	}
	return ""
}

// splitPassages cuts the file at its headers (lines starting with "::")
// and reads each header. Text before the first header is no passage's and
// is ignored, as Twine does.
func splitPassages(src string) ([]passage, error) {
	var out []passage
	first := map[string]int{}
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimRight(line, "\r")
		if !strings.HasPrefix(line, "::") {
			if len(out) > 0 {
				out[len(out)-1].content = append(out[len(out)-1].content, line)
			}
			continue
		}
		p, err := parseHeader(line, i+1)
		if err != nil {
			return nil, err
		}
		if at, dup := first[p.name]; dup {
			return nil, errorAt(p.line, "a second passage is named %q (the first is on line %d): each passage needs a name of its own.", p.name, at)
		}
		first[p.name] = p.line
		out = append(out, p)
	}
	return out, nil
}

// parseHeader reads ":: name [tags] {metadata}". In the name and the tags
// a backslash escapes the next character (Twine writes \\, \[, \], \{, \}
// and \ for a space at either end of a name); an unescaped [ starts the
// tags and an unescaped { the metadata, which runs to the end of the line.
func parseHeader(line string, n int) (passage, error) {
	p := passage{line: n}
	rest := line[2:]
	name, rest := scanEscaped(rest, "[{")
	p.name = name
	if p.name == "" {
		return p, errorAt(n, "a passage header needs a name after the \"::\".")
	}
	if strings.HasPrefix(rest, "[") {
		end := closingBracket(rest)
		if end < 0 {
			return p, errorAt(n, "the tags of passage %q have no closing ].", p.name)
		}
		for _, tag := range strings.Fields(rest[1:end]) {
			p.tags = append(p.tags, unescapeHeader(tag))
		}
		rest = strings.TrimLeftFunc(rest[end+1:], unicode.IsSpace)
	}
	rest = strings.TrimRightFunc(rest, unicode.IsSpace)
	if rest != "" && !strings.HasPrefix(rest, "{") {
		return p, errorAt(n, "passage %q has %q after its tags, where only its metadata {…} may be.", p.name, rest)
	}
	p.meta = rest
	return p, nil
}

// scanEscaped reads a passage name up to the first unescaped character of
// stop, unescaping it and trimming the spaces at its ends that are not
// escaped. It returns the name and the rest of the line from the stop.
func scanEscaped(s, stop string) (string, string) {
	type char struct {
		r       rune
		escaped bool
	}
	var chars []char
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if strings.ContainsRune(stop, r) {
			break
		}
		i += size
		if r == '\\' && i < len(s) {
			r, size = utf8.DecodeRuneInString(s[i:])
			i += size
			chars = append(chars, char{r, true})
			continue
		}
		chars = append(chars, char{r, false})
	}
	blank := func(c char) bool { return !c.escaped && unicode.IsSpace(c.r) }
	for len(chars) > 0 && blank(chars[0]) {
		chars = chars[1:]
	}
	for len(chars) > 0 && blank(chars[len(chars)-1]) {
		chars = chars[:len(chars)-1]
	}
	var b strings.Builder
	for _, c := range chars {
		b.WriteRune(c.r)
	}
	return b.String(), strings.TrimLeftFunc(s[i:], unicode.IsSpace)
}

// closingBracket is the index of the first unescaped ] in s, or -1.
func closingBracket(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case ']':
			return i
		}
	}
	return -1
}

// unescapeHeader takes the escaping backslashes out of a tag.
func unescapeHeader(s string) string {
	name, _ := scanEscaped(s, "")
	return name
}

// escapeHeader escapes a passage name or tag as Twine does: \ [ ] { }
// with a backslash, and so the spaces at its ends, which would otherwise
// be trimmed.
func escapeHeader(s string) string {
	var b strings.Builder
	lead := len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace))
	trail := len(strings.TrimRightFunc(s, unicode.IsSpace))
	for i, r := range s {
		if strings.ContainsRune(`\[]{}`, r) || i < lead || i >= trail {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func parseStoryData(p passage) (*storyData, error) {
	body := strings.Join(p.content, "\n")
	var data storyData
	if err := json.Unmarshal([]byte(body), &data); err != nil {
		return nil, errorAt(jsonErrorLine(err, body, p.line+1), "StoryData is not valid JSON: %s.", jsonProblem(err))
	}
	if data.IFID == "" {
		return nil, errorAt(p.line, "StoryData has no \"ifid\", the story's id in Twine: add one, such as %q.", newIFID())
	}
	if _, err := uuid.Parse(data.IFID); err != nil {
		return nil, errorAt(p.line, "StoryData's \"ifid\" %q is not a UUID, such as %q.", data.IFID, newIFID())
	}
	return &data, nil
}

// jsonErrorLine is the line of the file a JSON syntax error is on, counting
// from the line body starts on.
func jsonErrorLine(err error, body string, first int) int {
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) && syntax.Offset <= int64(len(body)) {
		return first + strings.Count(body[:syntax.Offset], "\n")
	}
	return first
}

// jsonProblem says what encoding/json found, without Go's type names.
func jsonProblem(err error) string {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		if typ.Field == "" {
			return "it should be an object, {…}"
		}
		return fmt.Sprintf("%q should be a %s", typ.Field, jsonKind(typ.Type.Kind().String()))
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func jsonKind(goKind string) string {
	switch goKind {
	case "slice":
		return "list"
	case "int":
		return "whole number"
	case "struct", "map":
		return "object"
	default:
		return goKind
	}
}

// parsePage makes a page of a passage.
func parsePage(p passage) (Page, error) {
	page := Page{ID: p.name, Choices: []Choice{}}
	var meta passageMeta
	if p.meta != "" {
		if err := json.Unmarshal([]byte(p.meta), &meta); err != nil {
			return page, errorAt(p.line, "the metadata of passage %q is not valid JSON (%s); a [ ] { or } in a name needs a backslash before it.", p.name, jsonProblem(err))
		}
	}
	page.Picture, page.Alt, page.Narration = meta.Picture, meta.Alt, meta.Narration
	if len(meta.Timings) > 0 {
		page.Timings = meta.Timings
	}
	page.Ending = meta.Ending
	if page.Ending == "" && slices.Contains(p.tags, endingTag) {
		page.Ending = p.name
	}

	var text []string
	for i, line := range p.content {
		line = unescapeLine(line)
		rest, choices, err := takeLinks(line)
		if err != nil {
			return page, errorAt(p.line+1+i, "%s in passage %q: %s", err.Error(), p.name, line)
		}
		page.Choices = append(page.Choices, choices...)
		if len(choices) == 0 || strings.TrimSpace(rest) != "" {
			text = append(text, rest)
		}
	}
	page.Text = strings.TrimSpace(unescapeBrackets(strings.Join(text, "\n")))
	return page, nil
}

// linkRe is a Twine link: [[ to the first ]], on one line, as Twine finds
// them.
var linkRe = regexp.MustCompile(`\[\[(.*?)\]\]`)

// takeLinks is a line's links as choices, and the line with each link
// replaced by its label. A line that is only links is then blank.
func takeLinks(line string) (string, []Choice, error) {
	matches := linkRe.FindAllStringSubmatchIndex(line, -1)
	if matches == nil {
		return line, nil, nil
	}
	only := true
	var choices []Choice
	var b strings.Builder
	prev := 0
	for _, m := range matches {
		c := parseLink(line[m[2]:m[3]])
		if c.To == "" {
			return "", nil, errors.New("a link has no page to lead to")
		}
		choices = append(choices, c)
		between := line[prev:m[0]]
		only = only && strings.TrimSpace(between) == ""
		b.WriteString(between)
		b.WriteString(c.Label)
		prev = m[1]
	}
	if only && strings.TrimSpace(line[prev:]) == "" {
		return "", choices, nil
	}
	b.WriteString(line[prev:])
	return b.String(), choices, nil
}

// parseLink reads a link's inside as Twine does: a setter (…][…) is cut
// off; then the rightmost -> or else the leftmost <- or else the rightmost
// | divides label from target; a link without one is its own label.
func parseLink(s string) Choice {
	if i := strings.Index(s, "]["); i >= 0 {
		s = s[:i]
	}
	label, target := s, s
	if i := strings.LastIndex(s, "->"); i >= 0 {
		label, target = s[:i], s[i+2:]
	} else if i := strings.Index(s, "<-"); i >= 0 {
		target, label = s[:i], s[i+2:]
	} else if i := strings.LastIndex(s, "|"); i >= 0 {
		label, target = s[:i], s[i+1:]
	}
	label, target = strings.TrimSpace(label), strings.TrimSpace(target)
	if label == "" {
		label = target
	}
	return Choice{Label: label, To: target}
}

// linkLine writes a choice as a link on a line of its own, in the first
// form that reads back as the same choice: [[label->Target]] for the
// names Validate allows, another where a label or target holds -> or <-
// or | or ends with ]. A label no form can carry with its target (one
// with ]] or a line break, which ParseTwee never makes) is written with
// its brackets, arrows and breaks replaced; a target no form can carry
// (one with -> or ][ or ]], or spaces at its ends, which Twine cannot
// link to either) is written as it is, and reads back as another.
func linkLine(c Choice) string {
	for _, label := range []string{c.Label, linkSafe.Replace(c.Label)} {
		forms := []string{label + "->" + c.To, c.To + "<-" + label, label + "|" + c.To, "->" + c.To, c.To + "<-", "|" + c.To}
		if label == c.To {
			forms = append([]string{c.To}, forms...)
		}
		for _, f := range forms {
			line := "[[" + f + "]]"
			if _, got, err := takeLinks(line); err == nil && len(got) == 1 && got[0] == (Choice{label, c.To}) {
				return line
			}
		}
	}
	return "[[" + c.Label + "->" + c.To + "]]"
}

var linkSafe = strings.NewReplacer("[", "(", "]", ")", "->", "→", "<-", "←", "|", "/", "\n", " ", "\r", " ")

// Passage text escaping. Twine escapes a line starting with "::" as
// "\::"; WriteTwee also escapes a line that starts with backslashes and
// "::" with one more, so any text comes back as it was. And since a page's
// text holds no links (they are its choices), "[[" in it is written
// "[\[" (a backslash more between two brackets) and read back.

var headerLikeRe = regexp.MustCompile(`(?m)^(\\*::)`)

func escapeLines(s string) string { return headerLikeRe.ReplaceAllString(s, `\$1`) }

func unescapeLine(line string) string {
	if strings.HasPrefix(line, `\`) && strings.HasPrefix(strings.TrimLeft(line, `\`), "::") {
		return line[1:]
	}
	return line
}

func unescapeLines(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = unescapeLine(l)
	}
	return strings.Join(out, "\n")
}

// escapeBrackets adds a backslash between two [ that only backslashes
// part, and unescapeBrackets takes one away where there is one.
func escapeBrackets(s string) string   { return rebracket(s, 1) }
func unescapeBrackets(s string) string { return rebracket(s, -1) }

func rebracket(s string, delta int) string {
	if !strings.Contains(s, "[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if s[i] != '[' {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] == '\\' {
			j++
		}
		if j == len(s) || s[j] != '[' {
			continue
		}
		n := j - (i + 1) + delta
		if n < 0 {
			n = 0
		}
		b.WriteString(strings.Repeat(`\`, n))
		i = j - 1
	}
	return b.String()
}

// WriteTwee writes a storybook as Twee 3 that ParseTwee reads back as the
// same storybook (and Twine imports), for any storybook Validate accepts
// or ParseTwee made. A storybook without an IFID gets a new one, in
// capitals as Twine writes it: keep it for the next export.
func WriteTwee(b Storybook) []byte {
	var out bytes.Buffer
	fmt.Fprintf(&out, ":: StoryTitle\n%s\n\n", escapeLines(b.Title))

	ifid := b.IFID
	if ifid == "" {
		ifid = newIFID()
	}
	start := b.Start
	data := storyData{IFID: ifid, Format: tweeFormat, FormatVersion: tweeFormatVersion, Start: &start,
		TagColors: map[string]string{endingTag: endingTagColor}}
	out.WriteString(":: StoryData\n")
	out.Write(marshal(data, "\t"))
	out.WriteString("\n")

	positions := mapPositions(b)
	for i, p := range b.Pages {
		out.WriteString("\n:: " + escapeHeader(p.ID))
		meta := passageMeta{Position: positions[i], Size: passageSize, Picture: p.Picture, Alt: p.Alt, Narration: p.Narration, Timings: p.Timings}
		if p.Ending != "" {
			out.WriteString(" [" + endingTag + "]")
			if p.Ending != p.ID {
				meta.Ending = p.Ending
			}
		}
		out.WriteByte(' ')
		out.Write(marshal(meta, ""))
		out.WriteByte('\n')
		if p.Text != "" {
			out.WriteString(escapeLines(escapeBrackets(p.Text)) + "\n")
		}
		if p.Text != "" && len(p.Choices) > 0 {
			out.WriteByte('\n')
		}
		for _, c := range p.Choices {
			out.WriteString(linkLine(c) + "\n")
		}
	}
	return out.Bytes()
}

// marshal is v as JSON without HTML escaping (a label's < and & stay
// readable), on one line or indented with indent.
func marshal(v any, indent string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	_ = enc.Encode(v) // plain structs of strings and ints always encode
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// mapPositions is each page's "left,top" on Twine's map.
func mapPositions(b Storybook) []string {
	depth := newGraph(b).depths()
	last := slices.Max(append([]int{-1}, depth...))
	rows := map[int]int{}
	out := make([]string, len(b.Pages))
	for i, d := range depth {
		if d < 0 {
			d = last + 1
		}
		out[i] = fmt.Sprintf("%d,%d", mapLeft+d*mapColumn, mapTop+rows[d]*mapRow)
		rows[d]++
	}
	return out
}

// newIFID is a new IFID: a random UUID, in capitals as Twine writes it.
func newIFID() string { return strings.ToUpper(uuid.NewString()) }
