package story

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// w is the span of word n.
func w(n int, inner string) string {
	return fmt.Sprintf(`<span class="w" data-w="%d">%s</span>`, n, inner)
}

func TestTextHTML(t *testing.T) {
	tests := []struct {
		name, text, html string
		words            int
	}{
		{"empty", "", "", 0},
		{"blank", "  \n\n ", "", 0},
		{
			"one sentence, punctuation with its word", "Siso ran, fast!",
			"<p>" + w(0, "Siso") + " " + w(1, "ran,") + " " + w(2, "fast!") + "</p>", 3,
		},
		{
			"paragraphs count on", "Siso ran.\n\nNainni flew.",
			"<p>" + w(0, "Siso") + " " + w(1, "ran.") + "</p><p>" + w(2, "Nainni") + " " + w(3, "flew.") + "</p>", 4,
		},
		{
			"a single newline breaks the line", "Up the hill\nand down again",
			"<p>" + w(0, "Up") + " " + w(1, "the") + " " + w(2, "hill") + "<br>" + w(3, "and") + " " + w(4, "down") + " " + w(5, "again") + "</p>", 6,
		},
		{
			"emphasis across words", "a *very big* tiger",
			"<p>" + w(0, "a") + " " + w(1, "<em>very</em>") + " " + w(2, "<em>big</em>") + " " + w(3, "tiger") + "</p>", 4,
		},
		{
			"strong and both", "**Roar!** ***Boo***",
			"<p>" + w(0, "<strong>Roar!</strong>") + " " + w(1, "<strong><em>Boo</em></strong>") + "</p>", 2,
		},
		{
			"a word half emphasized is one word", "*Siso*'s tail",
			"<p>" + w(0, "<em>Siso</em>&#39;s") + " " + w(1, "tail") + "</p>", 2,
		},
		{
			"a dash alone is no word", "Wait — listen",
			"<p>" + w(0, "Wait") + " — " + w(1, "listen") + "</p>", 2,
		},
		{
			"HTML in the text is dropped, its words kept", `Hi <b onclick="x()">there</b><script>alert(1)</script>`,
			"<p>" + w(0, "Hi") + " " + w(1, "therealert(1)") + "</p>", 2,
		},
		{
			"an HTML block is dropped", "<div>\n<script>alert(1)</script>\n</div>\n\nSafe.",
			"<p>" + w(0, "Safe.") + "</p>", 1,
		},
		{
			"escaped angle brackets stay text", `1 \< 2 &amp; &lt;b&gt;`,
			"<p>" + w(0, "1") + " &lt; " + w(1, "2") + " &amp; " + w(2, "&lt;b&gt;") + "</p>", 3,
		},
		{
			"a heading, a list and a link are plain text", "# The End\n\n- one\n- [two](https://evil.example)",
			"<p>" + w(0, "The") + " " + w(1, "End") + "</p><p>" + w(2, "one") + "</p><p>" + w(3, "two") + "</p>", 4,
		},
		{
			"a picture is left out", "Look ![a tiger](javascript:alert(1)) here",
			"<p>" + w(0, "Look") + " " + w(1, "here") + "</p>", 2,
		},
		{
			"backslash escapes", `\*not emphasized\*`,
			"<p>" + w(0, "*not") + " " + w(1, "emphasized*") + "</p>", 2,
		},
		{"code is its characters", "`x<y`", "<p>" + w(0, "x&lt;y") + "</p>", 1},
		{
			"words in other alphabets", "Siso dit « bonjour » 你好",
			"<p>" + w(0, "Siso") + " " + w(1, "dit") + " « " + w(2, "bonjour") + " » " + w(3, "你好") + "</p>", 4,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html, words := TextHTML(tt.text)
			if html != tt.html || words != tt.words {
				t.Errorf("TextHTML(%q) =\n%s, %d\nwant\n%s, %d", tt.text, html, words, tt.html, tt.words)
			}
			if n := Words(tt.text); n != words {
				t.Errorf("Words = %d, TextHTML's words = %d", n, words)
			}
			if spans := strings.Count(html, `<span class="w"`); spans != words {
				t.Errorf("%d spans, %d words", spans, words)
			}
		})
	}
}

// Whatever an author pastes, the HTML holds only the five elements and the
// spans' own attributes, and the spans are numbered 0, 1, 2, ….
func TestTextHTMLHostile(t *testing.T) {
	inputs := []string{
		"<img src=x onerror=alert(1)>",
		"[click](javascript:alert(1)) <a href=\"https://x\">x</a>",
		"<span class=\"w\" data-w=\"99\">fake</span> real",
		"*<em onmouseover=x>a</em>*\x00b",
		"> quoted *text*\n>\n> ```\n> <b>code</b>\n> ```",
		"<!-- comment --> <?php ?> <![CDATA[ x ]]>",
	}
	tag := regexp.MustCompile(`<[^>]*>`)
	allowed := regexp.MustCompile(`^</?(p|br|em|strong|span)>$|^<span class="w" data-w="[0-9]+">$`)
	for _, in := range inputs {
		html, words := TextHTML(in)
		for _, tg := range tag.FindAllString(html, -1) {
			if !allowed.MatchString(tg) {
				t.Errorf("TextHTML(%q) has %s", in, tg)
			}
		}
		for n := range words {
			if !strings.Contains(html, fmt.Sprintf(`data-w="%d"`, n)) {
				t.Errorf("TextHTML(%q) has no word %d: %s", in, n, html)
			}
		}
		if strings.Count(html, "data-w=") != words {
			t.Errorf("TextHTML(%q) = %s with %d words", in, html, words)
		}
	}
}
