package catalog

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bookshop/internal/db"
	"bookshop/internal/formats"
	"bookshop/internal/httpx"
)

// The catalogue as the publisher's spreadsheet: an export of every book and
// an import that creates and updates books from the same columns. An import
// is checked whole before anything is written: a dry run reports each row's
// action and errors; a real import with any error writes nothing, and
// otherwise writes every row in one transaction with one audit entry.

// MaxImportBytes bounds an import's file.
const MaxImportBytes = 2 << 20

const maxImportRows = 10_000

// csvColumns are the columns of the export, named as the JSON fields.
// Prices are dollars, as the editor shows them: price is the printed
// book's, and the digital formats' follow as <format>Price; an empty cell
// is a format the book does not have, price's too: a book sold in digital
// formats alone.
var csvColumns = append([]string{"id", "title", "author", "description", "price", "category", "pages", "isbn",
	"publicationDate", "isNewRelease", "coverImage", "rating", "status", "stock", "ageBand", "slug", "version", "updatedAt"},
	formatPriceColumns...)

var formatPriceColumns = []string{"interactivePrice", "ebookPrice", "audiobookPrice", "printablePrice"}

// centColumns are the price columns of files exported before prices were
// dollars (priceCents, price_<format>), in cents, by the column that took
// their place: an import still reads them.
var centColumns = map[string]string{"price": "priceCents", "interactivePrice": "price_interactive",
	"ebookPrice": "price_ebook", "audiobookPrice": "price_audiobook", "printablePrice": "price_printable"}

// coverColumn is read by an import of a ZIP file alone: the name of the
// book's cover picture in it.
const coverColumn = "cover"

// importColumns are the columns an import reads.
var importColumns = func() []string {
	cols := append(slices.Clone(csvColumns), coverColumn)
	for _, col := range csvColumns {
		if old, ok := centColumns[col]; ok {
			cols = append(cols, old)
		}
	}
	return cols
}()

