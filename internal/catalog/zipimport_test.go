package catalog_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

var zipHeader = map[string]string{"Content-Type": "application/zip"}

// zipOf is a ZIP file of the given files (name, then content), in this order.
func zipOf(files ...string) string {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i < len(files); i += 2 {
		w, err := zw.Create(files[i])
		if err != nil {
			panic(err)
		}
		if _, err := w.Write([]byte(files[i+1])); err != nil {
			panic(err)
		}
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return buf.String()
}

// picture is a PNG of w × h pixels of one color.
func picture(w, h int, c color.RGBA) string {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, 255
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.String()
}

// Two new published books, prices in dollars: the first's cover by the
// cover column, the second's by its ISBN.
const zipBooks = "title,author,price,category,pages,isbn,publicationDate,status,ageBand,cover\n" +
	"Owl Goes to School,Mina Park,13.50,children,32,978-1-915842-11-4,2026-02-02,published,4-6,owl.png\n" +
	"Fox Learns to Swim,Mina Park,\"$1,000.00\",children,32,978-1-915842-12-1,2026-02-02,published,4-6,\n"

// Issue 38 item 6: a ZIP file of the CSV file and its covers.
func TestImportZipWithCovers(t *testing.T) {
	orange, blue := color.RGBA{249, 115, 22, 255}, color.RGBA{30, 80, 200, 255}
	good := zipOf("books/books.csv", zipBooks,
		"books/art/owl.png", picture(480, 720, orange),
		"books/covers/9781915842121.png", picture(500, 750, blue),
		"books/stray.png", picture(480, 720, blue),
		"__MACOSX/books/._owl.png", "resource fork", "books/.DS_Store", "finder")
	many := []string{"books.csv", zipBooks}
	for i := range 1000 {
		many = append(many, fmt.Sprintf("p/%d.png", i), "x")
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "a dry run names which book gets which cover and the picture no book took, and writes nothing",
			Method: "POST", URL: importURL + "?dryRun=1", As: "editor", Headers: zipHeader, BeforeTest: asEditor,
			Body: good, ExpectedStatus: 200,
			ExpectedContent: []string{`"valid":true`,
				`{"line":2,"action":"create","errors":{},"cover":{"file":"books/art/owl.png","coverImage":"/covers/u/`,
				`{"line":3,"action":"create","errors":{},"cover":{"file":"books/covers/9781915842121.png","coverImage":"/covers/u/`,
				`"pictures":[{"file":"books/stray.png","problem":"No book matched this picture: name it by a book's ISBN (9781915842015.jpg), or write its name in the cover column."}]`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM books`) + e.Count(`SELECT COUNT(*) FROM book_covers`); n != 10 {
					t.Errorf("%d books and covers after a dry run, want the 10 books", n)
				}
			}},
		{Name: "the import makes the books with their covers re-encoded as uploads, prices in dollars",
			Method: "POST", URL: importURL, As: "editor", Headers: zipHeader, BeforeTest: asEditor,
			Body: good, ExpectedStatus: 200, ExpectedContent: []string{`"valid":true`, `"cover":{"file":"books/art/owl.png"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM books WHERE status = 'published' AND cover_image LIKE '/covers/u/%.jpg'
					AND ((slug = 'owl-goes-to-school' AND price_cents = 1350) OR (slug = 'fox-learns-to-swim' AND price_cents = 100000))`); n != 2 {
					t.Errorf("%d books made as the file says", n)
				}
				// Each picture in the cover's widths, and the stray one not kept.
				if n := e.Count(`SELECT COUNT(DISTINCT hash) FROM book_covers`); n != 2 {
					t.Errorf("%d covers kept", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'cover.upload'`); n != 2 {
					t.Errorf("%d uploads audited", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'catalog.import' AND after_json LIKE '%"covers":2%'`); n != 1 {
					t.Error("the import's audit entry does not count its covers")
				}
				book := e.Do("GET", "/api/books/owl-goes-to-school", nil, "")
				i := strings.Index(book.Body, `"coverImage":"`)
				if i < 0 {
					t.Fatalf("the public book: %s", book.Body)
				}
				url := strings.SplitN(book.Body[i+len(`"coverImage":"`):], `"`, 2)[0]
				if !strings.Contains(res.Body, url) {
					t.Errorf("the book's cover %s is not the report's: %s", url, res.Body)
				}
				cover := e.Do("GET", url, nil, "")
				if cover.Status != 200 || cover.Header.Get("Content-Type") != "image/jpeg" {
					t.Errorf("GET %s: %d %s", url, cover.Status, cover.Header.Get("Content-Type"))
				}
			}},
		{Name: "a picture that is not one, or too small, is named on its row, and nothing is written",
			Method: "POST", URL: importURL, As: "editor", Headers: zipHeader, BeforeTest: asEditor,
			Body:           zipOf("books.csv", zipBooks, "owl.png", picture(40, 60, orange), "9781915842121.png", "not a picture at all"),
			ExpectedStatus: 400,
			ExpectedContent: []string{`"valid":false`, `"code":"invalid"`,
				`{"line":2,"action":"create","errors":{"cover":"owl.png: The picture must be at least 480 × 720 pixels.","coverImage":"A published book needs a cover."}}`,
				`"errors":{"cover":"9781915842121.png: Upload a JPEG, PNG or WebP picture.","coverImage":"A published book needs a cover."}`},
			AfterTest: func(t *testing.T, e *apitest.Env, r *apitest.Response) {
				untouched(t, e, r)
				if n := e.Count(`SELECT COUNT(*) FROM book_covers`); n != 0 {
					t.Errorf("%d covers kept", n)
				}
			}},
		{Name: "a cover column naming no picture is an error on its row", Method: "POST", URL: importURL + "?dryRun=1", As: "editor",
			Headers: zipHeader, BeforeTest: asEditor,
			Body:           zipOf("books.csv", zipBooks, "a/owl.png", picture(480, 720, orange), "b/owl.png", picture(480, 720, blue)),
			ExpectedStatus: 200,
			ExpectedContent: []string{`"valid":false`,
				`"cover":"The ZIP file has 2 pictures named owl.png: write its folder too, as in a/owl.png."`,
				`"coverImage":"A published book needs a cover."`}},
		{Name: "a name leading out of the ZIP's folder is refused, naming it", Method: "POST", URL: importURL + "?dryRun=1", As: "editor",
			Headers: zipHeader, BeforeTest: asEditor,
			Body:           zipOf("books.csv", zipBooks, "../../etc/owl.png", picture(480, 720, orange)),
			ExpectedStatus: 400, ExpectedContent: []string{`"file":"The ZIP file holds \"../../etc/owl.png\", a name that leads out of its folder.`},
			AfterTest: untouched},
		{Name: "an absolute name is refused too", Method: "POST", URL: importURL, As: "editor", Headers: zipHeader, BeforeTest: asEditor,
			Body:           zipOf("books.csv", zipBooks, "/tmp/owl.png", picture(480, 720, orange)),
			ExpectedStatus: 400, ExpectedContent: []string{`The ZIP file holds \"/tmp/owl.png\", a name that leads out`}, AfterTest: untouched},
		{Name: "a ZIP file over 64 MB is refused", Method: "POST", URL: importURL + "?dryRun=1", As: "editor", Headers: zipHeader, BeforeTest: asEditor,
			Body: strings.Repeat("z", 64<<20+1), ExpectedStatus: 413, ExpectedContent: []string{"The ZIP file is larger than 64 MB. Import it in parts."}},
		{Name: "a picture over 5 MB unpacked is refused, naming it", Method: "POST", URL: importURL + "?dryRun=1", As: "editor",
			Headers: zipHeader, BeforeTest: asEditor,
			Body:           zipOf("books.csv", zipBooks, "covers/huge.png", strings.Repeat("\x00", 5<<20+1)),
			ExpectedStatus: 400, ExpectedContent: []string{`"file":"covers/huge.png is larger than 5 MB: a cover picture must be at most 5 MB."`}},
		{Name: "a ZIP file of more than 1,000 files is refused", Method: "POST", URL: importURL + "?dryRun=1", As: "editor",
			Headers: zipHeader, BeforeTest: asEditor,
			Body:           zipOf(many...),
			ExpectedStatus: 400, ExpectedContent: []string{"The ZIP file holds more than 1000 files. Import it in parts."}},
		{Name: "a ZIP file without a CSV file is refused", Method: "POST", URL: importURL + "?dryRun=1", As: "editor", Headers: zipHeader,
			BeforeTest: asEditor, Body: zipOf("owl.png", "x"),
			ExpectedStatus: 400, ExpectedContent: []string{"The ZIP file holds no CSV file: put the books' CSV file in it beside their covers."}},
		{Name: "a damaged ZIP file is refused", Method: "POST", URL: importURL + "?dryRun=1", As: "editor", Headers: zipHeader,
			BeforeTest: asEditor, Body: "PK\x03\x04 not really",
			ExpectedStatus: 400, ExpectedContent: []string{"The file is not a ZIP file, or it is damaged: make the ZIP file again."}},
		{Name: "the CSV's problems in a ZIP file name it", Method: "POST", URL: importURL + "?dryRun=1", As: "editor", Headers: zipHeader,
			BeforeTest: asEditor, Body: zipOf("list/books.csv", "id,colour\n1,red\n"),
			ExpectedStatus: 400, ExpectedContent: []string{`"file":"list/books.csv: Unknown column \"colour\"`}},
		{Name: "a cover column in a CSV file alone asks for a ZIP file", Method: "POST", URL: importURL + "?dryRun=1", As: "editor",
			Headers: csvHeader, BeforeTest: asEditor, Body: zipBooks, ExpectedStatus: 200,
			ExpectedContent: []string{`"cover":"Import a ZIP file of this CSV file and its pictures to give books their covers."`}},
	})
}

// Issue 38 item 6: prices are dollars as in the editor; an old file's
// cents are still read.
func TestImportPricesInDollars(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "dollars as a spreadsheet writes them", Method: "POST", URL: importURL, As: "editor", Headers: csvHeader, BeforeTest: asEditor,
			Body: "id,price\n1,15.5\n2,$12\n3,\"1,000.00\"\n", ExpectedStatus: 200,
			ExpectedContent: []string{`"valid":true`, `{"line":4,"action":"update","id":3,"errors":{}}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM book_formats WHERE format = 'print' AND
					((book_id = 1 AND price_cents = 1550) OR (book_id = 2 AND price_cents = 1200) OR (book_id = 3 AND price_cents = 100000))`); n != 3 {
					t.Errorf("%d prices as the file says", n)
				}
			}},
		{Name: "a price that is not dollars and cents is refused on its row", Method: "POST", URL: importURL + "?dryRun=1", As: "editor",
			Headers: csvHeader, BeforeTest: asEditor, Body: "id,price,ebookPrice\n1,12.999,\n2,1000.01,\n3,0,abc\n", ExpectedStatus: 200,
			ExpectedContent: []string{`{"line":2,"action":"unchanged","id":1,"errors":{"price":"Enter the price in dollars, such as 12.99: from 0.01 to 1000."}}`,
				`{"line":3,"action":"unchanged","id":2,"errors":{"price":"Enter the price in dollars`,
				`"ebookPrice":"Enter the price in dollars, such as 12.99: from 0.01 to 1000."`}},
		{Name: "an old file's cents are read", Method: "POST", URL: importURL, As: "editor", Headers: csvHeader, BeforeTest: asEditor,
			Body: "id,priceCents,price_interactive\n3,1899,799\n", ExpectedStatus: 200,
			ExpectedContent: []string{`{"line":2,"action":"update","id":3,"errors":{}}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM book_formats WHERE book_id = 3 AND
					((format = 'print' AND price_cents = 1899) OR (format = 'interactive' AND price_cents = 799))`); n != 2 {
					t.Errorf("%d of book 3's prices as the file says", n)
				}
			}},
		{Name: "a file with a price in dollars and in cents is refused", Method: "POST", URL: importURL + "?dryRun=1", As: "editor",
			Headers: csvHeader, BeforeTest: asEditor, Body: "id,price,priceCents\n1,12.99,1299\n", ExpectedStatus: 400,
			ExpectedContent: []string{`"file":"The header row has both price (in dollars) and priceCents (in cents): keep one."`}},
	})
}
