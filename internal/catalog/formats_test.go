package catalog_test

import (
	"context"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// testPDF is the smallest file the files store takes as a PDF.
const testPDF = "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

// uploadFile has the editor upload data as name; it returns the file's id.
func uploadFile(t *testing.T, e *apitest.Env, name, data string) string {
	t.Helper()
	e.Staff("editor", auth.RoleEditor)
	return e.Request("POST", "/api/admin/files?name="+name, data, "editor",
		map[string]string{"Content-Type": "application/octet-stream"}).Expect(t, http.StatusCreated).JSON(t)["id"].(string)
}

// formatsBody is a PATCH of book 3's formats at version 1.
func formatsBody(formats ...map[string]any) map[string]any {
	return map[string]any{"version": 1, "formats": formats}
}

func fmtOf(format string, cents int, files ...string) map[string]any {
	if files == nil {
		files = []string{}
	}
	return map[string]any{"format": format, "priceCents": cents, "files": files}
}

func TestBookFormats(t *testing.T) {
	mp3, err := os.ReadFile("../media/testdata/tone.mp3")
	if err != nil {
		t.Fatal(err)
	}
	withPDF := func(t *testing.T, e *apitest.Env) {
		e.Vars["pdf"] = uploadFile(t, e, "story.pdf", testPDF)
		e.Vars["mp3"] = uploadFile(t, e, "01.mp3", string(mp3))
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "Our First Adventure is for sale in print and as its interactive edition", Method: "GET", URL: "/api/books/3",
			ExpectedStatus: 200, ExpectedContent: []string{`"priceCents":1999`,
				`"formats":[{"format":"print","priceCents":1999,"inStock":true},{"format":"interactive","priceCents":699}]`}},
		{Name: "every book of the list carries its formats", Method: "GET", URL: "/api/books",
			ExpectedStatus: 200, ExpectedContent: []string{`"formats":[{"format":"print","priceCents":1499,"inStock":true}]`}},
		{Name: "the admin book has each format's files", Method: "GET", URL: "/api/admin/books/3", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("editor", auth.RoleEditor) }, ExpectedStatus: 200,
			ExpectedContent: []string{`"formats":[{"format":"print","priceCents":1999,"files":[]},{"format":"interactive","priceCents":699,"files":[]}]`}},
		{Name: "a PATCH of formats is seen at once by visitors, with a new ETag", Method: "GET", URL: "/api/books/3",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withPDF(t, e)
				e.Vars["etag"] = e.Do("GET", "/api/books/3", nil, "").Expect(t, 200).Header.Get("ETag")
				res := e.Do("PATCH", "/api/admin/books/3", formatsBody(fmtOf("audiobook", 899, e.Vars["mp3"]), fmtOf("print", 1899),
					fmtOf("ebook", 499, e.Vars["pdf"]), fmtOf("interactive", 699)), "editor").Expect(t, 200)
				if !strings.Contains(res.Body, `{"format":"ebook","priceCents":499,"files":[{"id":"`+e.Vars["pdf"]+`","kind":"pdf","name":"story.pdf","size":`) {
					t.Errorf("PATCH: %s", res.Body)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"priceCents":1899`, `"formats":[{"format":"print","priceCents":1899,"inStock":true},` +
				`{"format":"interactive","priceCents":699},{"format":"ebook","priceCents":499},{"format":"audiobook","priceCents":899}]`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if res.Header.Get("ETag") == e.Vars["etag"] {
					t.Error("the ETag did not change")
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'book.update' AND entity_id = '3'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
			}},
		{Name: "an interactive edition needs the book's storybook", Method: "PATCH", URL: "/api/admin/books/1", As: "editor",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("editor", auth.RoleEditor) },
			Body:           map[string]any{"version": 1, "formats": []any{fmtOf("print", 1499), fmtOf("interactive", 599)}},
			ExpectedStatus: 400, ExpectedContent: []string{`"formats.interactive":"This book has no storybook yet`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM book_formats WHERE book_id = 1`); n != 1 {
					t.Errorf("%d formats", n)
				}
			}},
		{Name: "a save of formats over a newer version is a 409 and changes nothing", Method: "PATCH", URL: "/api/admin/books/3", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("editor", auth.RoleEditor)
				e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": 1, "priceCents": 1899}, "editor").Expect(t, 200)
			},
			Body:           formatsBody(fmtOf("print", 1999), fmtOf("interactive", 999)),
			ExpectedStatus: 409, ExpectedContent: []string{"Someone else saved this book"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT price_cents FROM book_formats WHERE book_id = 3 AND format = 'interactive'`); n != 699 {
					t.Errorf("interactive at %d", n)
				}
				if n := e.Count(`SELECT price_cents FROM book_formats WHERE book_id = 3 AND format = 'print'`); n != 1899 {
					t.Errorf("the old priceCents moved print to %d", n)
				}
			}},
		{Name: "the CSV carries each format's price both ways", Method: "GET", URL: "/api/books/3",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("editor", auth.RoleEditor)
				rows := exported(t, e)
				col := map[string]int{}
				for i, name := range rows[0] {
					col[name] = i
				}
				if rows[3][col["interactivePrice"]] != "6.99" || rows[3][col["ebookPrice"]] != "" {
					t.Fatalf("book 3's row: %v", rows[3])
				}
				rows[3][col["interactivePrice"]] = "7.99"
				e.Request("POST", importURL, toCSV(rows[:4]), "editor", csvHeader).Expect(t, 200)
				// A price for a file format the book lacks names its column.
				rows[3][col["ebookPrice"]], rows[3][col["version"]] = "3.99", ""
				bad := e.Request("POST", importURL, toCSV(rows[:4]), "editor", csvHeader).Expect(t, 400)
				if !strings.Contains(bad.Body, `"ebookPrice":"Add the E-book and its files in the book editor`) {
					t.Errorf("import with an e-book price: %s", bad.Body)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`{"format":"interactive","priceCents":799}`}},
		{Name: "a book sold in digital formats alone has no print, and the CSV keeps it so", Method: "GET", URL: "/api/books/3",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withPDF(t, e)
				body := formatsBody(fmtOf("interactive", 699), fmtOf("ebook", 499, e.Vars["pdf"]))
				body["stock"] = 0 // no print: nothing runs out
				e.Do("PATCH", "/api/admin/books/3", body, "editor").Expect(t, 200)
				rows := exported(t, e)
				col := map[string]int{}
				for i, name := range rows[0] {
					col[name] = i
				}
				if rows[3][col["price"]] != "" || rows[3][col["ebookPrice"]] != "4.99" {
					t.Fatalf("book 3's row: %v", rows[3])
				}
				res := e.Request("POST", importURL, toCSV(rows), "editor", csvHeader).Expect(t, 200)
				if strings.Contains(res.Body, `"action":"update"`) {
					t.Errorf("importing the export changes a book: %s", res.Body)
				}
				// A row without print nor any digital price is refused.
				rows[3][col["interactivePrice"]], rows[3][col["ebookPrice"]] = "", ""
				bad := e.Request("POST", importURL, toCSV(rows[:4]), "editor", csvHeader).Expect(t, 400)
				if !strings.Contains(bad.Body, `"price":"A book needs at least one format: give it a price."`) {
					t.Errorf("import of a book without formats: %s", bad.Body)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"priceCents":499,`, `"inStock":true`, `"formats":[{"format":"interactive","priceCents":699},{"format":"ebook","priceCents":499}]`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM book_formats WHERE book_id = 3 AND format = 'print'`); n != 0 {
					t.Error("the import gave the book a print format")
				}
				// Print comes back with a price in dollars.
				rows := exported(t, e)
				rows[3][slices.Index(rows[0], "price")] = "19.99"
				e.Request("POST", importURL, toCSV(rows[:4]), "editor", csvHeader).Expect(t, 200)
				if n := e.Count(`SELECT price_cents FROM book_formats WHERE book_id = 3 AND format = 'print'`); n != 1999 {
					t.Errorf("print at %d", n)
				}
			}},
	})
}