// ExportBooks serves GET /api/admin/books/export.csv: every book in any
// status, ordered by id, with a header row.
func (s *Service) ExportBooks(w http.ResponseWriter, r *http.Request) error {
	books, err := loadBooks(r.Context(), s.db)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	_ = cw.Write(csvColumns)
	for _, b := range books {
		stock, rating := "", ""
		if b.Stock != nil {
			stock = strconv.Itoa(*b.Stock)
		}
		if b.Rating != nil {
			rating = strconv.FormatFloat(*b.Rating, 'f', -1, 64)
		}
		price := ""
		if p := b.format(formats.Print); p != nil {
			price = centsToDollars(p.PriceCents)
		}
		row := []string{strconv.Itoa(b.ID), b.Title, b.Author, b.Description, price,
			b.Category, strconv.Itoa(b.Pages), b.ISBN, b.PublicationDate, strconv.FormatBool(b.IsNewRelease),
			b.CoverImage, rating, b.Status, stock, b.AgeBand, b.Slug,
			strconv.FormatInt(b.Version, 10), b.UpdatedAt.UTC().Format(time.RFC3339)}
		for _, col := range formatPriceColumns {
			cell := ""
			if f := b.format(strings.TrimSuffix(col, "Price")); f != nil {
				cell = centsToDollars(f.PriceCents)
			}
			row = append(row, cell)
		}
		for i := range row {
			row[i] = escapeCell(row[i])
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="books.csv"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(buf.Bytes())
	return err
}

// formulaStart are the first characters that make a spreadsheet read a
// cell as a formula (OWASP's CSV injection advice), and the apostrophe that
// the export puts before them.
const formulaStart = "=+-@\t\r'"

// escapeCell keeps a spreadsheet from running a cell as a formula: a cell
// that starts like one gets a leading apostrophe, which the import takes off
// again. The scheme is lossless because a cell that already starts with an
// apostrophe gets one too: the import takes one apostrophe off exactly when
// another of formulaStart follows it, which is exactly when the export put
// it there ("'=1+1" is exported "”=1+1" and comes back "'=1+1"; "=1+1"
// goes out "'=1+1" and comes back "=1+1"). A file typed by hand keeps a
// leading apostrophe before anything else ("'tis").
func escapeCell(s string) string {
	if s != "" && strings.ContainsRune(formulaStart, rune(s[0])) {
		return "'" + s
	}
	return s
}

func unescapeCell(s string) string {
	if len(s) >= 2 && s[0] == '\'' && strings.ContainsRune(formulaStart, rune(s[1])) {
		return s[1:]
	}
	return s
}

// ImportRow is one data row's outcome: its line in the file, what the import
// does with it, and its errors by column.
type ImportRow struct {
	Line   int               `json:"line"`
	Action string            `json:"action"` // create, update or unchanged
	ID     int               `json:"id,omitempty"`
	Errors map[string]string `json:"errors"`
	Cover  *RowCover         `json:"cover,omitempty"` // a ZIP file's picture for the book
}

// ImportReport is the response of an import.
type ImportReport struct {
	Rows  []ImportRow `json:"rows"`
	Valid bool        `json:"valid"`
	// Pictures are those of a ZIP file that no row takes.
	Pictures []PictureNote `json:"pictures,omitempty"`
	// Error is set when the import wrote nothing because of errors, so the
	// response also has the API's error shape.
	Error *httpx.Error `json:"error,omitempty"`
}

// ImportBooks serves POST /api/admin/books/import[?dryRun=1] with a text/csv
// body, or a ZIP file of the CSV file and its covers (zipimport.go): rows
// whose id (or else ISBN) names a book update it; others create a book (a
// draft unless the row gives a status). Columns left out of the file are
// left as they are; the version column, when filled, must be the book's
// current version.
func (s *Service) ImportBooks(w http.ResponseWriter, r *http.Request) error {
	a, err := actorOf(r.Context())
	if err != nil {
		return err
	}
	dryRun := false
	switch r.URL.Query().Get("dryRun") {
	case "", "0", "false":
	case "1", "true":
		dryRun = true
	default:
		return httpx.Invalid("dryRun is 1 or 0.", map[string]string{"dryRun": "1 or 0"})
	}
	records, pics, err := s.readImport(w, r, a)
	if err != nil {
		return err
	}
	if dryRun || pics != nil {
		// A ZIP file's pictures are re-encoded, and for a real import
		// stored, before its transaction, as an editor's uploads are
		// before a save: a picture kept for an import then refused stays
		// stored, as an upload whose book is never saved.
		if pics != nil {
			pics.keep = !dryRun
		}
		p, err := s.planImport(r.Context(), s.db, records, pics)
		switch {
		case err != nil:
			return err
		case dryRun:
			return httpx.WriteJSON(w, http.StatusOK, p.report)
		case !p.report.Valid:
			return writeInvalid(w, p.report)
		}
		pics.stored = true // the transaction stores nothing more
	}
	report, err := s.runImport(r.Context(), a, records, pics)
	if errors.Is(err, errImportInvalid) {
		return writeInvalid(w, report)
	}
	if err != nil {
		return err
	}
	s.refreshAfter(r.Context())
	return httpx.WriteJSON(w, http.StatusOK, report)
}

var errImportInvalid = errors.New("catalog: the import has errors")

// runImport plans the import again in its transaction, against the books
// as they are now, and applies it; errImportInvalid, with the report,
// when a row has an error, and nothing is written.
func (s *Service) runImport(ctx context.Context, a actor, records []csvRecord, pics *pictureSet) (ImportReport, error) {
	var report ImportReport
	at := s.now()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		p, err := s.planImport(ctx, tx, records, pics)
		if err != nil {
			return err
		}
		report = p.report
		if !report.Valid {
			return errImportInvalid
		}
		return s.applyImport(ctx, tx, a, p, at)
	})
	return report, err
}

// writeInvalid answers an import with errors: nothing was written.
func writeInvalid(w http.ResponseWriter, report ImportReport) error {
	report.Error = httpx.Invalid("The file has errors: nothing was imported. Fix the rows listed and import it again.", nil)
	return httpx.WriteJSON(w, http.StatusBadRequest, report)
}

