package covers

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/images"
)

// CreateCover responds to POST /api/admin/covers (a post's picture: POST
// /api/admin/posts/pictures, by staff who may write posts): a staff member
// who may change the catalogue uploads a picture, as the raw request body or as
// the field "file" of a multipart form. Its copies are stored (once, however
// often the same picture comes) with an audit entry, and the response
// (201) is the Cover whose coverImage a book then names.
func (s *Service) CreateCover(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	data, err := readUpload(r)
	if err != nil {
		return err
	}
	cover, err := s.Upload(r.Context(), data, caller.UserID, true)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, cover)
}

// Upload checks and re-encodes one picture in the Kind's widths, and when
// keep is set stores its copies with an audit entry by actorID: what an
// upload does, for the catalogue's import of covers in a ZIP file too (a
// dry run does not keep). A picture refused is a 400 in the upload's words;
// a busy server a 503.
func (s *Service) Upload(ctx context.Context, data []byte, actorID string, keep bool) (Cover, error) {
	k := s.kind
	if len(data) > MaxBytes {
		return Cover{}, httpx.Errorf(httpx.CodeTooLarge, "%s", TooManyBytes)
	}
	copies, err := images.CleanWidths(ctx, data, k.limits, k.widths)
	if err != nil {
		return Cover{}, explain(err)
	}
	cover, hash := k.newCover(copies)
	if !keep {
		return cover, nil
	}
	now := s.now()
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := insertCopies(ctx, tx, k.table, hash, copies, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: actorID, Action: k.action, Entity: k.entity, EntityID: hash, After: cover, At: now})
	})
	return cover, err
}

// UploadURL is Upload's URL of the cover (its coverImage), as the
// catalogue's import of covers in a ZIP file takes it.
func (s *Service) UploadURL(ctx context.Context, data []byte, actorID string, keep bool) (string, error) {
	c, err := s.Upload(ctx, data, actorID, keep)
	return c.CoverImage, err
}

// readUpload is the picture of the request: its body, or the "file" part
// of a multipart form.
func readUpload(r *http.Request) ([]byte, error) {
	var picture io.Reader = r.Body
	if mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mediaType == "multipart/form-data" {
		form, err := r.MultipartReader()
		if err != nil {
			return nil, httpx.Errorf(httpx.CodeInvalid, "The form could not be read.")
		}
		for {
			part, err := form.NextPart()
			if err == io.EOF {
				return nil, httpx.Invalid(images.NoPicture, map[string]string{"file": "Required"})
			}
			if err != nil {
				return nil, readError(err)
			}
			if part.FormName() == "file" {
				picture = part
				break
			}
		}
	}
	data, err := io.ReadAll(io.LimitReader(picture, MaxBytes+1))
	if err != nil {
		return nil, readError(err)
	}
	if len(data) > MaxBytes {
		return nil, httpx.Errorf(httpx.CodeTooLarge, "%s", TooManyBytes)
	}
	return data, nil
}

func readError(err error) error {
	if errors.As(err, new(*http.MaxBytesError)) {
		return httpx.Errorf(httpx.CodeTooLarge, "%s", TooManyBytes)
	}
	return httpx.Errorf(httpx.CodeInvalid, "The upload could not be read.")
}

// GetCover responds to GET /covers/u/{file} (a post's picture: GET
// /posts/pictures/{file}): one copy of a cover. Its URL
// names its content, so it is cached for a year and never revalidated.
func (s *Service) GetCover(w http.ResponseWriter, r *http.Request) error {
	hash, width, ext, ok := parseFile(r.PathValue("file"))
	if !ok {
		return httpx.NotFound(s.kind.name)
	}
	contentType, data, err := readCopy(r.Context(), s.db, s.kind, hash, width)
	if err != nil {
		return err
	}
	if extension(contentType) != ext {
		return httpx.NotFound(s.kind.name)
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", `"`+hash+"-"+strconv.Itoa(width)+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set(httpx.NoCompression, "png") // PNG is compressed already
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
	return nil
}
