package newsletter

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"bookshop/internal/mail"
	"bookshop/internal/markdown"
)

// bookTag is a book card in a campaign's Markdown: {{book 3}}.
var bookTag = regexp.MustCompile(`\{\{\s*book\s+(\d{1,9})\s*\}\}`)

// body is a campaign's Markdown made into an e-mail's body, the same for
// every recipient: the unsubscribe link is added per message.
type body struct {
	HTML htmltemplate.HTML
	Text string
}

// renderBody turns markdown into HTML (sanitized, as the blog's posts are)
// with each {{book N}} a card of the book: cover, title, price and link.
// A book that is not published is an error naming it, in fields.
func (s *Service) renderBody(source string) (body, map[string]string, error) {
	var html, text strings.Builder
	fields := map[string]string{}
	last := 0
	chunk := func(md string) error {
		if strings.TrimSpace(md) == "" {
			return nil
		}
		h, err := markdown.Render(md)
		if err != nil {
			return err
		}
		html.WriteString(h)
		text.WriteString(strings.TrimSpace(md))
		text.WriteString("\n\n")
		return nil
	}
	for _, m := range bookTag.FindAllStringSubmatchIndex(source, -1) {
		if err := chunk(source[last:m[0]]); err != nil {
			return body{}, nil, err
		}
		last = m[1]
		id, _ := strconv.Atoi(source[m[2]:m[3]])
		card, ok := BookCard{}, false
		if s.books != nil {
			card, ok = s.books.Card(id)
		}
		if !ok {
			fields["markdown"] = fmt.Sprintf("Book %d is not in the shop (a card needs a published book's number, as in {{book 3}})", id)
			continue
		}
		var buf bytes.Buffer
		if err := cardHTML.Execute(&buf, card); err != nil {
			return body{}, nil, err
		}
		html.Write(buf.Bytes())
		fmt.Fprintf(&text, "%s (%s)\n%s\n\n", card.Title, card.Price, card.URL)
	}
	if err := chunk(source[last:]); err != nil {
		return body{}, nil, err
	}
	if len(fields) > 0 {
		return body{}, fields, nil
	}
	return body{HTML: htmltemplate.HTML(html.String()), Text: strings.TrimSpace(text.String())}, nil, nil //nolint:gosec // sanitized Markdown and an escaped template
}

// cardHTML is a book card for mail clients: a table, inline styles, no
// tracking (the link is the book's own page).
var cardHTML = htmltemplate.Must(htmltemplate.New("card").Parse(`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:16px 0;border:2px solid #fed7aa;border-radius:16px">
<tr><td width="112" style="padding:12px;vertical-align:top"><a href="{{.URL}}"><img src="{{.CoverURL}}" alt="" width="96" style="display:block;width:96px;height:auto;border-radius:8px"></a></td>
<td style="padding:12px 12px 12px 0;vertical-align:top"><p style="margin:0 0 4px;font-size:18px;font-weight:bold;line-height:1.3"><a href="{{.URL}}" style="color:#2b2118;text-decoration:none">{{.Title}}</a></p>
<p style="margin:0 0 12px;font-size:16px;color:#6b5d50">{{.Price}}</p>
<a href="{{.URL}}" style="display:inline-block;padding:8px 18px;background-color:#c2410c;color:#ffffff;text-decoration:none;font-weight:bold;border-radius:999px">See the book</a></td></tr>
</table>`))

// campaignContent is what one campaign's messages share.
type campaignContent struct {
	ID      int64
	Subject string
	Preview string
	Body    body
}

// message is the campaign's e-mail to one subscriber, with the headers
// Gmail and Yahoo ask of bulk mail: one-click unsubscribe (RFC 8058), a
// mailto beside it, a List-Id, and the marketing sender.
func (s *Service) message(c campaignContent, to, unsubscribeToken string) (mail.Message, error) {
	unsubURL := s.unsubscribeURL(unsubscribeToken)
	m, err := mail.CampaignEmail(to, mail.Campaign{Subject: c.Subject, Preview: c.Preview, HTML: c.Body.HTML, Text: c.Body.Text,
		UnsubscribeURL: unsubURL, SiteURL: s.set.SiteURL})
	if err != nil {
		return mail.Message{}, err
	}
	m.From = s.set.MarketingFrom
	m.Headers = []mail.Header{
		{Name: "List-Unsubscribe", Value: "<" + unsubURL + ">, <mailto:" + s.unsubscribeMailbox() + "?subject=unsubscribe>"},
		{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
		{Name: "List-Id", Value: s.listID()},
		{Name: "Precedence", Value: "bulk"},
	}
	return m, nil
}

// unsubscribeMailbox is the marketing sender's address: a reply or a
// mailto unsubscribe reaches the shop, which takes the address off by hand
// (/admin/newsletter).
func (s *Service) unsubscribeMailbox() string {
	addr := s.set.MarketingFrom
	if i := strings.LastIndex(addr, "<"); i >= 0 {
		addr = strings.TrimSuffix(addr[i+1:], ">")
	}
	return addr
}

// listID names the list after the site's host (RFC 2919).
func (s *Service) listID() string {
	host := "sisoandfriends.test"
	if u, err := url.Parse(s.set.SiteURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	return "Siso & Friends News <news." + host + ">"
}