// readImport reads the request's rows, and a ZIP file's pictures (nil
// for a CSV file).
func (s *Service) readImport(w http.ResponseWriter, r *http.Request, a actor) ([]csvRecord, *pictureSet, error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if !slices.Contains(zipMediaTypes, mt) {
		records, err := readCSV(w, r)
		return records, nil, err
	}
	z, err := readZip(w, r)
	if err != nil {
		return nil, nil, err
	}
	records, err := parseCSV(z.csv, z.csvName)
	if err != nil {
		return nil, nil, err
	}
	return records, &pictureSet{z: z, store: s.covers, actorID: a.id, done: map[string]pictureResult{}}, nil
}

// csvRecord is one data row and its line in the file.
type csvRecord struct {
	line   int
	fields map[string]string // by column name
}

// readCSV reads the file: UTF-8, a header row of known column names, and at
// most maxImportRows rows. A file that cannot be read at all is a 4xx.
func readCSV(w http.ResponseWriter, r *http.Request) ([]csvRecord, error) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || (mt != "text/csv" && mt != "application/csv") {
		return nil, httpx.Errorf(httpx.CodeUnsupported, "Send the file as text/csv, or a ZIP file of it and its covers as application/zip.")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxImportBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, httpx.Errorf(httpx.CodeTooLarge, "The file is larger than 2 MB. Import it in parts.")
	}
	if err != nil {
		return nil, httpx.Errorf(httpx.CodeInvalid, "The file could not be read.")
	}
	return parseCSV(body, "")
}

// parseCSV reads a CSV file's rows; name is its name in a ZIP file, which
// its problems start with.
func parseCSV(body []byte, name string) ([]csvRecord, error) {
	body = bytes.TrimPrefix(body, []byte("\ufeff")) // a spreadsheet's byte order mark
	fileErr := func(msg string) error {
		if name != "" {
			msg = name + ": " + msg
		}
		return fileError(msg)
	}
	if !utf8.Valid(body) {
		return nil, fileErr("The file is not UTF-8 text. Save it as CSV UTF-8.")
	}
	cr := csv.NewReader(bytes.NewReader(body))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, fileErr("The file is empty: it needs a header row of column names.")
	}
	if err != nil {
		return nil, fileErr("The file is not valid CSV: " + csvProblem(err))
	}
	seen := map[string]bool{}
	for i, name := range header {
		name = strings.TrimSpace(name)
		header[i] = name
		switch {
		case !slices.Contains(importColumns, name):
			return nil, fileErr(fmt.Sprintf("Unknown column %q in the header row. The columns are: %s.", truncate(name, 40), strings.Join(append(slices.Clone(csvColumns), coverColumn), ", ")))
		case seen[name]:
			return nil, fileErr(fmt.Sprintf("The column %q appears twice in the header row.", name))
		}
		seen[name] = true
	}
	for col, old := range centColumns {
		if seen[col] && seen[old] {
			return nil, fileErr(fmt.Sprintf("The header row has both %s (in dollars) and %s (in cents): keep one.", col, old))
		}
	}
	var records []csvRecord
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fileErr("The file is not valid CSV: " + csvProblem(err))
		}
		line, _ := cr.FieldPos(0)
		if len(row) == 1 && strings.TrimSpace(row[0]) == "" {
			continue // a blank line
		}
		if len(records) == maxImportRows {
			return nil, fileErr("The file has more than 10,000 rows. Import it in parts.")
		}
		rec := csvRecord{line: line, fields: map[string]string{}}
		if len(row) != len(header) {
			rec.fields["\x00columns"] = fmt.Sprintf("This row has %d cells; the header has %d.", len(row), len(header))
		}
		for i, v := range row {
			if i < len(header) {
				rec.fields[header[i]] = unescapeCell(v)
			}
		}
		records = append(records, rec)
	}
	return records, nil
}

func csvProblem(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("line %d: %v.", pe.Line, pe.Err)
	}
	return err.Error()
}

// importPlan is what an import would write.
type importPlan struct {
	report  ImportReport
	creates []*AdminBook
	updates []*AdminBook // with the version they were read at
	before  map[int]*AdminBook
}

