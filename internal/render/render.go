// Package render renders the app's pages on the server when they are asked
// for: the same React components as the browser's, so the browser hydrates
// the HTML instead of rendering it again. The app's server bundle
// (web/src/entry-server.tsx, built by web/vite.server.config.ts into
// dist/server.js and embedded here) runs in QuickJS, a JavaScript engine in
// pure Go (modernc.org/quickjs): the binary stays one binary, with no Node.
//
// A VM runs one script at a time, so a Renderer keeps a small pool of them,
// each with the bundle loaded once. A render that throws is an error and
// the VM serves the next one; a render that runs out of time is stopped and
// its VM replaced, since a script stopped midway may leave it inconsistent.
package render

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sync"
	"time"
)

//go:embed all:dist
var dist embed.FS

// ErrNoScript means this build has no server bundle (dist holds only .keep).
var ErrNoScript = errors.New("render: this build has no server bundle (make web builds internal/render/dist/server.js)")

// ErrClosed is returned by Render after Close.
var ErrClosed = errors.New("render: renderer closed")

// Page is a page as the browser's first render makes it.
type Page struct {
	// HTML goes inside the page's <div id="root">.
	HTML string `json:"html"`
	// Head holds the preloads React asks for (the hero's cover), for the
	// page's <head>, ahead of the scripts.
	Head string `json:"head"`
	// Status is 404 for the not-found page (a URL that is none of the
	// app's routes), else 200.
	Status int `json:"status"`
	// Title and Description are the page's <title> and meta description:
	// its route's, or those it names itself from its data (a book's title).
	Title       string `json:"title"`
	Description string `json:"description"`
}

// Cookie names a cookie a page is rendered for: the visitors who have it set
// (Set) or who have not. The app reads the same rule from the page
// (web/src/lib/render-env.ts, renderedForCookie).
type Cookie struct {
	Name string `json:"name"`
	Set  bool   `json:"set"`
}

// Request is one page to render.
type Request struct {
	// URL is the path and query of the page ("/books?q=tiger").
	URL string
	// Data holds the API responses by path ("/api/books", "/api/settings"):
	// the ones the server inlines into the page for the browser, so both
	// first renders make the same HTML. Values may be json.RawMessage.
	Data map[string]any
	// Cookie, when set, renders the page for the visitors with or without it.
	Cookie *Cookie
}

// Options tune a Renderer; the zero value is the default.
type Options struct {
	// VMs is how many pages can be rendered at once (default 1). Each VM holds
	// the bundle's functions and what a rendering leaves, outside Go's heap:
	// one keeps the process within its memory budget and leaves the other
	// cores to the requests that render nothing (a page is rendered once per
	// version of its data).
	VMs int
	// CollectEvery is how many pages a VM renders between two runs of the
	// engine's cycle collector (default 16); see vm.collect.
	CollectEvery int
	// Timeout bounds one render once a VM has taken it (default 2 s); a
	// context's earlier deadline wins. The wait for a VM is the context's.
	Timeout time.Duration
	// MemoryLimit bounds each VM's memory, in bytes (default 128 MiB); a
	// render that needs more fails.
	MemoryLimit uintptr
	// Script is the server bundle (default: the embedded dist/server.js).
	Script string
}

// Renderer renders pages with a pool of VMs. It is safe for concurrent use.
type Renderer struct {
	opts     Options
	bytecode []byte
	idle     chan *vm
	done     chan struct{}
	ready    chan struct{} // closed when the VMs have loaded, or failed to
	loadErr  error         // why they failed; set before ready is closed

	mu     sync.Mutex
	closed bool
}

// New returns a renderer whose VMs load in the background (compiling the
// bundle takes a few hundred milliseconds, more on a busy machine), so the
// server answers at once; a render waits for a VM. Ready tells when they
// have loaded, or why they could not.
func New(opts Options) (*Renderer, error) {
	if opts.VMs <= 0 {
		opts.VMs = 1
	}
	if opts.CollectEvery <= 0 {
		opts.CollectEvery = 16
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 2 * time.Second
	}
	if opts.MemoryLimit == 0 {
		opts.MemoryLimit = 128 << 20
	}
	if opts.Script == "" {
		script, err := fs.ReadFile(dist, "dist/server.js")
		if errors.Is(err, fs.ErrNotExist) {
			return nil, ErrNoScript
		}
		if err != nil {
			return nil, err
		}
		opts.Script = string(script)
	}
	r := &Renderer{opts: opts, idle: make(chan *vm, opts.VMs), done: make(chan struct{}), ready: make(chan struct{})}
	go r.load()
	return r, nil
}

