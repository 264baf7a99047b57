package catalog

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"bookshop/internal/httpx"
)

// Limits of a book's fields.
const (
	maxTitle       = 200 // characters of a title or an author
	maxDescription = 5000
	maxPriceCents  = 100_000 // $1,000
	maxPages       = 2000
	maxStock       = 1_000_000
	maxSlug        = 100
	maxCoverImage  = 500
	// LowStock is the most copies a tracked book may have left and be
	// listed as low (GET /api/admin/books?stock=low).
	LowStock = 5
)

// AgeBands are the age bands a book may have ("" for none).
var AgeBands = []string{"0–3", "4–6", "6–8", "8–10", "10–12"}

// Statuses are the statuses a book may have.
var Statuses = []string{StatusDraft, StatusPublished, StatusArchived}

// bookInput is a book as the back office sends it: every field optional, so
// the same type reads a creation (missing fields take their defaults) and a
// PATCH (missing fields keep their values). Numbers are read as written,
// so a wrong one gets its own message rather than a type error.
type bookInput struct {
	Title           *string      `json:"title"`
	Author          *string      `json:"author"`
	Description     *string      `json:"description"`
	PriceCents      *json.Number `json:"priceCents"`
	Category        *string      `json:"category"`
	Pages           *json.Number `json:"pages"`
	ISBN            *string      `json:"isbn"`
	PublicationDate *string      `json:"publicationDate"`
	IsNewRelease    *bool        `json:"isNewRelease"`
	Preorders       *bool        `json:"preorders"`
	CoverImage      *string      `json:"coverImage"`
	Rating          nullable     `json:"rating"` // null: not rated
	Status          *string      `json:"status"`
	Stock           nullable     `json:"stock"` // null: not tracked
	AgeBand         *string      `json:"ageBand"`
	Slug            *string      `json:"slug"`
	Version         *json.Number `json:"version"` // PATCH: the version the editor loaded
	// Formats replaces the book's formats when given (formats.go).
	Formats *[]formatInput `json:"formats"`
}

// nullable is a number field that may be left out, be null, or be given.
type nullable struct {
	Set, Null bool
	N         json.Number
}

func (n *nullable) UnmarshalJSON(b []byte) error {
	n.Set = true
	if string(b) == "null" {
		n.Null = true
		return nil
	}
	return json.Unmarshal(b, &n.N)
}

