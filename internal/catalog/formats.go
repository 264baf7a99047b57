package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"bookshop/internal/db"
	"bookshop/internal/formats"
)

// A book's formats (issue 37, migration 0710): the printed book and its
// digital editions, each with its price. The print format's price is also
// books.price_cents (the priceCents of older clients) and its stock is the
// book's; the interactive edition is the book's storybook; the others are
// files uploaded through internal/files, in their order.

// formatKinds are the kinds of file (internal/files) each file format takes.
var formatKinds = map[string][]string{
	formats.Ebook:     {"epub", "pdf"},
	formats.Audiobook: {"audio"},
	formats.Printable: {"pdf"},
}

// Format is a format as visitors see it; InStock only on print.
type Format struct {
	Format     string `json:"format"`
	PriceCents int64  `json:"priceCents"`
	InStock    *bool  `json:"inStock,omitempty"`
}

// AdminFormat is a format as the back office edits it, with its files.
type AdminFormat struct {
	Format     string       `json:"format"`
	PriceCents int64        `json:"priceCents"`
	Files      []FormatFile `json:"files"`
}

// FormatFile is one of a format's files.
type FormatFile struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Name string `json:"name"`
	Size int64  `json:"size"`
}

// formatInput is one format of a PATCH: {format, priceCents, files}.
type formatInput struct {
	Format     string       `json:"format"`
	PriceCents *json.Number `json:"priceCents"`
	Files      []string     `json:"files"`
}

// format is b's format f, or nil.
func (b *AdminBook) format(f string) *AdminFormat {
	for i := range b.Formats {
		if b.Formats[i].Format == f {
			return &b.Formats[i]
		}
	}
	return nil
}

// inPrint tells whether b is sold in print. A book from before formats
// (none loaded) is.
func (b *AdminBook) inPrint() bool { return len(b.Formats) == 0 || b.format(formats.Print) != nil }

// setPrintPrice is the old priceCents field: the printed book's price.
func (b *AdminBook) setPrintPrice(cents int64) {
	if p := b.format(formats.Print); p != nil {
		p.PriceCents = cents
		return
	}
	b.Formats = append(b.Formats, AdminFormat{Format: formats.Print, PriceCents: cents, Files: []FormatFile{}})
	sortFormats(b.Formats)
}

// applyFormats replaces b's formats by the ones given; the files are read
// (and checked) by checkFormats. A format's key in fields is
// formats.<format>.<field>, or formats for the list itself.
func applyFormats(b *AdminBook, in []formatInput, fields map[string]string) {
	out := make([]AdminFormat, 0, len(in))
	for _, f := range in {
		key := "formats." + f.Format
		if !slices.Contains(formats.All, f.Format) {
			fields["formats"] = "Unknown format " + strconv.Quote(f.Format) + ": use print, interactive, ebook, audiobook or printable."
			continue
		}
		if slices.ContainsFunc(out, func(o AdminFormat) bool { return o.Format == f.Format }) {
			fields["formats"] = "Each format may be listed once: " + f.Format + " is listed twice."
			continue
		}
		af := AdminFormat{Format: f.Format, Files: []FormatFile{}}
		if f.PriceCents == nil {
			fields[key+".priceCents"] = "Enter the price in cents."
		} else if n, err := strconv.ParseInt(string(*f.PriceCents), 10, 64); err != nil || n < 1 || n > maxPriceCents {
			fields[key+".priceCents"] = priceMessage
		} else {
			af.PriceCents = n
		}
		for _, id := range f.Files {
			af.Files = append(af.Files, FormatFile{ID: strings.TrimSpace(id)})
		}
		out = append(out, af)
	}
	if len(in) == 0 {
		fields["formats"] = "A book needs at least one format."
	}
	sortFormats(out)
	b.Formats = out
	if p := b.format(formats.Print); p != nil && p.PriceCents > 0 {
		b.PriceCents = p.PriceCents
	} else if len(out) > 0 && out[0].PriceCents > 0 {
		b.PriceCents = lowestPrice(out)
	}
}

