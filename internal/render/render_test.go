package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// shop is one Renderer over the real server bundle for the tests that use
// it: loading the bundle is the slow part. Its timeout is generous: these
// tests are about the pages, and the race detector slows the engine tenfold.
var shop = sync.OnceValues(func() (*Renderer, error) {
	r, err := New(Options{Timeout: time.Minute})
	if err != nil {
		return nil, err
	}
	return r, r.Ready(context.Background())
})

// bundled returns the Renderer over the real bundle. `make web` builds it;
// a build without it (dist holds only .keep) skips these tests.
func bundled(t *testing.T) *Renderer {
	t.Helper()
	r, err := shop()
	if errors.Is(err, ErrNoScript) {
		t.Skip("no server bundle: run `make web` (cd web && npx vite build -c vite.server.config.ts)")
	}
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func book(id int, title string, cents int) map[string]any {
	return map[string]any{
		"id": id, "title": title, "author": "Ada Writer", "description": "A story.", "coverImage": fmt.Sprintf("/covers/book-%d.svg", id),
		"price": float64(cents) / 100, "priceCents": cents, "rating": 4.5, "isNewRelease": false, "category": "fiction",
		"pages": 32, "isbn": "978-1-915842-01-5", "publicationDate": "2025-09-12",
	}
}

// firstPage is the search the list of /books opens on
// (web/src/features/catalog/api/search-books.ts, listPaths).
const firstPage = "/api/books?maxPrice=25&page=1"

// responses is what the server inlines into a page: the catalogue, the
// list's first page, and the settings.
func responses(books ...map[string]any) map[string]any {
	return map[string]any{
		"/api/books":      books,
		firstPage:         map[string]any{"books": books, "total": len(books)},
		"/api/categories": json.RawMessage(`[{"id":"fiction","name":"Fiction","description":"Stories.","count":1}]`),
		"/api/settings":   json.RawMessage(`{"supportEmail":"help@shop.test","google":{"enabled":false},"paypal":{"enabled":false}}`),
	}
}

func TestBooksPageRendersTheBooksItIsGiven(t *testing.T) {
	r := bundled(t)
	page, err := r.Render(context.Background(), "/books", responses(book(1, "Tigers & Teacups", 1499), book(2, "The Owl Who Counted", 999)))
	if err != nil {
		t.Fatal(err)
	}
	if page.Status != 200 {
		t.Errorf("status %d, want 200", page.Status)
	}
	for _, want := range []string{"Tigers &amp; Teacups", "The Owl Who Counted", "$14.99"} {
		if !strings.Contains(page.HTML, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if !strings.Contains(page.Head, `href="/covers/book-1.svg"`) {
		t.Errorf("head %q does not preload the first cover", page.Head)
	}
	if strings.Contains(page.HTML, "<script") {
		t.Error("the page carries a script, which the CSP refuses")
	}
}

func TestBookPageRendersItsBook(t *testing.T) {
	r := bundled(t)
	page, err := r.Render(context.Background(), "/books/7", responses(book(3, "Another Book", 500), book(7, "Lizzie's Lantern", 1234)))
	if err != nil {
		t.Fatal(err)
	}
	if page.Status != 200 || !strings.Contains(page.HTML, "<h1") || !strings.Contains(page.HTML, "Lizzie&#x27;s Lantern") || !strings.Contains(page.HTML, "$12.34") {
		t.Errorf("status %d; the page lacks its book's title or price:\n%s", page.Status, page.HTML)
	}
}

// A cover uploaded in the back office is a book page's largest picture (its
// LCP on a phone): the page asks for it before anything else, in the width
// the phone needs. The head preloads the very srcset and sizes the <img>
// has (a preload that differs fetches a second copy), both at high
// priority, and the <img> keeps its box (width and height) while it loads.
func TestBookPagePreloadsItsUploadedCover(t *testing.T) {
	r := bundled(t)
	const copy = "/covers/u/" + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	b := book(7, "Lizzie's Lantern", 1234)
	b["coverImage"] = copy + "-640.jpg"
	page, err := r.Render(context.Background(), "/books/7", responses(book(3, "Another Book", 500), b))
	if err != nil {
		t.Fatal(err)
	}
	img := regexp.MustCompile(`<img src="` + copy + `-640\.jpg" srcSet="([^"]+)" sizes="([^"]+)"[^>]*>`).FindStringSubmatch(page.HTML)
	if img == nil {
		t.Fatalf("no <img> of the uploaded cover with a srcset and sizes:\n%s", page.HTML)
	}
	srcset, sizes := img[1], img[2]
	if want := copy + "-160.jpg 160w, " + copy + "-320.jpg 320w, " + copy + "-480.jpg 480w, " + copy + "-640.jpg 640w"; srcset != want {
		t.Errorf("srcset %q, want every width the server keeps: %q", srcset, want)
	}
	for _, attr := range []string{`width="400" height="600"`, `loading="eager"`, `fetchPriority="high"`} {
		if !strings.Contains(img[0], attr) {
			t.Errorf("the cover's <img> lacks %s: %s", attr, img[0])
		}
	}
	preload := `<link rel="preload" as="image" imageSrcSet="` + srcset + `" imageSizes="` + sizes + `" fetchPriority="high"/>`
	if !strings.Contains(page.Head, preload) {
		t.Errorf("head %q does not preload the cover as %s", page.Head, preload)
	}
}

func TestUnknownPathIsTheNotFoundPage(t *testing.T) {
	r := bundled(t)
	page, err := r.Render(context.Background(), "/no-such-page", responses())
	if err != nil {
		t.Fatal(err)
	}
	if page.Status != 404 || !strings.Contains(page.HTML, "This Page Existed") {
		t.Errorf("status %d, want 404 with the not-found page:\n%s", page.Status, page.HTML)
	}
}

// The pages the build used to render ahead of time all render here: each needs the
// engine to have what its modules use (web/src/server/shims.ts).
func TestPublicPagesRender(t *testing.T) {
	r := bundled(t)
	data := responses(book(1, "Tigers & Teacups", 1499))
	for _, url := range []string{"/", "/books", "/books/1", "/categories", "/categories/fiction", "/about", "/values", "/characters",
		"/activities", "/blog", "/contact", "/faq", "/shipping", "/privacy", "/terms", "/login", "/signup", "/reset-password", "/checkout", "/cart"} {
		page, err := r.Render(context.Background(), url, data)
		if err != nil {
			t.Errorf("%s: %v", url, err)
			continue
		}
		if page.Status != 200 || !strings.Contains(page.HTML, `id="main"`) {
			t.Errorf("%s: status %d, or no main", url, page.Status)
		}
	}
}

// QuickJS groups no digits in toLocaleString; the browser does, so the
// shim must, or the contact page would not hydrate.
func TestContactPageCountsAsTheBrowserDoes(t *testing.T) {
	page, err := bundled(t).Render(context.Background(), "/contact", responses())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.HTML, "5,000") {
		t.Error(`the contact form does not say "5,000 characters left"`)
	}
}

// The checkout is rendered both ways: empty for visitors without the cart's
// cookie, its form waiting for the stored cart for those with it.
func TestCheckoutIsRenderedForTheCartCookie(t *testing.T) {
	r := bundled(t)
	const empty = "Please add items to your cart before checking out."
	for _, set := range []bool{false, true} {
		page, err := r.RenderRequest(context.Background(), Request{URL: "/checkout", Data: responses(), Cookie: &Cookie{Name: "cart_filled", Set: set}})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(page.HTML, empty) == set {
			t.Errorf("cookie set %v: the page says the cart is empty: %v", set, !set)
		}
	}
}

func TestConcurrentRendersEachRenderTheirOwnPage(t *testing.T) {
	r := bundled(t)
	var books []map[string]any
	for i := 1; i <= 6; i++ {
		books = append(books, book(i, fmt.Sprintf("Volume %d of the Tiger Tales", i), 1000+i))
	}
	data := responses(books...)
	var wg sync.WaitGroup
	errs := make(chan error, len(books))
	for i := 1; i <= len(books); i++ {
		wg.Go(func() {
			page, err := r.Render(context.Background(), fmt.Sprintf("/books/%d", i), data)
			if err == nil && !strings.Contains(page.HTML, fmt.Sprintf("<h1 class=\"text-3xl font-bold leading-tight sm:text-4xl\">Volume %d of", i)) {
				err = fmt.Errorf("/books/%d does not have its own title as its heading", i)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// A book without a rating makes the book page's component throw: the
// render fails with the script's error, and the VM renders the next page.
func TestScriptExceptionIsAnError(t *testing.T) {
	r := bundled(t)
	broken := book(1, "Broken", 100)
	delete(broken, "rating")
	_, err := r.Render(context.Background(), "/books/1", responses(broken))
	if err == nil || !strings.Contains(err.Error(), "TypeError") {
		t.Fatalf("err = %v, want the script's TypeError", err)
	}
	for range 2 { // every VM of the pool, whichever rendered the broken page
		if _, err := r.Render(context.Background(), "/books/1", responses(book(1, "Whole", 100))); err != nil {
			t.Errorf("the next render: %v", err)
		}
	}
}

func TestPageOnlyTheBrowserRendersIsAnError(t *testing.T) {
	// The thank-you page reads the payment's pass from the browser's storage.
	if _, err := bundled(t).Render(context.Background(), "/thank-you", responses()); err == nil || !strings.Contains(err.Error(), "only the browser renders") {
		t.Errorf("err = %v, want a page only the browser renders", err)
	}
}

// fake is a bundle with the entry's shape (web/src/entry-server.tsx):
// "/loop" never ends, "/never" never settles, "/throw" throws, "/cycle"
// leaves garbage only the cycle collector frees (as a React tree does) and
// "/weak" says whether it is still there; any other URL is rendered as its path.
const fake = `
var weak
var SSR = {
  ready: Promise.resolve(),
  loaded: function () { return true },
  render: function (url, data) {
    if (url === '/loop') for (;;) {}
    if (url === '/never') return new Promise(function () {})
    if (url === '/throw') return Promise.reject(new RangeError('no such page'))
    if (url === '/cycle') { var tree = { name: 'fiber' }; tree.child = { parent: tree }; weak = new WeakRef(tree) }
    if (url === '/weak') url = weak.deref() ? 'kept' : 'collected'
    return Promise.resolve({ html: '<p>' + url + ' ' + (data && data.n) + '</p>', head: '', status: 200 })
  },
  runTasks: function () { return 0 },
  dropTasks: function () {},
  takeConsole: function () { return [] },
};`

func newFake(t *testing.T, opts Options) *Renderer {
	t.Helper()
	opts.Script = fake
	r, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func TestRenderReturnsThePage(t *testing.T) {
	page, err := newFake(t, Options{}).Render(context.Background(), "/a", map[string]any{"n": 7})
	if err != nil || page != (Page{HTML: "<p>/a 7</p>", Status: 200}) {
		t.Errorf("page %+v, err %v", page, err)
	}
}

func TestRenderThatRunsTooLongIsStoppedAndItsVMReplaced(t *testing.T) {
	r := newFake(t, Options{VMs: 1, Timeout: 200 * time.Millisecond})
	if _, err := r.Render(context.Background(), "/loop", nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	// The one VM was stopped midway: a new one renders the next page.
	if _, err := r.Render(context.Background(), "/b", nil); err != nil {
		t.Errorf("after a stopped render: %v", err)
	}
}

func TestRenderThatNeverSettlesIsAnError(t *testing.T) {
	r := newFake(t, Options{VMs: 1})
	if _, err := r.Render(context.Background(), "/never", nil); err == nil || !strings.Contains(err.Error(), "never settled") {
		t.Fatalf("err = %v, want a promise that never settled", err)
	}
	if _, err := r.Render(context.Background(), "/b", nil); err != nil {
		t.Errorf("after it: %v", err)
	}
}

// Issue 27, "At scale": every CollectEvery pages a VM runs its cycle
// collector, after the page is rendered, so what renders leave behind does
// not pile up until the engine's own threshold; the VM renders on after it.
func TestAVMCollectsItsGarbageEveryFewPages(t *testing.T) {
	r := newFake(t, Options{VMs: 1, CollectEvery: 3})
	render := func(url string) string {
		t.Helper()
		page, err := r.Render(context.Background(), url, nil)
		if err != nil {
			t.Fatal(err)
		}
		return page.HTML
	}
	render("/cycle")
	if got := render("/weak"); got != "<p>kept null</p>" {
		t.Fatalf("before the third page: %s", got)
	}
	render("/a") // the third: collected after it
	if got := render("/weak"); got != "<p>collected null</p>" {
		t.Errorf("after the third page: %s", got)
	}
}

func TestRejectionIsAnError(t *testing.T) {
	if _, err := newFake(t, Options{}).Render(context.Background(), "/throw", nil); err == nil || !strings.Contains(err.Error(), "RangeError: no such page") {
		t.Errorf("err = %v, want the script's RangeError", err)
	}
}

func TestCancelledRenderIsAnError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := newFake(t, Options{}).Render(ctx, "/a", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestRenderAfterCloseIsAnError(t *testing.T) {
	r := newFake(t, Options{})
	r.Close()
	if _, err := r.Render(context.Background(), "/a", nil); !errors.Is(err, ErrClosed) {
		t.Errorf("err = %v, want ErrClosed", err)
	}
}

// A bundle that does not load is said by Ready, and each render fails
// with it (the server then serves its pages unrendered).
func TestBrokenScriptFailsToLoad(t *testing.T) {
	for script, want := range map[string]string{
		"var SSR = {": "SyntaxError",
		"var SSR = { loaded: function () { throw new Error('a page module failed') }, runTasks: function () { return 0 } }": "a page module failed",
	} {
		r, err := New(Options{Script: script})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Ready(context.Background()); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Ready = %v, want %q", err, want)
		}
		if _, err := r.Render(context.Background(), "/", nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Render = %v, want %q", err, want)
		}
	}
}

// New returns before the bundle has loaded; a render waits for a VM.
func TestNewReturnsBeforeTheVMsLoad(t *testing.T) {
	r, err := New(Options{VMs: 1, Script: bundleOf(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	select {
	case <-r.ready:
		t.Fatal("New waited for the VMs to load")
	default:
	}
	if _, err := r.Render(context.Background(), "/contact", responses()); err != nil {
		t.Fatal(err)
	}
}

// bundleOf is the real server bundle's script, or skips the test without one.
func bundleOf(t *testing.T) string {
	t.Helper()
	script, err := fs.ReadFile(dist, "dist/server.js")
	if err != nil {
		t.Skip("no server bundle: run `make web`")
	}
	return string(script)
}