// planImport checks every row against the catalogue as q reads it and
// against the other rows (an ISBN or a slug given twice).
func (s *Service) planImport(ctx context.Context, q db.Querier, records []csvRecord, pics *pictureSet) (*importPlan, error) {
	books, err := loadBooks(ctx, q)
	if err != nil {
		return nil, err
	}
	cats, err := loadCategories(ctx, q)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, c := range cats {
		known[c.ID] = true
	}
	byID := map[int]*AdminBook{}
	isbnOwner, slugOwner := map[string]int{}, map[string]int{} // what the catalogue will hold: -line for new rows
	for _, b := range books {
		byID[b.ID] = b
		if b.ISBN != "" {
			isbnOwner[isbnDigits(b.ISBN)] = b.ID
		}
		slugOwner[b.Slug] = b.ID
	}
	p := &importPlan{report: ImportReport{Rows: []ImportRow{}, Valid: true}, before: map[int]*AdminBook{}}
	used := map[string]bool{}
	for _, rec := range records {
		row, b := planRow(rec, byID, isbnOwner)
		if err := applyFormatPrices(ctx, q, rec.fields, b, row.Errors); err != nil {
			return nil, err
		}
		if pics != nil {
			if err := pics.pictureFor(ctx, rec.fields, b, &row, used); err != nil {
				return nil, err
			}
		} else if strings.TrimSpace(rec.fields[coverColumn]) != "" {
			row.Errors[coverColumn] = "Import a ZIP file of this CSV file and its pictures to give books their covers."
		}
		if row.Action != "create" { // a price of a format may be the row's one change
			row.Action = map[bool]string{true: "unchanged", false: "update"}[sameStored(b, byID[b.ID])]
		}
		if row.Action == "create" && rec.fields["slug"] == "" && b.Title != "" {
			b.Slug = freeSlugIn(Slugify(b.Title), slugOwner)
		}
		check(b, row.Errors)
		if row.Cover == nil { // a ZIP file's picture is stored with the import, not yet in a dry run
			if err := s.checkCover(ctx, b, row.Errors); err != nil {
				return nil, err
			}
		}
		if _, bad := row.Errors["category"]; !bad && !known[b.Category] {
			row.Errors["category"] = "Choose one of the categories."
		}
		owner := b.ID
		if row.Action == "create" {
			owner = -rec.line
		}
		claim := func(field string, owners map[string]int, key string) {
			if _, bad := row.Errors[field]; bad || key == "" {
				return
			}
			if other, taken := owners[key]; taken && other != owner {
				if other < 0 {
					row.Errors[field] = fmt.Sprintf("Line %d has the same %s.", -other, field)
				} else {
					row.Errors[field] = fmt.Sprintf("Another book has this %s: %s.", field, byID[other].Title)
				}
				return
			}
			owners[key] = owner
		}
		claim("isbn", isbnOwner, isbnDigits(b.ISBN))
		claim("slug", slugOwner, b.Slug)
		switch {
		case len(row.Errors) > 0:
			p.report.Valid = false
		case row.Action == "create":
			p.creates = append(p.creates, b)
		case row.Action == "update":
			p.before[b.ID] = byID[b.ID]
			p.updates = append(p.updates, b)
		}
		p.report.Rows = append(p.report.Rows, row)
	}
	if pics != nil {
		p.report.Pictures = pics.unused(used)
	}
	return p, nil
}

// planRow reads one row onto the book it names (a copy) or onto a new
// draft, and tells the action.
func planRow(rec csvRecord, byID map[int]*AdminBook, isbnOwner map[string]int) (ImportRow, *AdminBook) {
	row := ImportRow{Line: rec.line, Action: "create", Errors: map[string]string{}}
	f := rec.fields
	if msg, ok := f["\x00columns"]; ok {
		row.Errors["row"] = msg
	}
	var base *AdminBook
	if raw := strings.TrimSpace(f["id"]); raw != "" {
		id, err := strconv.Atoi(raw)
		if base = byID[id]; err != nil || base == nil {
			row.Errors["id"] = "No book has this id. Leave it empty to create a book."
		}
	} else if digits := isbnDigits(normalizeISBN(f["isbn"])); digits != "" {
		if id, ok := isbnOwner[digits]; ok {
			base = byID[id]
		}
	}
	b := &AdminBook{Status: StatusDraft}
	if base != nil {
		copied := base.clone()
		b = &copied
		row.Action, row.ID = "update", base.ID
		if raw, ok := f["version"]; ok && strings.TrimSpace(raw) != "" {
			if v, err := strconv.ParseInt(strings.TrimSpace(raw), 10, 64); err != nil || v != base.Version {
				row.Errors["version"] = fmt.Sprintf("This book was saved since this file was exported (it is at version %d). Export again, or clear the version to overwrite.", base.Version)
			}
		}
	}
	in := rowInput(f, row.Errors)
	// An empty price is a book without print (its digital formats'
	// prices follow in their columns; applyFormatPrices checks one is left).
	noPrint := in.PriceCents != nil && *in.PriceCents == ""
	if noPrint {
		in.PriceCents = nil
	}
	in.apply(b, row.Errors)
	if noPrint {
		b.Formats = slices.DeleteFunc(b.Formats, func(af AdminFormat) bool { return af.Format == formats.Print })
	}
	if base != nil && sameStored(b, base) {
		row.Action = "unchanged"
	}
	return row, b
}

