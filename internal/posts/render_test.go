package posts

import (
	"bookshop/internal/markdown"
	"strings"
	"testing"
)

// TestRenderSanitizes: whatever the Markdown holds, the HTML a visitor gets
// runs no script: raw HTML is dropped by the renderer, and the sanitizer
// removes what could still carry code (event handlers, javascript: links).
func TestRenderSanitizes(t *testing.T) {
	for _, tc := range []struct {
		name, markdown string
		want           []string // fragments the HTML keeps
	}{
		{"a script element", "Hello\n\n<script>alert(1)</script>\n\nBye", []string{"<p>Hello</p>", "<p>Bye</p>"}},
		{"an inline script", "Hi <script>alert(1)</script> there", []string{"Hi", "there"}},
		{"an image with onerror", `<img src="x" onerror="alert(1)">`, nil},
		{"a Markdown image with a quote breaking out", `![a" onerror="alert(1)](/x.png)`, []string{`<img src="/x.png"`}},
		{"a javascript: link", "[click](javascript:alert(1))", []string{"click"}},
		{"a javascript: link in mixed case and entities", "[click](JaVaScRiPt&#58;alert(1))", []string{"click"}},
		{"an HTML link with javascript:", `<a href="javascript:alert(1)">click</a>`, nil},
		{"an autolink with javascript:", "<javascript:alert(1)>", nil},
		{"a data: URL", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", []string{"x"}},
		{"an iframe", `<iframe src="https://evil.example"></iframe>`, nil},
		{"a style attribute", `<p style="position:fixed">x</p>`, nil},
		{"a form", `<form action="https://evil.example"><input name="p"></form>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html, err := markdown.Render(tc.markdown)
			if err != nil {
				t.Fatal(err)
			}
			lower := strings.ToLower(html)
			for _, bad := range []string{"<script", "onerror", `"javascript:`, `"data:text`, "<iframe", "style=", "<form", "<input"} {
				if strings.Contains(lower, bad) {
					t.Errorf("HTML has %q: %s", bad, html)
				}
			}
			for _, good := range tc.want {
				if !strings.Contains(html, good) {
					t.Errorf("HTML lacks %q: %s", good, html)
				}
			}
		})
	}
}

// TestRenderMarkdown: what an article uses comes out as markup, quotes curled.
func TestRenderMarkdown(t *testing.T) {
	html, err := markdown.Render("## Tips\n\nIt's **bold** and *soft*.\n\n- one\n- two\n\n> \"Quote\"\n\n[Dream Maker](/dreamaker) and [a friend](https://example.com/)")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<h2>Tips</h2>", "It\u2019s <strong>bold</strong> and <em>soft</em>.", "<li>one</li>", "<blockquote>", "\u201cQuote\u201d",
		`<a href="/dreamaker" rel="nofollow">Dream Maker</a>`,
		`<a href="https://example.com/" rel="nofollow noopener" target="_blank">a friend</a>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("HTML lacks %q: %s", want, html)
		}
	}
}

func TestReadMinutes(t *testing.T) {
	for words, want := range map[int]int{0: 1, 1: 1, 200: 1, 201: 2, 1000: 5} {
		if got := readMinutes(strings.Repeat("word ", words)); got != want {
			t.Errorf("%d words: %d min, want %d", words, got, want)
		}
	}
}

func TestSlugFrom(t *testing.T) {
	for title, want := range map[string]string{
		"5 Ways to Make Bedtime Stories Magical":           "5-ways-to-make-bedtime-stories-magical",
		"Counting Carrots: Easy Maths Games in the Garden": "counting-carrots-easy-maths-games-in-the-garden",
		"  Siso's  Club!  ":                                "siso-s-club",
		"¿Qué?":                                            "qu",
		"🐯":                                                "post",
		strings.Repeat("ab ", 60):                          strings.TrimSuffix(strings.Repeat("ab-", 25), "-"),
	} {
		got := slugFrom(title)
		if got != want {
			t.Errorf("slugFrom(%q) = %q, want %q", title, got, want)
		}
		if !slugPattern.MatchString(got) || len(got) > MaxSlug {
			t.Errorf("slugFrom(%q) = %q is no valid slug", title, got)
		}
	}
}

func TestRealDate(t *testing.T) {
	for s, want := range map[string]bool{
		"2025-11-20": true, "2024-02-29": true, "2025-02-29": false, "2025-02-30": false, "2025-13-01": false,
		"2025-1-01": false, "20251120": false, "": false, "2025-11-20T00:00:00Z": false, "0001-01-01": false,
	} {
		if got := realDate(s); got != want {
			t.Errorf("realDate(%q) = %v, want %v", s, got, want)
		}
	}
}
