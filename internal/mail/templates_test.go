package mail

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestAccountEmails(t *testing.T) {
	const link = "http://shop.test/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Fshop.test%2F"
	for kind, c := range accountCopies {
		if kind == Reauthentication {
			continue // no link: TestReauthenticationEmail
		}
		t.Run(c.Subject, func(t *testing.T) {
			code := "123456"
			if kind == SignupAttempt {
				code = ""
			}
			m, err := AccountEmail(kind, "kid@example.com", link, code)
			if err != nil {
				t.Fatal(err)
			}
			if m.To != "kid@example.com" || m.Subject != c.Subject {
				t.Errorf("to %q, subject %q", m.To, m.Subject)
			}
			// The e2e journeys read the link from the text part.
			for _, want := range []string{c.Heading, c.Intro, c.Button + ":\n" + link + "\n", c.Outro, "With love,\nSiso & Friends"} {
				if !strings.Contains(m.Text, want) {
					t.Errorf("text lacks %q:\n%s", want, m.Text)
				}
			}
			if got := strings.Contains(m.Text, "Or enter this code: 123456"); got != (code != "") {
				t.Errorf("code line shown: %v, want %v:\n%s", got, code != "", m.Text)
			}
			escapedLink := strings.ReplaceAll(link, "&", "&amp;")
			for _, want := range []string{"<title>" + strings.ReplaceAll(c.Subject, "&", "&amp;") + "</title>", ">Siso &amp; Friends</td>",
				`href="` + escapedLink + `"`, ">" + c.Button + "</a>"} {
				if !strings.Contains(m.HTML, want) {
					t.Errorf("HTML lacks %q:\n%s", want, m.HTML)
				}
			}
		})
	}
	if _, err := AccountEmail(AccountEmailKind(99), "kid@example.com", "http://shop.test/x", ""); err == nil {
		t.Error("an unknown kind rendered")
	}
}

// The reauthentication e-mail carries a code and nothing to click.
func TestReauthenticationEmail(t *testing.T) {
	m, err := AccountEmail(Reauthentication, "kid@example.com", "", "654321")
	if err != nil {
		t.Fatal(err)
	}
	c := accountCopies[Reauthentication]
	for _, want := range []string{c.Heading, c.Intro, "Your code: 654321", c.Validity, c.Outro} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, ">654321</strong>") || strings.Contains(m.HTML, "href=\"\"") || strings.Contains(m.Text, "http") {
		t.Errorf("want the code and no link:\n%s\n%s", m.Text, m.HTML)
	}
}

func TestContactEmailEscapesTheVisitorsHTML(t *testing.T) {
	m, err := ContactEmail("help@shop.test", ContactMessage{Name: "Maya <b>", Email: "maya@example.com", Subject: "Hi & bye", Message: "<script>alert(1)</script>"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Contact form: Hi & bye" || !strings.Contains(m.Text, "From: Maya <b> <maya@example.com>\nReply to: maya@example.com\n") {
		t.Errorf("subject %q, text:\n%s", m.Subject, m.Text)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<b>") || !strings.Contains(m.HTML, "&lt;script&gt;") ||
		!strings.Contains(m.HTML, `href="mailto:maya@example.com"`) {
		t.Errorf("HTML:\n%s", m.HTML)
	}
}

// Every e-mail of the kit has both parts and a subject, in the layout.
func TestEveryTemplateHasBothParts(t *testing.T) {
	for _, name := range []string{"account", "order_confirmation", "contact_message"} {
		if embedded.text[name] == nil || embedded.html[name] == nil {
			t.Errorf("%s: text %v, html %v", name, embedded.text[name] != nil, embedded.html[name] != nil)
		}
	}
	if len(embedded.text) != len(embedded.html) {
		t.Errorf("%d text templates, %d HTML", len(embedded.text), len(embedded.html))
	}
}

// A template error is an error for the caller, never a half-rendered or
// silently blank e-mail.
func TestTemplateErrorsSurface(t *testing.T) {
	layout := fstest.MapFS{
		"t/layout.txt":  {Data: []byte(`{{define "layout"}}{{template "content" .Data}}{{end}}`)},
		"t/layout.html": {Data: []byte(`{{define "layout"}}<p>{{template "content" .Data}}</p>{{end}}`)},
	}
	with := func(files map[string]string) fstest.MapFS {
		fsys := fstest.MapFS{}
		for k, v := range layout {
			fsys[k] = v
		}
		for k, v := range files {
			fsys["t/"+k] = &fstest.MapFile{Data: []byte(v)}
		}
		return fsys
	}
	good := OrderConfirmation{Number: "SF-1"}

	t.Run("a field the data lacks", func(t *testing.T) {
		k, err := parseKit(with(map[string]string{
			"order_confirmation.txt":  `{{define "subject"}}Order {{.Number}}{{end}}{{define "content"}}{{.Missing}}{{end}}`,
			"order_confirmation.html": `{{define "content"}}{{.Number}}{{end}}`,
		}), "t")
		if err != nil {
			t.Fatal(err)
		}
		if m, err := k.render("order_confirmation", "a@example.com", good); err == nil || !strings.Contains(err.Error(), "Missing") {
			t.Errorf("rendered %+v, error %v", m, err)
		}
	})
	t.Run("an HTML part that fails", func(t *testing.T) {
		k, err := parseKit(with(map[string]string{
			"order_confirmation.txt":  `{{define "subject"}}Order {{.Number}}{{end}}{{define "content"}}{{.Number}}{{end}}`,
			"order_confirmation.html": `{{define "content"}}{{template "nowhere" .}}{{end}}`,
		}), "t")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := k.render("order_confirmation", "a@example.com", good); err == nil {
			t.Error("an HTML part with an undefined template rendered")
		}
	})
	t.Run("a subject of two lines", func(t *testing.T) {
		k, err := parseKit(with(map[string]string{
			"x.txt":  `{{define "subject"}}{{.}}{{end}}{{define "content"}}hello{{end}}`,
			"x.html": `{{define "content"}}hello{{end}}`,
		}), "t")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := k.render("x", "a@example.com", "Hello\nBcc: everyone@example.com"); err == nil {
			t.Error("a subject with a line break rendered")
		}
	})
	t.Run("a template that does not parse", func(t *testing.T) {
		if _, err := parseKit(with(map[string]string{"x.txt": `{{define "content"}}{{.Name}`, "x.html": ``}), "t"); err == nil {
			t.Error("a broken template parsed")
		}
	})
	t.Run("a text part without its HTML part", func(t *testing.T) {
		if _, err := parseKit(with(map[string]string{"x.txt": `{{define "content"}}hi{{end}}`}), "t"); err == nil {
			t.Error("a lone text template parsed")
		}
	})
	t.Run("an e-mail nobody wrote", func(t *testing.T) {
		if _, err := embedded.render("nowhere", "a@example.com", nil); err == nil {
			t.Error("rendered a template that does not exist")
		}
	})
}
