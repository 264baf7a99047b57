package webapp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
)

// Head is what a page says of itself to search engines and to the link
// previews of chats and social networks, beside its title and description.
type Head struct {
	// Canonical is the page's one absolute URL.
	Canonical string `json:"canonical,omitempty"`
	// Type is its Open Graph type: "website", "book" or "article".
	Type string `json:"type,omitempty"`
	// Image is the absolute URL of its picture (a book's cover).
	Image string `json:"image,omitempty"`
	// SiteName names the shop in link previews.
	SiteName string `json:"siteName,omitempty"`
	// JSONLD is its schema.org description (a Book with its offer, a
	// BlogPosting), as JSON-LD.
	JSONLD any `json:"jsonLd,omitempty"`
}

// tags are the description and title (when given: a rendered page's) and the
// canonical link, Open Graph and Twitter tags.
func (h Head) tags(title, description string) []byte {
	var b bytes.Buffer
	attr := html.EscapeString
	if title != "" {
		fmt.Fprintf(&b, `<meta name="description" content="%s"><title>%s</title>`, attr(description), attr(title))
	}
	if h.Canonical != "" {
		fmt.Fprintf(&b, `<link rel="canonical" href="%s"><meta property="og:url" content="%s">`, attr(h.Canonical), attr(h.Canonical))
	}
	meta := func(kind, name, content string) {
		if content != "" {
			fmt.Fprintf(&b, `<meta %s="%s" content="%s">`, kind, name, attr(content))
		}
	}
	meta("property", "og:type", h.Type)
	meta("property", "og:site_name", h.SiteName)
	meta("property", "og:title", title)
	meta("property", "og:description", description)
	meta("property", "og:image", h.Image)
	if h.Canonical != "" {
		card := "summary"
		if h.Image != "" {
			card = "summary_large_image"
		}
		meta("name", "twitter:card", card)
		meta("name", "twitter:title", title)
		meta("name", "twitter:description", description)
		meta("name", "twitter:image", h.Image)
	}
	return b.Bytes()
}

// jsonLD is the page's JSON-LD element. It is data, not a script the
// browser runs, so the Content Security Policy lets it be; encoding/json
// escapes <, > and & in it, so no value can end the element.
func (h Head) jsonLD() []byte {
	if h.JSONLD == nil {
		return nil
	}
	body, err := json.Marshal(h.JSONLD)
	if err != nil {
		return nil
	}
	return fmt.Appendf(nil, `<script type="application/ld+json">%s</script>`, body)
}
