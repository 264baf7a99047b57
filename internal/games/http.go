package games

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/images"
)

// Service serves the game configuration API.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New serves the configuration kept in d; now (nil: time.Now) dates the
// saves and uploads.
func New(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, now: now}
}

// GetConfig responds to GET /api/game-config: public, what every visitor
// plays, with the version an admin's save must name.
func (s *Service) GetConfig(w http.ResponseWriter, r *http.Request) error {
	c, err := readConfig(r.Context(), s.db)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	return httpx.WriteJSON(w, http.StatusOK, c)
}

// PutConfig responds to PUT /api/admin/game-config: the admin replaces the
// published configuration they read at its version.
func (s *Service) PutConfig(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxConfigBytes)
	c, err := decodeConfig(r)
	if err != nil {
		return err
	}
	if err := c.Validate(); err != nil {
		return err
	}
	if err := s.replaceConfig(r.Context(), caller, &c); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

// configRequest is the body of PUT /api/admin/game-config. Every key but
// hideShopPictures (false when left out) is required and no other key is
// allowed, so a null, an empty object or a misspelt key is refused instead
// of publishing an empty configuration.
type configRequest struct {
	Version          *int64       `json:"version"`
	HideShopPictures *bool        `json:"hideShopPictures"`
	GameImages       *[]GameImage `json:"gameImages"`
	DifferencePairs  *[]Pair      `json:"differencePairs"`
}

const invalidConfig = "The game configuration is not valid."

func decodeConfig(r *http.Request) (Config, error) {
	var in configRequest
	if err := httpx.DecodeStrictJSON(r, &in, invalidConfig); err != nil {
		return Config{}, err
	}
	fields := map[string]string{}
	if in.Version == nil || *in.Version < 0 {
		fields["version"] = "Required: the version of the configuration this save is based on"
	}
	if in.GameImages == nil {
		fields["gameImages"] = "Required: a list of game images (may be empty)"
	}
	if in.DifferencePairs == nil {
		fields["differencePairs"] = "Required: a list of image pairs (may be empty)"
	}
	if len(fields) > 0 {
		return Config{}, httpx.Invalid(invalidConfig, fields)
	}
	c := Config{Version: *in.Version, GameImages: *in.GameImages, DifferencePairs: *in.DifferencePairs}
	if in.HideShopPictures != nil {
		c.HideShopPictures = *in.HideShopPictures
	}
	return c, nil
}

// CreateImage responds to POST /api/admin/game-images: the admin uploads one
// picture as the raw request body. It is stored re-encoded, without its
// metadata, under the hash of the stored bytes, and the response gives its
// immutable URL.
func (s *Service) CreateImage(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	if r.ContentLength > MaxImageBytes {
		return httpx.Errorf(httpx.CodeTooLarge, images.TooLarge)
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxImageBytes+1))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return httpx.Errorf(httpx.CodeTooLarge, images.TooLarge)
	}
	if err != nil {
		return httpx.Errorf(httpx.CodeInvalid, images.Unreadable)
	}
	clean, err := images.Clean(r.Context(), data, imageLimits)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(clean.Data)
	p := Picture{Hash: hex.EncodeToString(sum[:]), Picture: clean}
	if err := s.addPicture(r.Context(), caller, p); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"url": ImageURL(p.Hash), "width": p.Width, "height": p.Height})
}

// GetImage responds to GET /api/game-images/{hash}. The URL names the
// content, so it never changes and may be cached for a year.
func (s *Service) GetImage(w http.ResponseWriter, r *http.Request) error {
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
	p, err := readPicture(r.Context(), s.db, hash)
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
