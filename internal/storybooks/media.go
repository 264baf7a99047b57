package storybooks

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/images"
	"bookshop/internal/media"
)

// Uploaded pictures and narration, kept in the database under the SHA-256
// of their bytes and served at MediaPrefix<hash>.<ext> for a year.

// MediaPrefix is where uploads are served.
const MediaPrefix = "/storybooks/media/"

// The kinds of upload.
const (
	kindPicture   = "picture"
	kindNarration = "narration"
)

// Bounds of an upload. A picture is kept PictureWidth pixels wide at most,
// which a phone or a tablet draws sharp across its screen (the reader shows
// it at most some 480 CSS pixels wide); a narrower one keeps its width.
const (
	MaxPictureBytes   = 5 << 20
	MaxNarrationBytes = 10 << 20
	PictureWidth      = 960
	maxSide           = 6000
	maxPixels         = 10_000_000
	// MaxMediaRequestBytes bounds the upload's request, beyond the
	// server's usual body limit (serve.go, largeBodies).
	MaxMediaRequestBytes = MaxNarrationBytes + 1<<20
)

var pictureLimits = images.Limits{MaxBytes: MaxPictureBytes, MaxSide: maxSide, MaxPixels: maxPixels}

// The refusals of an upload.
var (
	UnsupportedMedia = "Upload a picture (JPEG, PNG or WebP) or a recording (MP3, M4A or Ogg)."
	PictureTooLarge  = fmt.Sprintf("The picture is too large: at most %d × %d pixels, or %d megapixels.", maxSide, maxSide, maxPixels/1_000_000)
	PictureTooBig    = fmt.Sprintf("The picture must be at most %d MB.", MaxPictureBytes>>20)
	NarrationTooBig  = fmt.Sprintf("The recording must be at most %d MB.", MaxNarrationBytes>>20)
	Unreadable       = "The picture could not be read: the file may be damaged or incomplete. Please choose another."
)

// Media is an upload as its response gives it.
type Media struct {
	URL  string `json:"url"`
	Kind string `json:"kind"`
	Size int    `json:"size"`
}

// UploadMedia responds to POST /api/admin/storybooks/media with the file as
// the body, its Content-Type saying what it is: a picture, checked and
// cleaned by internal/images (bombs refused, metadata gone, at most
// PictureWidth wide), or a recording whose header must decode as the
// type says (audio.go, internal/media). Stored once however often it comes; audited.
func (s *Service) UploadMedia(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var stored []byte
	var contentType, kind string
	switch {
	case strings.HasPrefix(mediaType, "image/"):
		kind = kindPicture
		stored, contentType, err = s.cleanPicture(r)
	case audioFormats[mediaType] != "":
		kind, contentType = kindNarration, audioFormats[mediaType].ContentType()
		stored, err = readNarration(r, mediaType)
	default:
		return httpx.Errorf(httpx.CodeInvalid, "%s", UnsupportedMedia)
	}
	if err != nil {
		return err
	}
	sum := sha256.Sum256(stored)
	hash := hex.EncodeToString(sum[:])
	m := Media{URL: MediaPrefix + hash + extensionOf(contentType), Kind: kind, Size: len(stored)}
	if err := s.keepMedia(r.Context(), caller, m, hash, contentType, stored); err != nil {
		return err
	}
	return writePrivate(w, http.StatusCreated, m)
}

// cleanPicture is the request's picture, re-encoded within the limits.
func (s *Service) cleanPicture(r *http.Request) ([]byte, string, error) {
	data, err := readBody(r, MaxPictureBytes, PictureTooBig)
	if err != nil {
		return nil, "", err
	}
	copies, err := images.CleanWidths(r.Context(), data, pictureLimits, []int{PictureWidth})
	if err != nil {
		return nil, "", explainPicture(err)
	}
	p := copies[len(copies)-1]
	return p.Data, p.ContentType, nil
}

// readNarration is the request's recording, once its header decodes as
// mediaType says.
func readNarration(r *http.Request, mediaType string) ([]byte, error) {
	data, err := readBody(r, MaxNarrationBytes, NarrationTooBig)
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, httpx.Errorf(httpx.CodeInvalid, "Please choose a recording.")
	}
	f := audioFormats[mediaType]
	if err := media.CheckAudio(bytes.NewReader(data), int64(len(data)), f); err != nil {
		return nil, httpx.Errorf(httpx.CodeInvalid, "This file isn't a recording we can play (%s): %s.", f.Name(), err)
	}
	return data, nil
}

// readBody reads at most limit bytes of the request, or a 413 saying so.
func readBody(r *http.Request, limit int, tooBig string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r.Body, int64(limit)+1))
	switch {
	case err != nil && errors.As(err, new(*http.MaxBytesError)), err == nil && len(data) > limit:
		return nil, httpx.Errorf(httpx.CodeTooLarge, "%s", tooBig)
	case err != nil:
		return nil, httpx.Errorf(httpx.CodeInvalid, "The upload could not be read.")
	}
	return data, nil
}

// explainPicture turns images' refusals into the upload's words, all 400s
// but the server being busy (503).
func explainPicture(err error) error {
	var e *httpx.Error
	if !errors.As(err, &e) {
		return err
	}
	switch {
	case e.Code == httpx.CodeUnsupported && e.Message == images.Unreadable:
		return httpx.Errorf(httpx.CodeInvalid, "%s", Unreadable)
	case e.Code == httpx.CodeUnsupported:
		return httpx.Errorf(httpx.CodeInvalid, "%s", UnsupportedMedia)
	case e.Code == httpx.CodeTooLarge:
		return httpx.Errorf(httpx.CodeInvalid, "%s", PictureTooLarge)
	}
	return err
}

// extensionOf is the file extension a stored type is served under.
func extensionOf(contentType string) string {
	switch contentType {
	case "image/png":
		return ".png"
	case "image/jpeg":
		return ".jpg"
	case "audio/mpeg":
		return ".mp3"
	case "audio/mp4":
		return ".m4a"
	case "audio/ogg":
		return ".ogg"
	}
	return ""
}

var mediaFile = regexp.MustCompile(`^([0-9a-f]{64})(\.(?:jpg|png|mp3|m4a|ogg))$`)

// parseMediaURL reads an upload's URL: its hash and extension.
func parseMediaURL(u string) (hash, ext string, ok bool) {
	file, ok := strings.CutPrefix(u, MediaPrefix)
	if !ok {
		return "", "", false
	}
	m := mediaFile.FindStringSubmatch(file)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// GetMedia responds to GET /storybooks/media/{file}: an upload. Its URL
// names its content, so it is cached for a year and never revalidated;
// ranges are served, as players seek in a recording.
func (s *Service) GetMedia(w http.ResponseWriter, r *http.Request) error {
	hash, ext, ok := parseMediaURL(MediaPrefix + r.PathValue("file"))
	if !ok {
		return httpx.NotFound("File")
	}
	contentType, data, err := readMedia(r.Context(), s.db, hash)
	if db.IsNoRows(err) || (err == nil && extensionOf(contentType) != ext) {
		return httpx.NotFound("File")
	}
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", `"`+hash+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set(httpx.NoCompression, "media") // pictures and recordings are compressed already
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
	return nil
}