// rowInput reads a row's cells as the JSON form reads a body: a column left
// out keeps the field as it is; an empty stock cell is untracked, an empty
// rating cell no rating.
func rowInput(f map[string]string, errs map[string]string) bookInput {
	var in bookInput
	text := func(name string) *string {
		if v, ok := f[name]; ok {
			return &v
		}
		return nil
	}
	number := func(name string) *json.Number {
		if v, ok := f[name]; ok {
			n := json.Number(strings.TrimSpace(v))
			return &n
		}
		return nil
	}
	in.Title, in.Author, in.Description = text("title"), text("author"), text("description")
	in.Category, in.ISBN, in.PublicationDate = text("category"), text("isbn"), text("publicationDate")
	in.CoverImage, in.Status, in.AgeBand, in.Slug = text("coverImage"), text("status"), text("ageBand"), text("slug")
	in.Pages = number("pages")
	if cents, has, col, problem := priceCell(f, "price"); problem != "" {
		errs[col] = problem
	} else if has {
		n := json.Number("") // empty: not sold in print
		if cents > 0 {
			n = json.Number(strconv.FormatInt(cents, 10))
		}
		in.PriceCents = &n
	}
	if v, ok := f["rating"]; ok { // empty: not rated
		in.Rating = nullable{Set: true, Null: strings.TrimSpace(v) == "", N: json.Number(strings.TrimSpace(v))}
	}
	if v, ok := f["isNewRelease"]; ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true", "1", "yes":
			t := true
			in.IsNewRelease = &t
		case "false", "0", "no", "":
			f := false
			in.IsNewRelease = &f
		default:
			errs["isNewRelease"] = "Write true or false."
		}
	}
	if v, ok := f["stock"]; ok {
		in.Stock = nullable{Set: true, Null: strings.TrimSpace(v) == "", N: json.Number(strings.TrimSpace(v))}
	}
	for name, v := range f {
		if httpx.HasControl(v) {
			errs[name] = "Must not contain control characters."
		}
	}
	return in
}

// sameStored tells whether saving b would change nothing of stored.
func sameStored(b, stored *AdminBook) bool {
	x, y := *b, *stored
	x.Version, x.UpdatedAt, y.Version, y.UpdatedAt = 0, time.Time{}, 0, time.Time{}
	return reflect.DeepEqual(x, y)
}

// freeSlugIn is base or base-2, ... whichever owners does not hold yet.
func freeSlugIn(base string, owners map[string]int) string {
	for n := 1; ; n++ {
		slug := base
		if n > 1 {
			slug = base + "-" + strconv.Itoa(n)
		}
		if _, taken := owners[slug]; !taken {
			return slug
		}
	}
}

// applyImport writes a valid plan, with one audit entry for the import.
func (s *Service) applyImport(ctx context.Context, tx *db.Tx, a actor, p *importPlan, at time.Time) error {
	created, updated := []int{}, []int{}
	for _, b := range p.creates {
		if err := insertBook(ctx, tx, b, at); err != nil {
			return err
		}
		created = append(created, b.ID)
	}
	for _, b := range p.updates {
		ok, err := saveBook(ctx, tx, b, at)
		if err != nil {
			return err
		}
		if !ok { // cannot happen: the plan read the book in this transaction
			return httpx.Errorf(httpx.CodeConflict, "A book changed during the import. Import the file again.")
		}
		if err := s.dateSaved(ctx, tx, b); err != nil {
			return err
		}
		updated = append(updated, b.ID)
	}
	next := 0
	for i, row := range p.report.Rows { // the ids of the created books, in the rows' order
		if row.Action == "create" {
			p.report.Rows[i].ID = created[next]
			next++
		}
	}
	if len(created)+len(updated) == 0 {
		return nil
	}
	after := map[string]any{"created": created, "updated": updated, "rows": len(p.report.Rows)}
	covered := 0
	for _, row := range p.report.Rows {
		if row.Cover != nil {
			covered++
		}
	}
	if covered > 0 {
		after["covers"] = covered
	}
	return s.recordChange(ctx, tx, a.entry("catalog.import", "catalog", "books", nil, after, at))
}

