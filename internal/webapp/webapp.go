// Package webapp serves the built React app embedded in the binary. Files are
// read and gzip-compressed once at start, so a request only copies bytes.
// Paths that are not files get index.html, so deep links work on reload.
package webapp

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

//go:embed all:dist
var dist embed.FS

type file struct {
	body, gzipped []byte
	contentType   string
	etag          string
	cacheControl  string
}

// Handler serves the app.
type Handler struct {
	files map[string]*file
	index *file
}

// New loads the embedded build. Without a build (dist holds only .keep) it
// serves a short page that says how to build, instead of failing to start.
func New() (*Handler, error) {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil, err
	}
	return NewFromFS(sub)
}

// NewFromFS loads an app build from any file system (tests use fstest).
func NewFromFS(fsys fs.FS) (*Handler, error) {
	h := &Handler{files: map[string]*file{}}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(path.Base(p), ".") {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		h.files["/"+p] = newFile(p, body)
		return nil
	})
	if err != nil {
		return nil, err
	}
	h.index = h.files["/index.html"]
	if h.index == nil {
		h.index = newFile("index.html", []byte(notBuiltPage))
	}
	return h, nil
}

func newFile(p string, body []byte) *file {
	sum := sha256.Sum256(body)
	f := &file{
		body:        body,
		contentType: mime.TypeByExtension(path.Ext(p)),
		etag:        `"` + hex.EncodeToString(sum[:8]) + `"`,
	}
	if f.contentType == "" {
		f.contentType = http.DetectContentType(body)
	}
	switch {
	case p == "index.html":
		f.cacheControl = "no-cache"
	case strings.HasPrefix(p, "assets/"):
		// Vite puts a content hash in every file name under assets/.
		f.cacheControl = "public, max-age=31536000, immutable"
	default:
		f.cacheControl = "public, max-age=3600"
	}
	if compressible(f.contentType) && len(body) > 512 {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		if buf.Len() < len(body) {
			f.gzipped = buf.Bytes()
		}
	}
	return f
}

func compressible(contentType string) bool {
	for _, prefix := range []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(contentType, prefix) {
			return true
		}
	}
	return false
}

// ServeHTTP serves a file of the build, or index.html for app routes. A
// missing asset (an old hashed name) is a real 404, not the app.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, ok := h.files[r.URL.Path]
	if !ok || r.URL.Path == "/index.html" {
		if strings.HasPrefix(r.URL.Path, "/assets/") {
			http.NotFound(w, r)
			return
		}
		f = h.index
	}
	serve(w, r, f)
}

func serve(w http.ResponseWriter, r *http.Request, f *file) {
	hdr := w.Header()
	hdr.Set("Content-Type", f.contentType)
	hdr.Set("Cache-Control", f.cacheControl)
	hdr.Set("ETag", f.etag)
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	if f.gzipped != nil && acceptsGzip(r) {
		hdr.Set("Content-Encoding", "gzip")
		body = f.gzipped
	}
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) != "gzip" {
			continue
		}
		q = strings.ReplaceAll(q, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Siso &amp; Friends</title></head>
<body><h1>Siso &amp; Friends</h1><p>The web app is not built into this binary. Run <code>make build</code>.</p></body></html>`
