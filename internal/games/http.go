package games

import (
	"errors"
	"io"
	"net/http"

	"bookshop/internal/auth"
	"bookshop/internal/httpx"
)

// Handlers serves the game configuration API.
type Handlers struct{ store *Store }

// NewHandlers serves s.
func NewHandlers(s *Store) *Handlers { return &Handlers{store: s} }

// GetConfig answers GET /api/game-config: public, what every visitor plays.
func (h *Handlers) GetConfig(w http.ResponseWriter, r *http.Request) error {
	c, err := h.store.Config(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	return httpx.WriteJSON(w, http.StatusOK, c)
}

// PutConfig answers PUT /api/game-config: the admin replaces the published configuration.
func (h *Handlers) PutConfig(w http.ResponseWriter, r *http.Request) error {
	if _, err := auth.RequireAdmin(r.Context()); err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxConfigBytes)
	var c Config
	if err := httpx.DecodeJSON(r, &c); err != nil {
		return err
	}
	if err := h.store.SaveConfig(r.Context(), &c); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

// UploadImage answers POST /api/game-images: the admin uploads one picture
// as the raw request body; it answers the picture's immutable URL.
func (h *Handlers) UploadImage(w http.ResponseWriter, r *http.Request) error {
	if _, err := auth.RequireAdmin(r.Context()); err != nil {
		return err
	}
	if r.ContentLength > MaxImageBytes {
		return httpx.Errorf(httpx.CodeTooLarge, "Image too large")
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxImageBytes+1))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return httpx.Errorf(httpx.CodeTooLarge, "Image too large")
	}
	if err != nil {
		return httpx.Errorf(httpx.CodeInvalid, "The picture could not be read.")
	}
	p, err := DecodePicture(data)
	if err != nil {
		return err
	}
	if err := h.store.SavePicture(r.Context(), p); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"url": ImageURL(p.Hash), "width": p.Width, "height": p.Height})
}

// GetImage answers GET /api/game-images/{hash}. The URL names the content,
// so it never changes and may be cached for a year.
func (h *Handlers) GetImage(w http.ResponseWriter, r *http.Request) error {
	hash := r.PathValue("hash")
	if !imageHash.MatchString(hash) {
		return httpx.NotFound("Picture")
	}
	etag := `"` + hash + `"`
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	p, err := h.store.Picture(r.Context(), hash)
	if err != nil {
		w.Header().Del("Cache-Control")
		w.Header().Del("ETag")
		return err
	}
	w.Header().Set("Content-Type", p.ContentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(p.Data)
	return err
}