// applyFormatPrices reads the <format>Price cells of a row onto b: a
// price sets the format's (an interactive edition may be added to a book
// with a storybook; a file format is added in the book editor, with its
// files), an empty cell removes the format. A file without the columns
// leaves the formats as they are.
func applyFormatPrices(ctx context.Context, q db.Querier, f map[string]string, b *AdminBook, errs map[string]string) error {
	for _, col := range formatPriceColumns {
		n, has, bad, problem := priceCell(f, col)
		if problem != "" {
			errs[bad] = problem
		}
		if !has || problem != "" {
			continue
		}
		format := strings.TrimSuffix(col, "Price")
		if _, ok := f[col]; !ok {
			col = centColumns[col] // an old file's: its errors go under its own column
		}
		if n == 0 {
			b.Formats = slices.DeleteFunc(b.Formats, func(af AdminFormat) bool { return af.Format == format })
			continue
		}
		if cur := b.format(format); cur != nil {
			cur.PriceCents = n
			continue
		}
		if format != formats.Interactive {
			errs[col] = "Add the " + formats.Word(format) + " and its files in the book editor; the file sets only its price."
			continue
		}
		has, err := hasStorybook(ctx, q, b.ID)
		if err != nil {
			return err
		}
		if !has {
			errs[col] = "This book has no storybook yet: write or import it in Storybooks first."
			continue
		}
		b.Formats = append(b.Formats, AdminFormat{Format: format, PriceCents: n, Files: []FormatFile{}})
		sortFormats(b.Formats)
	}
	if len(b.Formats) == 0 {
		errs["price"] = "A book needs at least one format: give it a price."
	} else if b.format(formats.Print) == nil {
		b.PriceCents = lowestPrice(b.Formats) // as a PATCH of formats without print sets it
	}
	return nil
}

// dollarMessage is the refusal of a price in dollars.
const dollarMessage = "Enter the price in dollars, such as 12.99: from 0.01 to 1000."

// priceCell reads the price in dollars of column col, or else of its old
// column in cents (centColumns): whether the file has either, the price
// in cents (0 for an empty cell: no such format), and a problem under the
// name of the column that has it.
func priceCell(f map[string]string, col string) (cents int64, has bool, bad, problem string) {
	raw, ok := f[col]
	parse, message := parseDollars, dollarMessage
	if !ok {
		bad = centColumns[col]
		if raw, ok = f[bad]; !ok {
			return 0, false, "", ""
		}
		parse, message = parseCents, priceMessage
	} else {
		bad = col
	}
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return 0, true, "", ""
	}
	cents, valid := parse(raw)
	if !valid || cents < 1 || cents > maxPriceCents {
		return 0, true, bad, message
	}
	return cents, true, "", ""
}

// dollarAmount is how a spreadsheet may write dollars: 12.99, 12.9, 12,
// $12.99 or 1,000.00; never more than two decimals.
var dollarAmount = regexp.MustCompile(`^\$?(\d{1,7}|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$`)

func parseDollars(raw string) (int64, bool) {
	m := dollarAmount.FindStringSubmatch(raw)
	if m == nil || len(m[1]) > 9 {
		return 0, false
	}
	whole, err := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
	if err != nil {
		return 0, false
	}
	frac, _ := strconv.ParseInt((m[2] + "00")[:2], 10, 64)
	return whole*100 + frac, true
}

func parseCents(raw string) (int64, bool) {
	n, err := strconv.ParseInt(raw, 10, 64)
	return n, err == nil
}

// centsToDollars writes a price as the editor shows it: 1299 is 12.99.
func centsToDollars(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }
