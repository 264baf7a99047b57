package files_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/files"
)

// bought is a world where the parent bought purchase "line-1": the EPUB,
// uploaded by an editor and granted at payment, as the selling half does.
type bought struct {
	e    *apitest.Env
	file string
	data []byte
}

func buy(t *testing.T, d *db.DB, settings map[string]string) bought {
	t.Helper()
	e := apitest.NewEnv(t, d, settings)
	data := files.EPUBForTest(t, "")
	id := upload(t, e, "final-v3.epub", data)
	parent := e.User("parent")
	err := d.InTx(context.Background(), func(ctx context.Context, tx *db.Tx) error {
		return e.Server.Files().Grant(ctx, tx, "line-1", parent.ID, "Our First Adventure", []string{id})
	})
	if err != nil {
		t.Fatal(err)
	}
	return bought{e: e, file: id, data: data}
}

// link asks for a download link as the parent and returns its path.
func (b bought) link(t *testing.T) (string, files.Link) {
	t.Helper()
	var l files.Link
	b.e.Do("GET", "/api/library/downloads/line-1/"+b.file, nil, "parent").Expect(t, http.StatusOK).Decode(t, &l)
	path, ok := strings.CutPrefix(l.URL, apitest.SiteURL)
	if !ok || !strings.HasPrefix(path, "/downloads/") {
		t.Fatalf("link %q", l.URL)
	}
	return path, l
}

// get requests a download link (no session: the link is the key).
func (b bought) get(path string, headers map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", path, nil)
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	b.e.Handler.ServeHTTP(w, r)
	return w
}

func (b bought) left(t *testing.T) int {
	t.Helper()
	list, err := b.e.Server.Files().ListForUser(context.Background(), b.e.User("parent").ID)
	if err != nil || len(list) != 1 {
		t.Fatalf("ListForUser: %v, %v", list, err)
	}
	return list[0].DownloadsLeft
}

func TestDownload(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := buy(t, d, nil)
		path, l := b.link(t)
		if l.DownloadsLeft != 10 || !l.ExpiresAt.Equal(b.e.Clock.Now().Add(24*time.Hour)) {
			t.Fatalf("link: %+v", l)
		}
		if b.left(t) != 10 {
			t.Fatal("making a link counted a download")
		}
		w := b.get(path, nil)
		if w.Code != 200 || w.Body.String() != string(b.data) {
			t.Fatalf("download: %d, %d bytes", w.Code, w.Body.Len())
		}
		for k, want := range map[string]string{"Content-Type": "application/epub+zip", "Accept-Ranges": "bytes",
			"Content-Disposition": `attachment; filename="Our First Adventure.epub"`, "Cache-Control": "private, no-store"} {
			if got := w.Header().Get(k); got != want {
				t.Errorf("%s: %q, want %q", k, got, want)
			}
		}
		if b.left(t) != 9 {
			t.Fatalf("downloads left %d after one download, want 9", b.left(t))
		}
		// A resumed download of the same link: the range alone, and no second count.
		w = b.get(path, map[string]string{"Range": "bytes=100-199", "Accept-Encoding": "gzip"})
		if w.Code != 206 || w.Body.String() != string(b.data[100:200]) || w.Header().Get("Content-Range") != "bytes 100-199/"+itoa(len(b.data)) {
			t.Fatalf("range: %d %q, %d bytes", w.Code, w.Header().Get("Content-Range"), w.Body.Len())
		}
		if b.left(t) != 9 {
			t.Fatal("a resumed range counted a download")
		}
		// A second link counts once more; HEAD counts nothing.
		path2, l2 := b.link(t)
		if l2.DownloadsLeft != 9 {
			t.Fatalf("second link: %+v", l2)
		}
		if w := b.get(path2, map[string]string{}); w.Code != 200 {
			t.Fatal(w.Code)
		}
		head := httptest.NewRequest("HEAD", path2, nil)
		hw := httptest.NewRecorder()
		b.e.Handler.ServeHTTP(hw, head)
		if hw.Code != 200 || b.left(t) != 8 {
			t.Fatalf("HEAD: %d, %d left", hw.Code, b.left(t))
		}
	})
}

func TestDownloadLinkExpires(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := buy(t, d, map[string]string{"DOWNLOAD_LINK_HOURS": "2"})
		path, _ := b.link(t)
		b.e.Clock.Advance(2 * time.Hour)
		w := b.get(path, html)
		body := w.Body.String()
		if w.Code != 410 || !strings.Contains(body, "This download link has expired.") || !strings.Contains(body, "Links work for 2 hours") ||
			!strings.Contains(body, `href="http://shop.test/library"`) || !strings.Contains(body, "You can download it 10 times more.") {
			t.Fatalf("expired link, HTML: %d %s", w.Code, body)
		}
		w = b.get(path, map[string]string{"Accept": "application/json"})
		if w.Code != 410 || !strings.Contains(w.Body.String(), `"code":"gone"`) {
			t.Fatalf("expired link, JSON: %d %s", w.Code, w.Body)
		}
		if b.left(t) != 10 {
			t.Fatal("an expired link counted a download")
		}
	})
}

func TestDownloadLimits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := buy(t, d, map[string]string{"DOWNLOAD_LIMIT": "2"})
		first, _ := b.link(t)
		unused, _ := b.link(t) // made now, started after the limit is reached
		third, _ := b.link(t)
		for _, p := range []string{first, third} {
			if w := b.get(p, nil); w.Code != 200 {
				t.Fatalf("download: %d", w.Code)
			}
		}
		w := b.get(unused, html)
		if w.Code != 410 || !strings.Contains(w.Body.String(), "No downloads are left for this file.") {
			t.Fatalf("a link past the limit: %d %s", w.Code, w.Body)
		}
		res := b.e.Do("GET", "/api/library/downloads/line-1/"+b.file, nil, "parent")
		if res.Status != 410 || !strings.Contains(res.Body, "You have downloaded this file 2 times") {
			t.Fatalf("a new link past the limit: %d %s", res.Status, res.Body)
		}
		// One link sends at most two copies: the first link's replays run out.
		if w := b.get(first, nil); w.Code != 200 {
			t.Fatalf("replay within the budget: %d", w.Code)
		}
		w = b.get(first, html)
		if w.Code != 410 || !strings.Contains(w.Body.String(), "This download link has been used.") {
			t.Fatalf("replay past the budget: %d %s", w.Code, w.Body)
		}
		// ...but a download that broke off only spent what it sent.
		w = b.get(third, map[string]string{"Range": "bytes=0-9"})
		if w.Code != 206 {
			t.Fatalf("range of the third link: %d", w.Code)
		}
	})
}

// Twenty requests of one new link at once count one download.
func TestDownloadCountsOnceAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := buy(t, d, nil)
		path, _ := b.link(t)
		var wg sync.WaitGroup
		codes := make([]int, 20)
		for i := range codes {
			wg.Go(func() { codes[i] = b.get(path, map[string]string{"Range": "bytes=0-9"}).Code })
		}
		wg.Wait()
		for _, c := range codes {
			if c != 206 {
				t.Fatalf("codes %v", codes)
			}
		}
		if b.left(t) != 9 {
			t.Fatalf("%d left, want 9", b.left(t))
		}
	})
}

func TestDownloadRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := buy(t, d, nil)
		path, _ := b.link(t)
		url := "/api/library/downloads/line-1/" + b.file
		for who, want := range map[string]int{"other": 404, "": 401} {
			if res := b.e.Do("GET", url, nil, who); res.Status != want {
				t.Errorf("%q asks for the parent's link: %d %s, want %d", who, res.Status, res.Body, want)
			}
		}
		if res := b.e.Do("GET", "/api/library/downloads/line-2/"+b.file, nil, "parent"); res.Status != 404 {
			t.Errorf("another purchase: %d", res.Status)
		}
		for _, guess := range []string{"/downloads/" + strings.Repeat("A", 43), "/downloads/short", "/downloads/" + b.file} {
			if w := b.get(guess, html); w.Code != 404 || !strings.Contains(w.Body.String(), "This download link does not work.") {
				t.Errorf("guessed %s: %d %s", guess, w.Code, w.Body)
			}
		}
		// A refund revokes the purchase: its links and new ones are refused.
		n, err := b.e.Server.Files().Revoke(context.Background(), d, "line-1")
		if err != nil || n != 1 {
			t.Fatalf("Revoke: %d, %v", n, err)
		}
		if w := b.get(path, html); w.Code != 403 || !strings.Contains(w.Body.String(), "The purchase was refunded") || strings.Contains(w.Body.String(), "mimetype") {
			t.Fatalf("a revoked link: %d %s", w.Code, w.Body)
		}
		if res := b.e.Do("GET", url, nil, "parent"); res.Status != 403 {
			t.Fatalf("a link of a revoked purchase: %d %s", res.Status, res.Body)
		}
		if list, _ := b.e.Server.Files().ListForUser(context.Background(), b.e.User("parent").ID); len(list) != 0 {
			t.Fatalf("the library still lists %v", list)
		}
	})
}

// An upload without a length is held to FILES_MAX_MB as it streams.
func TestUploadOverTheLimitWithoutLength(t *testing.T) {
	e := apitest.NewEnv(t, dbtest.SQLite(t), map[string]string{"FILES_MAX_MB": "1"})
	staff := e.Staff("editor", "editor")
	body := io.MultiReader(strings.NewReader("%PDF-1.7\n"), strings.NewReader(strings.Repeat("x", 2<<20)))
	r := httptest.NewRequest("POST", "/api/admin/files?name=big.pdf", io.NopCloser(body))
	r.ContentLength = -1
	r.Header.Set("Authorization", "Bearer "+staff.AccessToken)
	w := httptest.NewRecorder()
	e.Handler.ServeHTTP(w, r)
	if w.Code != 413 || !strings.Contains(w.Body.String(), "at most 1 MB") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	noFiles(t, e, nil)
}

// Several instances share the bucket: the whole path, upload to a ranged
// download, through FILES_S3_URL.
func TestDownloadFromTheBucket(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := buy(t, d, map[string]string{"FILES_S3_URL": files.S3URL(t)})
		if !strings.HasPrefix(b.e.Server.Files().Store().String(), "s3://") {
			t.Fatalf("store %s", b.e.Server.Files().Store())
		}
		path, _ := b.link(t)
		w := b.get(path, map[string]string{"Range": "bytes=-10"})
		if w.Code != 206 || w.Body.String() != string(b.data[len(b.data)-10:]) {
			t.Fatalf("range from the bucket: %d %q", w.Code, w.Body)
		}
		if w := b.get(path, nil); w.Code != 200 || w.Body.String() != string(b.data) {
			t.Fatalf("whole from the bucket: %d, %d bytes", w.Code, w.Body.Len())
		}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

// A slow upload outlives the server's read timeout while its bytes keep
// coming: the handler moves the deadline on as they arrive.
func TestSlowUploadOutlivesTheReadTimeout(t *testing.T) {
	e := apitest.NewEnv(t, dbtest.SQLite(t), nil)
	staff := e.Staff("editor", "editor")
	srv := httptest.NewUnstartedServer(e.Handler)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	body, send := io.Pipe()
	go func() {
		send.Write([]byte("%PDF-1.7\n"))
		for range 8 { // 1.6 s, five times the timeout
			time.Sleep(200 * time.Millisecond)
			send.Write([]byte(strings.Repeat("x", 64<<10)))
		}
		send.Write([]byte("\n%%EOF\n"))
		send.Close()
	}()
	req, _ := http.NewRequest("POST", srv.URL+"/api/admin/files?name=slow.pdf", body)
	req.Header.Set("Authorization", "Bearer "+staff.AccessToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 201 {
		t.Fatalf("%d %s", resp.StatusCode, got)
	}
}
