package catalog_test

import (
	"fmt"
	"image/color"
	"maps"
	"strconv"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/images/imagestest"
)

// newBook is a valid body for POST /api/admin/books.
func newBook(extra map[string]any) map[string]any {
	b := map[string]any{"title": "  The Moon Has a Secret ", "author": "Ada Wren", "description": "A bedtime story.",
		"priceCents": 1250, "category": "fantasy", "pages": 40, "isbn": "978 1 915842 11 4",
		"publicationDate": "2026-03-01", "isNewRelease": true, "coverImage": "/covers/moon.webp",
		"stock": 3, "ageBand": "4-6"}
	maps.Copy(b, extra)
	return b
}

var csvHeader = map[string]string{"Content-Type": "text/csv"}

// adminRoute is one back-office route of the catalogue and what its
// response holds when the role may use it.
type adminRoute struct {
	method, url string
	body        any
	headers     map[string]string
	status      int
	allowed     string
}

var adminRoutes = []adminRoute{
	{"GET", "/api/admin/books", nil, nil, 200, `"total":10`},
	{"POST", "/api/admin/books", newBook(nil), nil, 201, `"status":"draft"`},
	{"GET", "/api/admin/books/1", nil, nil, 200, `"slug":"siso-and-the-stripe-that-got-away"`},
	{"PATCH", "/api/admin/books/1", map[string]any{"version": 1, "priceCents": 1599}, nil, 200, `"version":2`},
	{"POST", "/api/admin/books/1/duplicate", nil, nil, 201, `"title":"Copy of Siso and the Stripe That Got Away"`},
	{"GET", "/api/admin/books/export.csv", nil, nil, 200, "id,title,author,description,price,"},
	{"POST", "/api/admin/books/import?dryRun=1", "id,priceCents\n1,1600\n", csvHeader, 200, `"valid":true`},
	{"GET", "/api/admin/categories", nil, nil, 200, `"id":"fiction"`},
	{"POST", "/api/admin/categories", map[string]any{"id": "poetry", "name": "Poetry", "description": "Rhymes."}, nil, 201, `"id":"poetry"`},
	{"PATCH", "/api/admin/categories/fiction", map[string]any{"version": 1, "name": "Stories"}, nil, 200, `"name":"Stories"`},
}

// TestCatalogueAdminRoles runs every back-office route of the catalogue as
// anonymous, a customer, each staff role at aal2, and an owner at aal1:
// only roles with the catalogue permission get through, at aal2.
func TestCatalogueAdminRoles(t *testing.T) {
	var scenarios []apitest.Scenario
	for _, rt := range adminRoutes {
		name := rt.method + " " + rt.url
		scenarios = append(scenarios,
			apitest.Scenario{Name: name + " anonymous", Method: rt.method, URL: rt.url, Body: rt.body, Headers: rt.headers,
				ExpectedStatus: 401, ExpectedContent: []string{`"code":"unauthorized"`}, AfterTest: noChange},
			apitest.Scenario{Name: name + " customer", Method: rt.method, URL: rt.url, Body: rt.body, Headers: rt.headers, As: "customer",
				ExpectedStatus: 403, ExpectedContent: []string{`"code":"forbidden"`, "Access Denied"}, AfterTest: noChange},
			apitest.Scenario{Name: name + " owner at aal1", Method: rt.method, URL: rt.url, Body: rt.body, Headers: rt.headers, As: "boss",
				BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Grant("boss", auth.RoleOwner) },
				ExpectedStatus: 403, ExpectedContent: []string{`"code":"insufficient_aal"`}, AfterTest: noChange},
		)
		for _, role := range auth.StaffRoles {
			s := apitest.Scenario{Name: fmt.Sprintf("%s %s", name, role), Method: rt.method, URL: rt.url, Body: rt.body,
				Headers: rt.headers, As: "staff", BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("staff", role) }}
			if role.Can(auth.PermCatalog) {
				s.ExpectedStatus, s.ExpectedContent = rt.status, []string{rt.allowed}
			} else {
				s.ExpectedStatus, s.ExpectedContent, s.AfterTest = 403, []string{"Your role does not allow this."}, noChange
			}
			scenarios = append(scenarios, s)
		}
	}
	apitest.Run(t, scenarios)
}

