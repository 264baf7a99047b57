package mail

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"strings"
	texttemplate "text/template"
)

// The e-mail kit: every e-mail the shop sends is a pair of templates in
// templates/ (NAME.txt defines "subject" and the plain-text "content",
// NAME.html the HTML "content"), rendered inside the one branded layout
// (layout.txt, layout.html). The typed e-mails (account.go, order.go,
// support.go) are the only callers of render.
//
//go:embed templates
var templateFiles embed.FS

// embedded is the kit built from templateFiles. A template that does not
// parse stops the program at start (and every test), never a send.
var embedded = mustParseKit(templateFiles, "templates")

// kit holds each e-mail's two template sets, each a copy of its layout.
type kit struct {
	text map[string]*texttemplate.Template
	html map[string]*htmltemplate.Template
}

// envelope is what the layouts see: the subject for the HTML title, and
// the e-mail's own data, which the layout passes to "content".
type envelope struct {
	Subject string
	Data    any
}

// link is the argument of the "button" template: `link .URL "Label"`.
type link struct{ Href, Label string }

var htmlFuncs = htmltemplate.FuncMap{"link": func(href, label string) link { return link{href, label} }}

func mustParseKit(fsys fs.FS, dir string) *kit {
	k, err := parseKit(fsys, dir)
	if err != nil {
		panic(err)
	}
	return k
}

// parseKit reads every NAME.txt and NAME.html in dir with its layout.
func parseKit(fsys fs.FS, dir string) (*kit, error) {
	k := &kit{text: map[string]*texttemplate.Template{}, html: map[string]*htmltemplate.Template{}}
	names, err := fs.Glob(fsys, dir+"/*.txt")
	if err != nil {
		return nil, err
	}
	for _, file := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(file, dir+"/"), ".txt")
		if name == "layout" {
			continue
		}
		t, err := texttemplate.ParseFS(fsys, dir+"/layout.txt", file)
		if err != nil {
			return nil, fmt.Errorf("mail: template %s: %w", name, err)
		}
		h, err := htmltemplate.New("layout.html").Funcs(htmlFuncs).ParseFS(fsys, dir+"/layout.html", dir+"/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("mail: template %s: %w", name, err)
		}
		k.text[name], k.html[name] = t, h
	}
	return k, nil
}

// render builds e-mail name for to from data. Any template error is
// returned: a half-rendered e-mail is never queued.
func (k *kit) render(name, to string, data any) (Message, error) {
	t, h := k.text[name], k.html[name]
	if t == nil || h == nil {
		return Message{}, fmt.Errorf("mail: no template %q", name)
	}
	var subject, text, html bytes.Buffer
	if err := t.ExecuteTemplate(&subject, "subject", data); err != nil {
		return Message{}, fmt.Errorf("mail: %s subject: %w", name, err)
	}
	m := Message{To: to, Subject: strings.TrimSpace(subject.String())}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return Message{}, errors.New("mail: " + name + ": a subject is one line")
	}
	env := envelope{Subject: m.Subject, Data: data}
	if err := t.ExecuteTemplate(&text, "layout", env); err != nil {
		return Message{}, fmt.Errorf("mail: %s text: %w", name, err)
	}
	if err := h.ExecuteTemplate(&html, "layout", env); err != nil {
		return Message{}, fmt.Errorf("mail: %s html: %w", name, err)
	}
	m.Text, m.HTML = text.String(), html.String()
	return m, nil
}