func lowestPrice(fs []AdminFormat) int64 {
	low := fs[0].PriceCents
	for _, f := range fs[1:] {
		low = min(low, f.PriceCents)
	}
	return low
}

func sortFormats(fs []AdminFormat) {
	slices.SortFunc(fs, func(a, b AdminFormat) int {
		return slices.Index(formats.All, a.Format) - slices.Index(formats.All, b.Format)
	})
}

// checkFormats adds the formats' rules that need the database: each file
// exists and is of a kind its format takes (read into the format), a file
// format has at least one file and print or interactive none, and an
// interactive edition has the book's storybook.
func checkFormats(ctx context.Context, q db.Querier, b *AdminBook, fields map[string]string) error {
	for i := range b.Formats {
		f := &b.Formats[i]
		key := "formats." + f.Format + ".files"
		kinds, takesFiles := formatKinds[f.Format]
		switch {
		case !takesFiles && len(f.Files) > 0:
			fields[key] = "The " + formats.Word(f.Format) + " format has no files."
			continue
		case takesFiles && len(f.Files) == 0:
			fields[key] = "Upload the " + formats.Word(f.Format) + "'s file first."
			continue
		case f.Format == formats.Interactive:
			has, err := hasStorybook(ctx, q, b.ID)
			if err != nil {
				return err
			}
			if !has {
				fields["formats.interactive"] = "This book has no storybook yet: write or import it in Storybooks first."
			}
		}
		if err := readFiles(ctx, q, f, kinds, fields, key); err != nil {
			return err
		}
	}
	return nil
}

// readFiles fills f's files from the files table, refusing an unknown id
// or a kind the format does not take.
func readFiles(ctx context.Context, q db.Querier, f *AdminFormat, kinds []string, fields map[string]string, key string) error {
	for j := range f.Files {
		ff := &f.Files[j]
		if slices.ContainsFunc(f.Files[:j], func(o FormatFile) bool { return o.ID == ff.ID }) {
			fields[key] = "A file is listed twice."
			return nil
		}
		err := q.QueryRowContext(ctx, `SELECT kind, name, size FROM files WHERE id = ?`, ff.ID).Scan(&ff.Kind, &ff.Name, &ff.Size)
		if db.IsNoRows(err) {
			fields[key] = "No uploaded file has the id " + strconv.Quote(ff.ID) + "."
			return nil
		}
		if err != nil {
			return fmt.Errorf("catalog: read file: %w", err)
		}
		if !slices.Contains(kinds, ff.Kind) {
			fields[key] = "The " + formats.Word(f.Format) + " takes " + strings.Join(kinds, " or ") + " files, not " + ff.Kind + " (" + ff.Name + ")."
			return nil
		}
	}
	return nil
}