// noChange checks that a refused request changed nothing of the catalogue.
func noChange(t *testing.T, e *apitest.Env, _ *apitest.Response) {
	t.Helper()
	if n := e.Count(`SELECT COUNT(*) FROM audit_log`); n != 0 {
		t.Errorf("%d audit entries after a refused request", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM books WHERE version = 1`); n != 10 {
		t.Errorf("%d books at version 1, want the 10 untouched", n)
	}
	if v := e.Count(`SELECT version FROM catalog_version`); v != 1 {
		t.Errorf("catalogue version %d, want 1", v)
	}
}

func asEditor(t *testing.T, e *apitest.Env) { e.Staff("editor", auth.RoleEditor) }

// TestBookValidation: each rule has its own message on its own field.
func TestBookValidation(t *testing.T) {
	invalid := func(name string, extra map[string]any, field, message string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "POST", URL: "/api/admin/books", As: "editor", Body: newBook(extra),
			BeforeTest: asEditor, ExpectedStatus: 400,
			ExpectedContent: []string{`"code":"invalid"`, fmt.Sprintf(`%q:%q`, field, message)},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM books`); n != 10 {
					t.Errorf("%d books after a refused creation", n)
				}
			}}
	}
	long := strings.Repeat("a", 201)
	scenarios := []apitest.Scenario{
		invalid("blank title", map[string]any{"title": "   "}, "title", "Enter the title."),
		invalid("long title", map[string]any{"title": long}, "title", "At most 200 characters."),
		invalid("title on two lines", map[string]any{"title": "One\nTwo"}, "title", "One line of text, without line breaks or tabs."),
		invalid("blank author", map[string]any{"author": ""}, "author", "Enter the author."),
		invalid("long author", map[string]any{"author": long}, "author", "At most 200 characters."),
		invalid("long description", map[string]any{"description": strings.Repeat("a", 5001)}, "description", "At most 5,000 characters."),
		invalid("price in dollars", map[string]any{"priceCents": 12.5}, "priceCents", "Enter the price in cents: a whole number from 1 to 100000 ($1,000)."),
		invalid("free book", map[string]any{"priceCents": 0}, "priceCents", "Enter the price in cents: a whole number from 1 to 100000 ($1,000)."),
		invalid("price over the cap", map[string]any{"priceCents": 100001}, "priceCents", "Enter the price in cents: a whole number from 1 to 100000 ($1,000)."),
		invalid("unknown category", map[string]any{"category": "cooking"}, "category", "Choose one of the categories."),
		invalid("no pages", map[string]any{"pages": 0}, "pages", "Enter the number of pages: a whole number from 1 to 2000."),
		invalid("too many pages", map[string]any{"pages": 2001}, "pages", "Enter the number of pages: a whole number from 1 to 2000."),
		invalid("ISBN of 12 digits", map[string]any{"isbn": "978-1-915842-11"}, "isbn", "Enter an ISBN-13: 13 digits, hyphens and spaces allowed."),
		invalid("ISBN with a wrong check digit", map[string]any{"isbn": "978-1-915842-11-5"}, "isbn", "This ISBN's check digit is wrong: check the number."),
		invalid("ISBN of another book", map[string]any{"isbn": "9781915842015"}, "isbn", "Another book has this ISBN: Siso and the Stripe That Got Away."),
		invalid("a published book needs an ISBN", map[string]any{"isbn": "", "status": "published"}, "isbn", "A published book needs its ISBN-13."),
		invalid("not a date", map[string]any{"publicationDate": "2026-02-30"}, "publicationDate", "Enter a real date as YYYY-MM-DD."),
		invalid("date in another format", map[string]any{"publicationDate": "01/03/2026"}, "publicationDate", "Enter a real date as YYYY-MM-DD."),
		invalid("negative stock", map[string]any{"stock": -1}, "stock", "Enter the copies on hand (a whole number from 0 to 1,000,000), or leave stock untracked."),
		invalid("stock over the cap", map[string]any{"stock": 1000001}, "stock", "Enter the copies on hand (a whole number from 0 to 1,000,000), or leave stock untracked."),
		invalid("unknown age band", map[string]any{"ageBand": "3–5"}, "ageBand", "Choose one of 0–3, 4–6, 6–8, 8–10, 10–12, or none."),
		invalid("slug with capitals", map[string]any{"slug": "The-Moon"}, "slug", "Use lowercase letters a–z, digits and single hyphens between them."),
		invalid("slug of digits only", map[string]any{"slug": "1984"}, "slug", "A slug needs a letter, so it is never read as a book's number."),
		invalid("slug of another book", map[string]any{"slug": "our-first-adventure"}, "slug", "Another book has this slug: Our First Adventure."),
		invalid("unknown status", map[string]any{"status": "hidden"}, "status", "Choose draft, published or archived."),
		invalid("cover from elsewhere", map[string]any{"coverImage": "https://evil.example/x.png"}, "coverImage", "Upload a cover, or use a path under /covers/."),
		invalid("a published book needs a cover", map[string]any{"coverImage": "", "status": "published"}, "coverImage", "A published book needs a cover."),
		invalid("unknown field", map[string]any{"colour": "red"}, "colour", "Unknown field"),
		invalid("a new book has no version", map[string]any{"version": 3}, "version", "A new book has no version yet."),
		{Name: "every field wrong at once gets one message each", Method: "POST", URL: "/api/admin/books", As: "editor",
			Body: map[string]any{"title": "", "priceCents": -5, "pages": 0}, BeforeTest: asEditor, ExpectedStatus: 400,
			ExpectedContent: []string{`"title":"Enter the title."`, `"author":"Enter the author."`, `"category":"Choose a category."`,
				`"publicationDate":"Enter a real date as YYYY-MM-DD."`, `"slug":"Enter a slug: lowercase letters, digits and hyphens."`}},
		{Name: "a valid book is created as a draft, trimmed and normalized", Method: "POST", URL: "/api/admin/books", As: "editor",
			Body: newBook(nil), BeforeTest: asEditor, ExpectedStatus: 201,
			ExpectedContent: []string{`"title":"The Moon Has a Secret"`, `"isbn":"978-1-915842-11-4"`, `"ageBand":"4–6"`,
				`"slug":"the-moon-has-a-secret"`, `"status":"draft"`, `"stock":3`, `"version":1`, `"updatedAt":"2026-06-01T12:00:00Z"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				id := int(res.JSON(t)["id"].(float64))
				if id <= 10 {
					t.Errorf("new book id %d", id)
				}
				// A draft is nobody's business but the back office's.
				e.Do("GET", "/api/books/"+strconv.Itoa(id), nil, "").Expect(t, 404)
				e.Do("GET", "/api/books/the-moon-has-a-secret", nil, "").Expect(t, 404)
				if list := e.Do("GET", "/api/books", nil, ""); strings.Contains(list.Body, "The Moon Has a Secret") {
					t.Error("the public list shows a draft")
				}
				audited(t, e, "book.create", strconv.Itoa(id), 1)
			}},
		invalid("an uploaded cover that is not stored", map[string]any{"coverImage": "/covers/u/" + strings.Repeat("0a", 32) + "-640.jpg"},
			"coverImage", "This cover is not among the uploaded ones: upload it again."),
		{Name: "an uploaded cover may be the book's", Method: "POST", URL: "/api/admin/covers", As: "editor",
			BeforeTest: asEditor, Body: string(imagestest.WebP(480, 720, color.NRGBA{200, 80, 20, 255})),
			Headers: map[string]string{"Content-Type": "image/webp"}, ExpectedStatus: 201,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				cover := res.JSON(t)["coverImage"].(string)
				r := e.Do("POST", "/api/admin/books", newBook(map[string]any{"coverImage": cover}), "editor").Expect(t, 201)
				if !strings.Contains(r.Body, `"coverImage":"`+cover+`"`) {
					t.Errorf("the book's cover: %s", r.Body)
				}
			}},
		{Name: "an ISBN-13 starting 979 is valid and a second book gets its own slug", Method: "POST", URL: "/api/admin/books", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Do("POST", "/api/admin/books", newBook(map[string]any{"isbn": ""}), "editor").Expect(t, 201)
			},
			Body: newBook(map[string]any{"isbn": "979-10-90636-07-1"}), ExpectedStatus: 201,
			ExpectedContent: []string{`"slug":"the-moon-has-a-secret-2"`, `"isbn":"979-10-90636-07-1"`}},
	}
	apitest.Run(t, scenarios)
}

// audited checks that the newest audit entry is the change, by the editor.
func audited(t *testing.T, e *apitest.Env, action, entityID string, want int) {
	t.Helper()
	if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ? AND actor_id = (SELECT id FROM users WHERE email = 'editor@example.com')`,
		action, entityID); n != want {
		t.Errorf("%d audit entries %s %s, want %d", n, action, entityID, want)
	}
}

// TestBookEdits: saves name the version they were based on; a stale one is
// a 409 that changes nothing; archiving hides the book from visitors.
func TestBookEdits(t *testing.T) {
	const stale = "Someone else saved this book after you opened it. Reload to see their changes, then make yours again."
	apitest.Run(t, []apitest.Scenario{
		{Name: "a save moves the version on and shows to visitors at once", Method: "PATCH", URL: "/api/admin/books/3", As: "editor",
			BeforeTest: asEditor, Body: map[string]any{"version": 1, "priceCents": 2199, "stock": 0},
			ExpectedStatus: 200, ExpectedContent: []string{`"version":2`, `"priceCents":2199`, `"stock":0`, `"title":"Our First Adventure"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				book := e.Do("GET", "/api/books/3", nil, "").Expect(t, 200)
				for _, want := range []string{`"priceCents":2199`, `"price":21.99`, `"stock":0`, `"inStock":false`} {
					if !strings.Contains(book.Body, want) {
						t.Errorf("public book lacks %s: %s", want, book.Body)
					}
				}
				audited(t, e, "book.update", "3", 1)
				var before, after string
				if err := e.DB.QueryRowContext(t.Context(), `SELECT before_json, after_json FROM audit_log WHERE action = 'book.update'`).Scan(&before, &after); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(before, `"priceCents":1999`) || !strings.Contains(after, `"priceCents":2199`) {
					t.Errorf("audit before %s after %s", before, after)
				}
				if v := e.Count(`SELECT version FROM catalog_version`); v != 2 {
					t.Errorf("catalogue version %d, want 2", v)
				}
			}},
		{Name: "a save over a newer one is a 409 and overwrites nothing", Method: "PATCH", URL: "/api/admin/books/3", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": 1, "title": "First Save"}, "editor").Expect(t, 200)
			},
			Body: map[string]any{"version": 1, "title": "Second Save"}, ExpectedStatus: 409,
			ExpectedContent: []string{`"code":"conflict"`, `"message":"` + stale + `"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM books WHERE id = 3 AND title = 'First Save' AND version = 2`); n != 1 {
					t.Error("the stale save changed the book")
				}
				audited(t, e, "book.update", "3", 1)
			}},
		{Name: "a save without its version is refused", Method: "PATCH", URL: "/api/admin/books/3", As: "editor", BeforeTest: asEditor,
			Body: map[string]any{"title": "No Version"}, ExpectedStatus: 400,
			ExpectedContent: []string{`"version":"Required: the version you opened, so a newer save is not overwritten."`}},
		{Name: "a patch is checked whole: publishing needs an ISBN", Method: "PATCH", URL: "/api/admin/books/{copy}", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				r := e.Do("POST", "/api/admin/books/3/duplicate", nil, "editor").Expect(t, 201).JSON(t)
				e.Vars["copy"] = strconv.Itoa(int(r["id"].(float64)))
			},
			Body: map[string]any{"version": 1, "status": "published"}, ExpectedStatus: 400,
			ExpectedContent: []string{`"isbn":"A published book needs its ISBN-13."`}},
		{Name: "a duplicate is a draft copy without ISBN, its own slug, audited", Method: "POST", URL: "/api/admin/books/3/duplicate", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": 1, "stock": 7}, "editor").Expect(t, 200)
			},
			ExpectedStatus: 201, ExpectedContent: []string{`"title":"Copy of Our First Adventure"`, `"status":"draft"`, `"isbn":""`,
				`"slug":"our-first-adventure-copy"`, `"stock":0`, `"priceCents":1999`, `"version":1`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				audited(t, e, "book.duplicate", strconv.Itoa(int(res.JSON(t)["id"].(float64))), 1)
				again := e.Do("POST", "/api/admin/books/3/duplicate", nil, "editor").Expect(t, 201)
				if !strings.Contains(again.Body, `"slug":"our-first-adventure-copy-2"`) {
					t.Errorf("second copy: %s", again.Body)
				}
			}},
		{Name: "archiving hides the book: its page is a 404 and the public lists drop it", Method: "PATCH", URL: "/api/admin/books/3", As: "editor",
			BeforeTest: asEditor, Body: map[string]any{"version": 1, "status": "archived"},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"archived"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				audited(t, e, "book.archive", "3", 1)
				e.Do("GET", "/api/books/3", nil, "").Expect(t, 404)
				if r := e.Do("GET", "/api/books", nil, ""); strings.Contains(r.Body, "Our First Adventure") {
					t.Error("the public list shows an archived book")
				}
				var cats []struct {
					ID    string `json:"id"`
					Count int    `json:"count"`
				}
				e.Do("GET", "/api/categories", nil, "").Expect(t, 200).Decode(t, &cats)
				for _, c := range cats {
					if c.ID == "fantasy" && c.Count != 1 {
						t.Errorf("fantasy counts %d published books, want 1", c.Count)
					}
				}
				if r := e.Do("GET", "/api/admin/books?status=archived", nil, "editor").Expect(t, 200); !strings.Contains(r.Body, `"total":1`) {
					t.Errorf("archived list: %s", r.Body)
				}
			}},
		{Name: "an unknown book is a 404", Method: "PATCH", URL: "/api/admin/books/999", As: "editor", BeforeTest: asEditor,
			Body: map[string]any{"version": 1, "title": "X"}, ExpectedStatus: 404, ExpectedContent: []string{`"Book not found."`}},
		{Name: "a book id that is no number is a 404", Method: "GET", URL: "/api/admin/books/abc", As: "editor", BeforeTest: asEditor,
			ExpectedStatus: 404, ExpectedContent: []string{`"Book not found."`}},
	})
}

// TestAdminBookList: search, filters, sort and pages.
func TestAdminBookList(t *testing.T) {
	list := func(name, query string, want ...string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "GET", URL: "/api/admin/books" + query, As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Do("PATCH", "/api/admin/books/2", map[string]any{"version": 1, "stock": 0}, "editor").Expect(t, 200)
				e.Do("PATCH", "/api/admin/books/4", map[string]any{"version": 1, "stock": 4}, "editor").Expect(t, 200)
				e.Do("PATCH", "/api/admin/books/5", map[string]any{"version": 1, "stock": 40, "status": "draft"}, "editor").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: want}
	}
	apitest.Run(t, []apitest.Scenario{
		list("everything, by title", "", `"total":10`, `{"books":[{"id":5,`),
		list("search title, author, any case", "?q=PRIYA", `"total":2`, `"author":"Priya Raman"`),
		list("search by ISBN", "?q=915842-09", `"total":1`, `"id":9,`),
		list("a % in the search is a character", "?q=%25", `"total":0`, `"books":[]`),
		list("by category", "?category=mystery&sort=-title", `"total":2`, `{"books":[{"id":9,`),
		list("by status", "?status=draft", `"total":1`, `"id":5,`),
		list("tracked stock", "?stock=tracked", `"total":3`),
		list("untracked", "?stock=untracked", `"total":7`),
		list("out of stock", "?stock=out", `"total":1`, `"id":2,`),
		list("low stock", "?stock=low", `"total":1`, `"id":4,`),
		list("by stock, most first, untracked last", "?sort=-stock&perPage=3", `"total":10`, `{"books":[{"id":5,`, `"stock":40`),
		list("by price, dearest first", "?sort=-priceCents&perPage=1", `{"books":[{"id":3,`),
		list("by last save", "?sort=-updatedAt&perPage=2&page=1", `"total":10`),
		list("second page", "?sort=priceCents&perPage=3&page=2", `"total":10`, `"priceCents":1499`),
		{Name: "bad filters are named", Method: "GET", URL: "/api/admin/books?status=gone&stock=some&sort=colour&perPage=500", As: "editor",
			BeforeTest: asEditor, ExpectedStatus: 400,
			ExpectedContent: []string{`"status":"draft, published or archived"`, `"stock":"tracked, untracked, out or low"`,
				`"sort":`, `"perPage":"A number from 1 to 200"`}},
	})
}

// TestCategoriesAdmin: create, rename with versions, counts of published books.
func TestCategoriesAdmin(t *testing.T) {
	const stale = "Someone else saved this category after you opened it. Reload to see their changes, then make yours again."
	apitest.Run(t, []apitest.Scenario{
		{Name: "the list counts published books only", Method: "GET", URL: "/api/admin/categories", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Do("PATCH", "/api/admin/books/1", map[string]any{"version": 1, "status": "draft"}, "editor").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`{"id":"fiction","name":"Fiction","description":`, `"position":1,"version":1,"count":1}`}},
		{Name: "a new category goes last and shows to visitors at once", Method: "POST", URL: "/api/admin/categories", As: "editor",
			BeforeTest: asEditor, Body: map[string]any{"id": "poetry", "name": " Poetry ", "description": "Rhymes to read aloud."},
			ExpectedStatus: 201, ExpectedContent: []string{`"id":"poetry","name":"Poetry","description":"Rhymes to read aloud.","position":9,"version":1,"count":0`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if r := e.Do("GET", "/api/categories", nil, ""); !strings.Contains(r.Body, `{"id":"poetry","name":"Poetry","description":"Rhymes to read aloud.","count":0}`) {
					t.Errorf("public categories: %s", r.Body)
				}
				audited(t, e, "category.create", "poetry", 1)
				// A book may go on the new shelf.
				e.Do("POST", "/api/admin/books", newBook(map[string]any{"category": "poetry"}), "editor").Expect(t, 201)
			}},
		{Name: "a category's id is checked", Method: "POST", URL: "/api/admin/categories", As: "editor", BeforeTest: asEditor,
			Body: map[string]any{"id": "Fiction!", "name": ""}, ExpectedStatus: 400,
			ExpectedContent: []string{`"id":"Use lowercase letters a–z, digits and single hyphens between them."`, `"name":"Enter the category's name."`}},
		{Name: "a taken id is refused", Method: "POST", URL: "/api/admin/categories", As: "editor", BeforeTest: asEditor,
			Body: map[string]any{"id": "fiction", "name": "Fiction again"}, ExpectedStatus: 400,
			ExpectedContent: []string{`"id":"Another category has this id."`}},
		{Name: "a rename is live and audited", Method: "PATCH", URL: "/api/admin/categories/mystery", As: "editor", BeforeTest: asEditor,
			Body: map[string]any{"version": 1, "name": "Mysteries", "position": 0}, ExpectedStatus: 200,
			ExpectedContent: []string{`"name":"Mysteries"`, `"position":0`, `"version":2`, `"count":2`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if r := e.Do("GET", "/api/categories", nil, ""); !strings.HasPrefix(r.Body, `[{"id":"mystery","name":"Mysteries"`) {
					t.Errorf("public categories: %s", r.Body)
				}
				audited(t, e, "category.update", "mystery", 1)
			}},
		{Name: "a stale category save is a 409", Method: "PATCH", URL: "/api/admin/categories/mystery", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Do("PATCH", "/api/admin/categories/mystery", map[string]any{"version": 1, "name": "Whodunits"}, "editor").Expect(t, 200)
			},
			Body: map[string]any{"version": 1, "name": "Mysteries"}, ExpectedStatus: 409, ExpectedContent: []string{stale},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM categories WHERE id = 'mystery' AND name = 'Whodunits'`); n != 1 {
					t.Error("the stale save changed the category")
				}
			}},
		{Name: "an unknown category is a 404", Method: "PATCH", URL: "/api/admin/categories/cooking", As: "editor", BeforeTest: asEditor,
			Body: map[string]any{"version": 1, "name": "Cooking"}, ExpectedStatus: 404, ExpectedContent: []string{`"Category not found."`}},
	})
}

// Issue 38 item 5: a book has no rating until one is given. Without one it
// is null in the back office, the shop's API and the CSV (an empty cell);
// a rating given can be taken away again with null or an empty cell.
func TestRatingIsOptional(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a new book without a rating has none", Method: "POST", URL: "/api/admin/books", As: "editor",
			BeforeTest: asEditor, Body: newBook(map[string]any{"status": "published"}), ExpectedStatus: 201,
			ExpectedContent: []string{`"rating":null`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				id := strconv.Itoa(int(res.JSON(t)["id"].(float64)))
				hasRating(t, e, id, `"rating":null`)
				csv := e.Do("GET", "/api/admin/books/export.csv", nil, "editor").Expect(t, 200).Body
				if !strings.Contains(csv, ",/covers/moon.webp,,published,") {
					t.Errorf("the export's rating cell is not empty:\n%s", csv)
				}
				if !strings.Contains(csv, ",/covers/book-1.svg,4.8,published,") {
					t.Errorf("a seeded book lost its rating:\n%s", csv)
				}
			}},
		{Name: "a rating is set, then taken away with null", Method: "PATCH", URL: "/api/admin/books/{id}", As: "editor",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				b := e.Do("POST", "/api/admin/books", newBook(map[string]any{"rating": 4.5}), "editor").Expect(t, 201).JSON(t)
				if b["rating"] != 4.5 {
					t.Errorf("rating %v, want 4.5", b["rating"])
				}
				e.Vars["id"] = strconv.Itoa(int(b["id"].(float64)))
			},
			Body: map[string]any{"version": 1, "rating": nil}, ExpectedStatus: 200, ExpectedContent: []string{`"rating":null`, `"version":2`}},
		{Name: "a rating out of range is refused", Method: "POST", URL: "/api/admin/books", As: "editor",
			BeforeTest: asEditor, Body: newBook(map[string]any{"rating": 5.5}), ExpectedStatus: 400,
			ExpectedContent: []string{`"rating":"Enter a rating from 0 to 5, or leave it empty for none."`}},
		{Name: "an empty rating cell of the CSV is no rating", Method: "POST", URL: "/api/admin/books/import", As: "editor",
			BeforeTest: asEditor, Body: "id,rating\n3,\n4,3.5\n", Headers: csvHeader, ExpectedStatus: 200,
			ExpectedContent: []string{`"valid":true`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				hasRating(t, e, "3", `"rating":null`)
				hasRating(t, e, "4", `"rating":3.5`)
			}},
	})
}

// hasRating checks the shop's answer for a book holds its rating as want.
func hasRating(t *testing.T, e *apitest.Env, id, want string) {
	t.Helper()
	if body := e.Do("GET", "/api/books/"+id, nil, "").Expect(t, 200).Body; !strings.Contains(body, want) {
		t.Errorf("book %s: %s lacks %s", id, body, want)
	}
}
