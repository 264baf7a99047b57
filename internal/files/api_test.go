package files_test

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/files"
)

var (
	octets = map[string]string{"Content-Type": "application/octet-stream"}
	html   = map[string]string{"Accept": "text/html,application/xhtml+xml"}
)

// upload has the editor upload data as name and returns the file's id.
func upload(t *testing.T, e *apitest.Env, name string, data []byte) string {
	t.Helper()
	e.Staff("editor", auth.RoleEditor)
	var f files.File
	e.Request("POST", "/api/admin/files?name="+name, string(data), "editor", octets).Expect(t, http.StatusCreated).Decode(t, &f)
	return f.ID
}

func TestUpload(t *testing.T) {
	epub := files.EPUBForTest(t, "")
	mp3, err := os.ReadFile("../media/testdata/tone.mp3")
	if err != nil {
		t.Fatal(err)
	}
	editor := func(t *testing.T, e *apitest.Env) { e.Staff("editor", auth.RoleEditor) }
	apitest.Run(t, []apitest.Scenario{
		{Name: "an editor uploads an EPUB", Method: "POST", URL: "/api/admin/files?name=Our%20First%20Adventure.epub", Body: string(epub),
			Headers: octets, As: "editor", BeforeTest: editor, ExpectedStatus: 201,
			ExpectedContent: []string{`"kind":"epub"`, `"name":"Our First Adventure.epub"`, `"contentType":"application/epub+zip"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				f := res.JSON(t)
				id := f["id"].(string)
				if len(id) != 32 || int(f["size"].(float64)) != len(epub) {
					t.Fatalf("id %q, size %v", id, f["size"])
				}
				got := e.Do("GET", "/api/admin/files/"+id, nil, "editor").Expect(t, 200).JSON(t)
				if got["sha256"] != f["sha256"] || got["name"] != "Our First Adventure.epub" {
					t.Fatalf("GET the file: %v", got)
				}
				var action string
				if err := e.DB.QueryRowContext(context.Background(), `SELECT action FROM audit_log WHERE entity = 'file' AND entity_id = ?`, id).Scan(&action); err != nil || action != "file.upload" {
					t.Fatalf("audit: %q, %v", action, err)
				}
				// The same bytes under the same name again are the same file.
				again := e.Request("POST", "/api/admin/files?name=Our%20First%20Adventure.epub", string(epub), "editor", octets).Expect(t, 200).JSON(t)
				if again["id"] != id {
					t.Fatalf("a repeated upload made %v, want %s", again["id"], id)
				}
			}},
		{Name: "an MP3 is audio", Method: "POST", URL: "/api/admin/files?name=01.mp3", Body: string(mp3), Headers: octets, As: "editor",
			BeforeTest: editor, ExpectedStatus: 201, ExpectedContent: []string{`"kind":"audio"`, `"contentType":"audio/mpeg"`}},
		{Name: "a renamed ZIP is not an EPUB", Method: "POST", URL: "/api/admin/files?name=story.epub", Body: string(files.EPUBForTest(t, "renamed zip")),
			Headers: octets, As: "editor", BeforeTest: editor, ExpectedStatus: 400,
			ExpectedContent: []string{`story.epub could not be used: it is not an EPUB: a ZIP whose first entry is not mimetype.`}, AfterTest: noFiles},
		{Name: "a text file named .pdf is refused", Method: "POST", URL: "/api/admin/files?name=pack.pdf", Body: "Colour the tiger!\n",
			Headers: octets, As: "editor", BeforeTest: editor, ExpectedStatus: 400,
			ExpectedContent: []string{`it is not a PDF: it does not start with %PDF-`}, AfterTest: noFiles},
		{Name: "another extension is refused", Method: "POST", URL: "/api/admin/files?name=story.docx", Body: "x",
			Headers: octets, As: "editor", BeforeTest: editor, ExpectedStatus: 400,
			ExpectedContent: []string{`"name":"Upload an e-book (.epub), a PDF (.pdf) or audio`}},
		{Name: "a name is required", Method: "POST", URL: "/api/admin/files", Body: string(epub),
			Headers: octets, As: "editor", BeforeTest: editor, ExpectedStatus: 400, ExpectedContent: []string{`?name=story.epub`}},
		{Name: "an empty file is refused", Method: "POST", URL: "/api/admin/files?name=a.pdf", Body: "",
			Headers: octets, As: "editor", BeforeTest: editor, ExpectedStatus: 400, ExpectedContent: []string{`The file is empty.`}},
		{Name: "over FILES_MAX_MB is 413", Method: "POST", URL: "/api/admin/files?name=big.pdf",
			Body: "%PDF-1.7\n" + strings.Repeat("x", 1<<20) + "\n%%EOF\n", Config: map[string]string{"FILES_MAX_MB": "1"},
			Headers: octets, As: "editor", BeforeTest: editor, ExpectedStatus: 413, ExpectedContent: []string{`The file must be at most 1 MB.`}, AfterTest: noFiles},
		{Name: "anonymous is refused", Method: "POST", URL: "/api/admin/files?name=story.epub", Body: string(epub), Headers: octets,
			ExpectedStatus: 401, AfterTest: noFiles, ExpectedContent: []string{"No user logged in"}},
		{Name: "a customer is refused", Method: "POST", URL: "/api/admin/files?name=story.epub", Body: string(epub), Headers: octets, As: "parent",
			ExpectedStatus: 403, AfterTest: noFiles, ExpectedContent: []string{`"code":"forbidden"`}},
		{Name: "support may not upload", Method: "POST", URL: "/api/admin/files?name=story.epub", Body: string(epub), Headers: octets, As: "support",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("support", auth.RoleSupport) },
			ExpectedStatus: 403, AfterTest: noFiles, ExpectedContent: []string{"Your role does not allow this."}},
		{Name: "an editor without two-step sign-in is refused", Method: "POST", URL: "/api/admin/files?name=story.epub", Body: string(epub), Headers: octets, As: "editor",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Grant("editor", auth.RoleEditor) },
			ExpectedStatus: 403, AfterTest: noFiles, ExpectedContent: []string{`"code":"insufficient_aal"`}},
		{Name: "an unknown file is 404", Method: "GET", URL: "/api/admin/files/0123456789abcdef0123456789abcdef", As: "editor",
			BeforeTest: editor, ExpectedStatus: 404, ExpectedContent: []string{`File not found`}},
		{Name: "without a store, uploads are 503", Method: "POST", URL: "/api/admin/files?name=story.epub", Body: string(epub), Headers: octets, As: "editor",
			Config: map[string]string{"FILES_DIR": "", "DATABASE_URL": "postgres://u:p@db/shop"}, BeforeTest: editor,
			ExpectedStatus: 503, ExpectedContent: []string{"set FILES_DIR (a folder) or FILES_S3_URL (a bucket)"}},
	})
}

// noFiles checks that a refused upload stored nothing.
func noFiles(t *testing.T, e *apitest.Env, _ *apitest.Response) {
	t.Helper()
	var n int
	if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM files`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d files stored (%v), want none", n, err)
	}
	entries, _ := os.ReadDir(e.Server.Files().Store().TempDir())
	if len(entries) != 0 {
		t.Fatalf("%d temporary files left", len(entries))
	}
}
