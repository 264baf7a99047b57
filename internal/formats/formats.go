// Package formats names the forms a book is sold in (issue 37): the printed
// book, shipped, and its digital editions, delivered to the family's
// library. The catalogue sells them and the orders deliver them; both read
// the names here, so the two never disagree.
package formats

// Formats, as the API, the database and the CSV spell them.
const (
	Print       = "print"
	Interactive = "interactive"
	Ebook       = "ebook"
	Audiobook   = "audiobook"
	Printable   = "printable"
)

// All is every format in the order every list shows them.
var All = []string{Print, Interactive, Ebook, Audiobook, Printable}

var words = map[string]string{Print: "Print", Interactive: "Interactive", Ebook: "E-book", Audiobook: "Audiobook", Printable: "Printable"}

// Word is how the shop names a format to people ("E-book"); "" for an
// unknown one.
func Word(format string) string { return words[format] }

// Known tells whether format is one of All.
func Known(format string) bool {
	_, ok := words[format]
	return ok
}

// IsDigital tells whether a format is delivered rather than shipped. ""
// is print: what a line was before formats.
func IsDigital(format string) bool { return format != "" && format != Print }