func hasStorybook(ctx context.Context, q db.Querier, bookID int) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM storybooks WHERE book_id = ?`, bookID).Scan(&n)
	return n > 0, err
}

// saveFormats replaces the book's stored formats and files by b's.
func saveFormats(ctx context.Context, tx *db.Tx, b *AdminBook) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM book_format_files WHERE book_id = ?`, b.ID); err != nil {
		return fmt.Errorf("catalog: save formats: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM book_formats WHERE book_id = ?`, b.ID); err != nil {
		return fmt.Errorf("catalog: save formats: %w", err)
	}
	for _, f := range b.Formats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO book_formats (book_id, format, price_cents) VALUES (?, ?, ?)`,
			b.ID, f.Format, f.PriceCents); err != nil {
			return fmt.Errorf("catalog: save format: %w", err)
		}
		for i, file := range f.Files {
			if _, err := tx.ExecContext(ctx, `INSERT INTO book_format_files (book_id, format, position, file_id) VALUES (?, ?, ?, ?)`,
				b.ID, f.Format, i, file.ID); err != nil {
				return fmt.Errorf("catalog: save format file: %w", err)
			}
		}
	}
	return nil
}

// loadFormats reads the formats of one book (id > 0) or of all (0), with
// their files, by book id.
func loadFormats(ctx context.Context, q db.Querier, id int) (map[int][]AdminFormat, error) {
	where, args := "", []any{}
	if id > 0 {
		where, args = " WHERE bf.book_id = ?", []any{id}
	}
	rows, err := q.QueryContext(ctx, `SELECT bf.book_id, bf.format, bf.price_cents, COALESCE(f.id, ''), COALESCE(f.kind, ''),
			COALESCE(f.name, ''), COALESCE(f.size, 0)
		FROM book_formats bf
		LEFT JOIN book_format_files ff ON ff.book_id = bf.book_id AND ff.format = bf.format
		LEFT JOIN files f ON f.id = ff.file_id`+where+` ORDER BY bf.book_id, bf.format, ff.position`, args...)
	if err != nil {
		return nil, fmt.Errorf("catalog: load formats: %w", err)
	}
	defer rows.Close()
	out := map[int][]AdminFormat{}
	for rows.Next() {
		var bookID int
		var af AdminFormat
		var file FormatFile
		if err := rows.Scan(&bookID, &af.Format, &af.PriceCents, &file.ID, &file.Kind, &file.Name, &file.Size); err != nil {
			return nil, err
		}
		list := out[bookID]
		if n := len(list); n == 0 || list[n-1].Format != af.Format {
			af.Files = []FormatFile{}
			list = append(list, af)
		}
		if file.ID != "" {
			list[len(list)-1].Files = append(list[len(list)-1].Files, file)
		}
		out[bookID] = list
	}
	for bookID := range out {
		sortFormats(out[bookID])
	}
	return out, rows.Err()
}

// withFormats puts each book's formats on it.
func withFormats(ctx context.Context, q db.Querier, books []*AdminBook, id int) error {
	all, err := loadFormats(ctx, q, id)
	if err != nil {
		return err
	}
	for _, b := range books {
		b.Formats = all[b.ID]
		if b.Formats == nil {
			b.Formats = []AdminFormat{}
		}
	}
	return nil
}

// Sellable tells whether format f of the book can be delivered now: the
// printed book always, the interactive edition once its storybook is
// published, a file format with its files.
func (b *AdminBook) Sellable(f AdminFormat) bool {
	switch f.Format {
	case formats.Print:
		return true
	case formats.Interactive:
		return b.Storybook
	}
	return len(f.Files) > 0
}

// publicFormats are the formats visitors may buy, in the list's order.
func (b *AdminBook) publicFormats() []Format {
	out := []Format{}
	for _, f := range b.Formats {
		if !b.Sellable(f) {
			continue
		}
		pf := Format{Format: f.Format, PriceCents: f.PriceCents}
		if f.Format == formats.Print {
			in := b.Stock == nil || *b.Stock > 0
			pf.InStock = &in
		}
		out = append(out, pf)
	}
	return out
}

// FileIDs are the files of the book's format, in their order.
func (b *AdminBook) FileIDs(format string) []string {
	f := b.format(format)
	if f == nil {
		return nil
	}
	ids := make([]string, len(f.Files))
	for i, file := range f.Files {
		ids[i] = file.ID
	}
	return ids
}

func sameFormats(a, b []Format) bool {
	return slices.EqualFunc(a, b, func(x, y Format) bool {
		return x.Format == y.Format && x.PriceCents == y.PriceCents && samePointee(x.InStock, y.InStock)
	})
}

// clone is a copy of b whose formats can change without changing b's.
func (b *AdminBook) clone() AdminBook {
	c := *b
	c.Formats = make([]AdminFormat, len(b.Formats))
	for i, f := range b.Formats {
		f.Files = slices.Clone(f.Files)
		c.Formats[i] = f
	}
	return c
}
