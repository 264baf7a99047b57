package files

import (
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"bookshop/internal/httpx"
)

// refuse answers a link that cannot be used: a page that explains, for a
// person whose browser opened the link, and the API's JSON error for a
// client (an app, a download manager) that asks for no HTML. While the
// purchase allows more downloads, the page offers a new link from the
// library, where the family's session can make one.
func (s *Service) refuse(w http.ResponseWriter, r *http.Request, refusal string, left int) error {
	p := s.refusalPage(refusal, left)
	w.Header().Set("Cache-Control", "no-store")
	if !strings.Contains(r.Header.Get("Accept"), "text/html") {
		return httpx.Errorf(p.code, "%s", p.Title+" "+p.Message)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(httpx.Errorf(p.code, "").Status())
	return refusalTemplate.Execute(w, p)
}

type refusalPage struct {
	code     string
	Title    string
	Message  string
	Offer    string // the link's text, "" for none
	OfferURL string
}

func (s *Service) refusalPage(refusal string, left int) refusalPage {
	library := s.set.SiteURL + "/library"
	offer := func(p refusalPage) refusalPage {
		if left > 0 {
			p.Message += " You can download it " + times(left) + " more."
			p.Offer, p.OfferURL = "Get a new link in your library", library
		} else if p.code == httpx.CodeGone {
			p.Message += " " + s.noneLeft()
			p.Offer, p.OfferURL = "Contact us", s.set.SiteURL+"/contact"
		}
		return p
	}
	switch refusal {
	case refusalRevoked:
		return refusalPage{code: httpx.CodeForbidden, Title: "This download is no longer available.",
			Message: "The purchase was refunded, so its files cannot be downloaded any more."}
	case refusalExpired:
		return offer(refusalPage{code: httpx.CodeGone, Title: "This download link has expired.",
			Message: "Links work for " + strconv.Itoa(int(s.set.LinkTTL.Hours())) + " hours after they are made."})
	case refusalUsedUp:
		return offer(refusalPage{code: httpx.CodeGone, Title: "This download link has been used.",
			Message: "Each link is good for one download of the file."})
	case refusalNoneLeft:
		left = 0
		return offer(refusalPage{code: httpx.CodeGone, Title: "No downloads are left for this file."})
	}
	return refusalPage{code: httpx.CodeNotFound, Title: "This download link does not work.",
		Message: "It may be mistyped or too old. Your library makes a new link for each download.",
		Offer:   "Go to your library", OfferURL: library}
}

// times is "once", "twice" or "N times"; for hours, just the number.
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

var refusalTemplate = template.Must(template.New("refusal").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}} — Siso &amp; Friends</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1.25rem; color: #2b2118; line-height: 1.5; }
h1 { font-size: 1.5rem; }
a.button { display: inline-block; margin-top: 1rem; padding: .75rem 1.25rem; border-radius: .5rem; background: #e8772e; color: #fff; text-decoration: none; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
<p>{{.Message}}</p>
{{if .Offer}}<p><a class="button" href="{{.OfferURL}}">{{.Offer}}</a></p>{{end}}
</main>
</body>
</html>
`))