// load compiles the bundle once and loads it into the VMs, at once, one
// per core at best.
func (r *Renderer) load() {
	defer close(r.ready)
	bytecode, err := compile(r.opts.Script)
	if err != nil {
		r.loadErr = err
		return
	}
	r.bytecode = bytecode
	errs := make(chan error, r.opts.VMs)
	for range r.opts.VMs {
		go func() {
			v, err := r.newVM()
			if err == nil {
				r.release(v, true)
			}
			errs <- err
		}()
	}
	for range r.opts.VMs {
		if err := <-errs; err != nil && r.loadErr == nil {
			r.loadErr = err
		}
	}
	if r.loadErr != nil {
		r.Close()
	}
}

// Ready waits until the VMs have loaded and returns why they could not:
// a bundle that does not parse or whose modules throw as they load.
func (r *Renderer) Ready(ctx context.Context) error {
	select {
	case <-r.ready:
		return r.loadErr
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (r *Renderer) newVM() (*vm, error) {
	v, logged, err := newVM(r.bytecode, r.opts.MemoryLimit)
	if len(logged) > 0 {
		// The pages that stay in the browser's hands (their module reads a
		// browser API as it loads): known, and the same for every VM.
		slog.Debug("render: the server bundle wrote to the console as it loaded", "lines", logged)
	}
	return v, err
}

// Render renders the page at url with data (see Request).
func (r *Renderer) Render(ctx context.Context, url string, data map[string]any) (Page, error) {
	return r.RenderRequest(ctx, Request{URL: url, Data: data})
}

// RenderRequest renders one page. An exception in the page's script, a render
// that takes longer than the timeout or needs more than the memory limit,
// and a page that only the browser can render (a signed-in page, one that
// reads a browser API as it loads) are errors; the caller can serve the
// page unrendered and let the browser render it.
func (r *Renderer) RenderRequest(ctx context.Context, req Request) (Page, error) {
	data, err := json.Marshal(req.Data)
	if err != nil {
		return Page{}, fmt.Errorf("render %s: %w", req.URL, err)
	}
	var cookie []byte
	if req.Cookie != nil {
		cookie, _ = json.Marshal(req.Cookie)
	}
	v, err := r.acquire(ctx)
	if err != nil {
		return Page{}, fmt.Errorf("render %s: waiting for a VM: %w", req.URL, err)
	}
	ctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	out, healthy := v.render(ctx, req.URL, string(data), string(cookie))
	r.after(v, healthy)
	if len(out.Console) > 0 {
		slog.WarnContext(ctx, "render: the page's script wrote to the console", "url", req.URL, "lines", out.Console)
	}
	if out.err != nil {
		return Page{}, fmt.Errorf("render %s: %w", req.URL, out.err)
	}
	if out.Error != "" {
		slog.DebugContext(ctx, "render: the page's script threw", "url", req.URL, "stack", out.Stack)
		return Page{}, fmt.Errorf("render %s: %s", req.URL, out.Error)
	}
	if out.Page == nil || (out.Page.Status != 200 && out.Page.Status != 404) {
		return Page{}, fmt.Errorf("render %s: the script returned no page", req.URL)
	}
	return *out.Page, nil
}

func (r *Renderer) acquire(ctx context.Context) (*vm, error) {
	if err := r.Ready(ctx); err != nil {
		return nil, err
	}
	select {
	case v := <-r.idle:
		return v, nil
	case <-r.done:
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// after gives the VM back once it has rendered a page: every CollectEvery
// pages, after a run of its collector, which the page that was rendered does
// not wait for.
func (r *Renderer) after(v *vm, healthy bool) {
	v.rendered++
	if !healthy || v.rendered%r.opts.CollectEvery != 0 {
		r.release(v, healthy)
		return
	}
	go func() { r.release(v, v.collect(r.opts.Timeout) == nil) }()
}

// release gives the VM back to the pool, or, when its script was stopped
// midway, closes it and loads a new one in its place.
func (r *Renderer) release(v *vm, healthy bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		v.close()
		return
	}
	if healthy {
		r.idle <- v
		return
	}
	v.close()
	go r.replace()
}

func (r *Renderer) replace() {
	v, err := r.newVM()
	if err != nil {
		// It loaded before, so this is the machine (memory), not the script.
		slog.Error("render: could not replace a VM; the pool is one smaller", "err", err)
		return
	}
	r.release(v, true)
}

// Close closes the idle VMs now and the busy ones when their render ends.
func (r *Renderer) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	close(r.done)
	for {
		select {
		case v := <-r.idle:
			v.close()
		default:
			return nil
		}
	}
}
