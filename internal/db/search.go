package db

import (
	"strings"
	"unicode"
)

// Searching by words (issue 40): the back office finds an order or a
// customer by the start of each word typed, in each database's own text
// index, so that part of a name, an address or an order number is found
// without reading every row. A word is a run of letters and digits: "Mina
// Sato", "sato@exa" and "SF-Y0001" are the words mina and sato, sato and
// exa, sf and y0001. SQLite keeps them in FTS5 tables (the unicode61
// tokenizer, kept by triggers); PostgreSQL in GIN indexes of the
// search_words function (migration 0901), which turns the punctuation
// that the unicode61 tokenizer splits on into spaces before its parser
// reads the words, so both find the same.

// maxSearchWords bounds the words of one search: each is one more term for
// the index to intersect.
const maxSearchWords = 16

// SearchWords are the words of text, in lower case, at most 16: the
// rest is dropped. A word's characters are those unicode61 keeps (letters,
// numbers and private-use characters); any other splits words.
func SearchWords(text string) []string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.In(r, unicode.L, unicode.N, unicode.Co)
	})
	return words[:min(len(words), maxSearchWords)]
}

// WordsQuery is the full-text query that finds what has a word starting
// with each of words (SearchWords), as the dialect writes it: FTS5's
// `"mina"* AND "sa"*` (which a column filter may enclose) or the tsquery
// `mina:* & sa:*` for to_tsquery('simple', ?). A word holds only letters
// and digits, so neither needs quoting beyond this.
func (d *DB) WordsQuery(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if d.Dialect == Postgres {
			if i > 0 {
				b.WriteString(" & ")
			}
			b.WriteString(w + ":*")
			continue
		}
		if i > 0 {
			b.WriteString(" AND ")
		}
		b.WriteString(`"` + w + `"*`)
	}
	return b.String()
}
