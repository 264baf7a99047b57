package catalog_test

import (
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

const importURL = "/api/admin/books/import"

// exported is the export's file, read back.
func exported(t *testing.T, e *apitest.Env) [][]string {
	t.Helper()
	r := e.Do("GET", "/api/admin/books/export.csv", nil, "editor").Expect(t, 200)
	rows, err := csv.NewReader(strings.NewReader(r.Body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func toCSV(rows [][]string) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	_ = w.WriteAll(rows)
	return b.String()
}

// untouched checks that an import wrote nothing.
func untouched(t *testing.T, e *apitest.Env, _ *apitest.Response) {
	t.Helper()
	if n := e.Count(`SELECT COUNT(*) FROM books`); n != 10 {
		t.Errorf("%d books, want the 10", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM books WHERE version <> 1`); n != 0 {
		t.Errorf("%d books changed", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM audit_log`); n != 0 {
		t.Errorf("%d audit entries", n)
	}
}

const newRow = "title,author,priceCents,category,pages,isbn,publicationDate,coverImage,status,stock,ageBand\n" +
	"Owl Goes to School,Mina Park,1350,children,32,978-1-915842-11-4,2026-02-02,/covers/owl.webp,published,12,4-6\n"

func TestCSVExportAndImport(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "the export has every book, every field, and no formulas", Method: "GET", URL: "/api/admin/books/export.csv", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Do("PATCH", "/api/admin/books/2", map[string]any{"version": 1, "title": "=HYPERLINK(\"x\")", "stock": 4}, "editor").Expect(t, 200)
			},
			ExpectedStatus: 200,
			ExpectedHeaders: map[string]string{"Content-Type": "text/csv; charset=utf-8",
				"Content-Disposition": `attachment; filename="books.csv"`},
			ExpectedContent: []string{
				"id,title,author,description,price,category,pages,isbn,publicationDate,isNewRelease,coverImage,rating,status,stock,ageBand,slug,version,updatedAt,interactivePrice,ebookPrice,audiobookPrice,printablePrice\n",
				`2,"'=HYPERLINK(""x"")",Priya Raman,`, ",12.99,non-fiction,28,978-1-915842-02-2,2023-03-21,false,/covers/book-2.svg,4.6,published,4,4–6,nainni-counts-the-carrots,2,2026-06-01T12:00:00Z,,,,\n",
				"our-first-adventure,1,", "Z,6.99,,,\n",
				",published,,4–6,siso-and-the-stripe-that-got-away,1,"}},
		{Name: "a dry run reports each row and writes nothing", Method: "POST", URL: importURL + "?dryRun=1", As: "editor", Headers: csvHeader,
			BeforeTest: asEditor,
			Body: "id,title,author,priceCents,category,pages,isbn,publicationDate,coverImage,status,stock,ageBand\n" +
				"1,Siso and the Stripe That Got Away,Amara Okafor,1599,fiction,32,978-1-915842-01-5,2025-09-12,/covers/book-1.svg,published,,4–6\n" +
				"2,Nainni Counts the Carrots,Priya Raman,1299,non-fiction,28,9781915842022,2023-03-21,/covers/book-2.svg,published,,4-6\n" +
				",Owl Goes to School,Mina Park,1350,children,32,978-1-915842-11-4,2026-02-02,/covers/owl.webp,published,12,4-6\n",
			ExpectedStatus: 200,
			ExpectedContent: []string{`"valid":true`, `{"line":2,"action":"update","id":1,"errors":{}}`,
				`{"line":4,"action":"create","errors":{}}`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				// Book 2's ISBN without its hyphens and its age band with a
				// hyphen are the same values: nothing to change.
				if !strings.Contains(res.Body, `{"line":3,"action":"unchanged","id":2,"errors":{}}`) {
					t.Errorf("line 3: %s", res.Body)
				}
				untouched(t, e, res)
			}},
		{Name: "the import writes every row in one go, versions move, one audit entry", Method: "POST", URL: importURL, As: "editor", Headers: csvHeader,
			BeforeTest:     asEditor,
			Body:           "id,priceCents,stock\n1,1599,\n3,2099,8\n" + "\n",
			ExpectedStatus: 200, ExpectedContent: []string{`"valid":true`, `{"line":2,"action":"update","id":1,"errors":{}}`, `{"line":3,"action":"update","id":3,"errors":{}}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM books WHERE (id = 1 AND price_cents = 1599 AND stock IS NULL AND version = 2)
					OR (id = 3 AND price_cents = 2099 AND stock = 8 AND version = 2)`); n != 2 {
					t.Error("the rows were not written")
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'catalog.import' AND after_json LIKE '%"updated":[1,3]%'`); n != 1 {
					t.Errorf("%d import audit entries", n)
				}
				if r := e.Do("GET", "/api/books/3", nil, ""); !strings.Contains(r.Body, `"priceCents":2099`) {
					t.Errorf("the public book after the import: %s", r.Body)
				}
			}},
		{Name: "an import creates books, matched by ISBN next time", Method: "POST", URL: importURL, As: "editor", Headers: csvHeader,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Request("POST", importURL, newRow, "editor", csvHeader).Expect(t, 200)
			},
			Body:           strings.Replace(newRow, ",12,", ",20,", 1),
			ExpectedStatus: 200, ExpectedContent: []string{`{"line":2,"action":"update","id":11,"errors":{}}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM books WHERE id = 11 AND slug = 'owl-goes-to-school' AND stock = 20 AND age_band = '4–6' AND status = 'published'`); n != 1 {
					t.Error("the created book is not as the file says")
				}
				if r := e.Do("GET", "/api/books/owl-goes-to-school", nil, ""); !strings.Contains(r.Body, `"title":"Owl Goes to School"`) {
					t.Errorf("the new book's public page: %s", r.Body)
				}
			}},
		{Name: "a file with errors writes nothing and names each row's errors", Method: "POST", URL: importURL, As: "editor", Headers: csvHeader,
			BeforeTest: asEditor,
			Body: "id,title,priceCents,category,isbn,version\n" +
				"1,Fine Title,1599,fiction,,\n" +
				"2,,abc,cooking,978-1-915842-02-3,\n" +
				"99,X,100,fiction,,\n" +
				"4,Y,100,mystery,978-1-915842-01-5,7\n",
			ExpectedStatus: 400,
			ExpectedContent: []string{`"valid":false`, `"code":"invalid"`,
				`{"line":2,"action":"update","id":1,"errors":{"isbn":"A published book needs its ISBN-13."}}`,
				`"title":"Enter the title."`, `"priceCents":"Enter the price in cents: a whole number from 1 to 100000 ($1,000)."`,
				`"category":"Choose one of the categories."`, `"isbn":"This ISBN's check digit is wrong: check the number."`,
				`"id":"No book has this id. Leave it empty to create a book."`,
				`"version":"This book was saved since this file was exported (it is at version 1). Export again, or clear the version to overwrite."`,
				`"isbn":"Another book has this isbn: Siso and the Stripe That Got Away."`},
			AfterTest: untouched},
		{Name: "the same ISBN twice in the file is an error", Method: "POST", URL: importURL + "?dryRun=1", As: "editor", Headers: csvHeader,
			BeforeTest: asEditor, Body: newRow + strings.Replace(strings.SplitN(newRow, "\n", 2)[1], "Owl", "Owl Again", 1),
			ExpectedStatus: 200, ExpectedContent: []string{`"valid":false`, `"isbn":"Line 2 has the same isbn."`},
			AfterTest: untouched},
		{Name: "exporting and importing the same file changes nothing", Method: "GET", URL: "/api/admin/books/export.csv", As: "editor",
			BeforeTest: asEditor, ExpectedStatus: 200, ExpectedContent: []string{"id,title,author"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				r := e.Request("POST", importURL, res.Body, "editor", csvHeader).Expect(t, 200)
				if !strings.Contains(r.Body, `{"line":11,"action":"unchanged","id":10,"errors":{}}`) ||
					strings.Contains(r.Body, `"action":"update"`) || strings.Contains(r.Body, `"action":"create"`) {
					t.Errorf("the import of the export: %s", r.Body)
				}
				untouched(t, e, r)
			}},
		{Name: "an unknown column is refused", Method: "POST", URL: importURL, As: "editor", Headers: csvHeader, BeforeTest: asEditor,
			Body: "id,colour\n1,red\n", ExpectedStatus: 400, ExpectedContent: []string{`"file":"Unknown column \"colour\" in the header row.`}},
		{Name: "a broken CSV is refused", Method: "POST", URL: importURL, As: "editor", Headers: csvHeader, BeforeTest: asEditor,
			Body: "id,title\n1,\"open quote\n", ExpectedStatus: 400, ExpectedContent: []string{`"file":"The file is not valid CSV`}},
		{Name: "an empty file is refused", Method: "POST", URL: importURL, As: "editor", Headers: csvHeader, BeforeTest: asEditor,
			Body: "", ExpectedStatus: 400, ExpectedContent: []string{`"file":"The file is empty: it needs a header row of column names."`}},
		{Name: "a file that is not CSV is refused", Method: "POST", URL: importURL, As: "editor", BeforeTest: asEditor,
			Body: map[string]any{"id": 1}, ExpectedStatus: 415, ExpectedContent: []string{"Send the file as text/csv, or a ZIP file of it and its covers as application/zip."}},
		{Name: "a file over 2 MB is refused", Method: "POST", URL: importURL + "?dryRun=1", As: "editor", Headers: csvHeader, BeforeTest: asEditor,
			Body: "id,description\n1," + strings.Repeat("a", 2<<20) + "\n", ExpectedStatus: 413, ExpectedContent: []string{`"code":"too_large"`}},
		{Name: "a file of 1.5 MB is read (more than other requests may send)", Method: "POST", URL: importURL + "?dryRun=1", As: "editor",
			Headers: csvHeader, BeforeTest: asEditor, Body: bigFile(300), ExpectedStatus: 200,
			ExpectedContent: []string{`"valid":true`, `{"line":301,"action":"create","errors":{}}`}},
	})
}

// bigFile is n new drafts with long descriptions.
func bigFile(n int) string {
	var b strings.Builder
	b.WriteString("title,author,description,priceCents,category,pages,publicationDate\n")
	for i := range n {
		fmt.Fprintf(&b, "Long Book %d,Ann Author,%s,1000,fiction,10,2026-01-01\n", i, strings.Repeat("x", 4990))
	}
	return b.String()
}

// Issue 38 item 20 (T4-3): a catalogue whose text starts like formulas or
// with an apostrophe, or holds quotes, commas, line breaks and text beyond
// ASCII, is exported and imported back unchanged: every row "unchanged",
// the same file exported again.
func TestCSVRoundTripIsTheIdentity(t *testing.T) {
	hostile := []map[string]any{
		{"title": "'=1+1", "author": "=HYPERLINK(\"http://x\")", "description": "'@SUM(A1)\n\"quoted\", with commas; 中文 🐯", "isbn": ""},
		{"title": "-5 Little Tigers", "author": "+Ada", "description": "\tindented\nline two\rand a lone CR", "isbn": "", "slug": "five"},
		{"title": "'Tis the Night", "author": "@ada", "description": "'", "isbn": "", "slug": "quotes", "rating": 4.5},
	}
	apitest.Run(t, []apitest.Scenario{{
		Name: "export, import, export", Method: "GET", URL: "/api/admin/books/export.csv", As: "editor",
		BeforeTest: func(t *testing.T, e *apitest.Env) {
			asEditor(t, e)
			for _, b := range hostile {
				e.Do("POST", "/api/admin/books", newBook(b), "editor").Expect(t, 201)
			}
		},
		ExpectedStatus: 200, ExpectedContent: []string{"''=1+1", "'=HYPERLINK"},
		AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
			r := e.Request("POST", importURL, res.Body, "editor", csvHeader)
			r.Expect(t, 200)
			if strings.Contains(r.Body, `"action":"update"`) || strings.Contains(r.Body, `"action":"create"`) {
				t.Errorf("importing the export changes books: %s", r.Body)
			}
			if again := e.Do("GET", "/api/admin/books/export.csv", nil, "editor").Expect(t, 200).Body; again != res.Body {
				t.Errorf("the export changed:\n%s\nthen\n%s", res.Body, again)
			}
			if n := e.Count(`SELECT COUNT(*) FROM books WHERE title = '''=1+1'`); n != 1 {
				t.Errorf("%d books titled '=1+1", n)
			}
		},
	}})
}