// TestFormatsRefused sends PATCHes of book 3's formats that are refused
// with a 400 naming the field, and change nothing.
func TestFormatsRefused(t *testing.T) {
	mp3, err := os.ReadFile("../media/testdata/tone.mp3")
	if err != nil {
		t.Fatal(err)
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		pdf, audio := uploadFile(t, e, "story.pdf", testPDF), uploadFile(t, e, "01.mp3", string(mp3))
		print := fmtOf("print", 1999)
		for _, c := range []struct {
			name    string
			formats []map[string]any
			want    string
		}{
			{"an unknown file", []map[string]any{print, fmtOf("ebook", 499, "nope")}, `"formats.ebook.files":"No uploaded file has the id \"nope\"."`},
			{"an audio file as an e-book", []map[string]any{print, fmtOf("ebook", 499, audio)}, `"formats.ebook.files":"The E-book takes epub or pdf files, not audio (01.mp3)."`},
			{"an audio file as a printable", []map[string]any{print, fmtOf("printable", 299, audio)}, `"formats.printable.files":"The Printable takes pdf files`},
			{"a PDF as an audiobook", []map[string]any{print, fmtOf("audiobook", 299, pdf)}, `"formats.audiobook.files":"The Audiobook takes audio files`},
			{"an e-book without its file", []map[string]any{print, fmtOf("ebook", 499)}, `"formats.ebook.files":"Upload the E-book's file first."`},
			{"files on print", []map[string]any{fmtOf("print", 1999, pdf)}, `"formats.print.files":"The Print format has no files."`},
			{"a negative price", []map[string]any{print, fmtOf("interactive", -5)}, `"formats.interactive.priceCents":"Enter the price in cents`},
			{"a price that is not a number", []map[string]any{print, {"format": "ebook", "priceCents": "4.99", "files": []string{pdf}}}, `"formats.ebook.priceCents"`},
			{"an unknown format", []map[string]any{fmtOf("vinyl", 1999)}, `"formats":"Unknown format \"vinyl\"`},
			{"a format twice", []map[string]any{print, print}, `"formats":"Each format may be listed once`},
			{"no format", []map[string]any{}, `"formats":"A book needs at least one format."`},
		} {
			res := e.Do("PATCH", "/api/admin/books/3", formatsBody(c.formats...), "editor").Expect(t, 400)
			if !strings.Contains(res.Body, c.want) {
				t.Errorf("%s: %s", c.name, res.Body)
			}
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM book_formats WHERE book_id = 3`).Scan(&n); err != nil || n != 2 {
			t.Errorf("book 3 has %d formats (%v)", n, err)
		}
	})
}