// apply puts the fields given onto b and records in fields the ones that
// cannot be read. Text is trimmed; the rules are checked by check.
func (in *bookInput) apply(b *AdminBook, fields map[string]string) {
	setText := func(dst *string, src *string) {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	setText(&b.Title, in.Title)
	setText(&b.Author, in.Author)
	setText(&b.Description, in.Description)
	setText(&b.Category, in.Category)
	setText(&b.PublicationDate, in.PublicationDate)
	setText(&b.CoverImage, in.CoverImage)
	setText(&b.Status, in.Status)
	setText(&b.Slug, in.Slug)
	if in.AgeBand != nil {
		b.AgeBand = normalizeAgeBand(*in.AgeBand)
	}
	// The same ISBN spelt otherwise (without its hyphens, as a spreadsheet
	// may keep it) leaves the stored spelling alone.
	if in.ISBN != nil && isbnDigits(normalizeISBN(*in.ISBN)) != isbnDigits(b.ISBN) {
		b.ISBN = normalizeISBN(*in.ISBN)
	}
	if in.IsNewRelease != nil {
		b.IsNewRelease = *in.IsNewRelease
	}
	if in.Preorders != nil {
		b.Preorders = *in.Preorders
	}
	if in.PriceCents != nil {
		n, err := strconv.ParseInt(string(*in.PriceCents), 10, 64)
		if err != nil {
			fields["priceCents"] = priceMessage
		}
		b.PriceCents = n
		b.setPrintPrice(n)
	}
	if in.Formats != nil {
		applyFormats(b, *in.Formats, fields)
	}
	if in.Pages != nil {
		n, err := strconv.Atoi(string(*in.Pages))
		if err != nil {
			fields["pages"] = pagesMessage
		}
		b.Pages = n
	}
	if in.Rating.Set {
		b.Rating = nil
		if !in.Rating.Null {
			f, err := strconv.ParseFloat(string(in.Rating.N), 64)
			if err != nil {
				fields["rating"] = ratingMessage
			}
			b.Rating = &f
		}
	}
	if in.Stock.Set {
		b.Stock = nil
		if !in.Stock.Null {
			n, err := strconv.Atoi(string(in.Stock.N))
			if err != nil {
				fields["stock"] = stockMessage
			}
			b.Stock = &n
		}
	}
}

const (
	priceMessage  = "Enter the price in cents: a whole number from 1 to 100000 ($1,000)."
	pagesMessage  = "Enter the number of pages: a whole number from 1 to 2000."
	ratingMessage = "Enter a rating from 0 to 5, or leave it empty for none."
	stockMessage  = "Enter the copies on hand (a whole number from 0 to 1,000,000), or leave stock untracked."
)

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// check applies every rule of a book's fields that needs no database;
// fields keeps the first message of each field.
func check(b *AdminBook, fields map[string]string) {
	add := func(field, msg string) {
		if _, ok := fields[field]; !ok {
			fields[field] = msg
		}
	}
	checkName := func(field, value, what string) {
		switch n := utf8.RuneCountInString(value); {
		case n == 0:
			add(field, "Enter the "+what+".")
		case n > maxTitle:
			add(field, "At most 200 characters.")
		case !httpx.HasVisibleLetter(value) && !strings.ContainsFunc(value, unicode.IsDigit):
			add(field, "Enter the "+what+".")
		case strings.ContainsAny(value, "\r\n\t"):
			add(field, "One line of text, without line breaks or tabs.")
		}
	}
	checkName("title", b.Title, "title")
	checkName("author", b.Author, "author")
	if utf8.RuneCountInString(b.Description) > maxDescription {
		add("description", "At most 5,000 characters.")
	}
	if b.PriceCents < 1 || b.PriceCents > maxPriceCents {
		add("priceCents", priceMessage)
	}
	if b.Category == "" {
		add("category", "Choose a category.")
	}
	if b.Pages < 1 || b.Pages > maxPages {
		add("pages", pagesMessage)
	}
	if msg := isbnProblem(b.ISBN, b.Status == StatusPublished); msg != "" {
		add("isbn", msg)
	}
	if !isDate(b.PublicationDate) {
		add("publicationDate", "Enter a real date as YYYY-MM-DD.")
	}
	if b.Stock != nil && (*b.Stock < 0 || *b.Stock > maxStock) {
		add("stock", stockMessage)
	}
	if b.AgeBand != "" && !slices.Contains(AgeBands, b.AgeBand) {
		add("ageBand", "Choose one of 0–3, 4–6, 6–8, 8–10, 10–12, or none.")
	}
	switch {
	case b.Slug == "":
		add("slug", "Enter a slug: lowercase letters, digits and hyphens.")
	case len(b.Slug) > maxSlug:
		add("slug", "At most 100 characters.")
	case !slugPattern.MatchString(b.Slug):
		add("slug", "Use lowercase letters a–z, digits and single hyphens between them.")
	case !strings.ContainsFunc(b.Slug, unicode.IsLetter):
		add("slug", "A slug needs a letter, so it is never read as a book's number.")
	}
	if !slices.Contains(Statuses, b.Status) {
		add("status", "Choose draft, published or archived.")
	}
	if msg := coverProblem(b.CoverImage, b.Status == StatusPublished); msg != "" {
		add("coverImage", msg)
	}
	if b.Rating != nil && !(*b.Rating >= 0 && *b.Rating <= 5) { // NaN too
		add("rating", ratingMessage)
	}
}

// normalizeAgeBand takes "4-6" for "4–6", as a spreadsheet would write it.
func normalizeAgeBand(s string) string {
	s = strings.TrimSpace(s)
	s = strings.NewReplacer("-", "–", "—", "–", " ", "").Replace(s)
	return s
}

// normalizeISBN writes an ISBN with single hyphens where it was typed with
// hyphens or spaces ("978 1 915842 01 5" is stored as the seed writes it,
// 978-1-915842-01-5); 13 digits typed together stay together.
func normalizeISBN(s string) string {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == ' ' || r == '\u2010' || r == '\u2013' })
	return strings.Join(parts, "-")
}

// isbnDigits is the ISBN without its hyphens: two spellings of one ISBN
// are the same book.
func isbnDigits(s string) string { return strings.ReplaceAll(s, "-", "") }

// isbnProblem checks an ISBN-13 and its check digit. A book may be saved
// without one while it is a draft (a duplicate starts without); publishing
// needs it.
func isbnProblem(isbn string, required bool) string {
	if isbn == "" {
		if required {
			return "A published book needs its ISBN-13."
		}
		return ""
	}
	digits := isbnDigits(isbn)
	if len(digits) != 13 || strings.ContainsFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) {
		return "Enter an ISBN-13: 13 digits, hyphens and spaces allowed."
	}
	if !strings.HasPrefix(digits, "978") && !strings.HasPrefix(digits, "979") {
		return "An ISBN-13 starts with 978 or 979."
	}
	sum := 0
	for i, r := range digits[:12] {
		d := int(r - '0')
		if i%2 == 1 {
			d *= 3
		}
		sum += d
	}
	if want := (10 - sum%10) % 10; int(digits[12]-'0') != want {
		return "This ISBN's check digit is wrong: check the number."
	}
	return ""
}

func isDate(s string) bool {
	t, err := time.Parse(time.DateOnly, s)
	return err == nil && t.Format(time.DateOnly) == s && t.Year() >= 1450 && t.Year() <= 2200
}

// coverProblem accepts the shop's own pictures: the shipped covers and
// uploaded ones, both under /covers/. A draft may have none yet.
func coverProblem(cover string, required bool) string {
	switch {
	case cover == "":
		if required {
			return "A published book needs a cover."
		}
		return ""
	case len(cover) > maxCoverImage:
		return "At most 500 characters."
	case !strings.HasPrefix(cover, "/covers/") || strings.Contains(cover, "..") ||
		strings.ContainsFunc(cover, func(r rune) bool { return r <= ' ' || strings.ContainsRune(`"'<>\`, r) }):
		return "Upload a cover, or use a path under /covers/."
	}
	return ""
}

// Slugify makes a slug from a title: lowercase ASCII letters and digits
// joined by single hyphens (accents dropped, apostrophes ignored).
func Slugify(title string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(foldAccents(title)) {
		switch {
		case r == '\'' || r == '’':
		case (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9'):
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		default:
			hyphen = true
		}
	}
	s := b.String()
	if len(s) > maxSlug-12 { // room for a -copy or -2 suffix
		s = strings.TrimRight(s[:maxSlug-12], "-")
	}
	if !strings.ContainsFunc(s, unicode.IsLetter) {
		s = strings.Trim("book-"+s, "-")
	}
	return s
}

// foldAccents replaces the accented Latin letters of titles in the
// catalogue's languages by their base letters, for slugs.
func foldAccents(s string) string {
	return accentFolder.Replace(s)
}

var accentFolder = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ä", "a", "ã", "a", "å", "a", "æ", "ae",
	"ç", "c", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i", "ñ", "n",
	"ó", "o", "ò", "o", "ô", "o", "ö", "o", "õ", "o", "ø", "o", "œ", "oe",
	"ú", "u", "ù", "u", "û", "u", "ü", "u", "ý", "y", "ÿ", "y", "ß", "ss",
	"Á", "a", "À", "a", "Â", "a", "Ä", "a", "Ã", "a", "Å", "a", "Æ", "ae",
	"Ç", "c", "É", "e", "È", "e", "Ê", "e", "Ë", "e",
	"Í", "i", "Ì", "i", "Î", "i", "Ï", "i", "Ñ", "n",
	"Ó", "o", "Ò", "o", "Ô", "o", "Ö", "o", "Õ", "o", "Ø", "o", "Œ", "oe",
	"Ú", "u", "Ù", "u", "Û", "u", "Ü", "u", "Ý", "y",
)
