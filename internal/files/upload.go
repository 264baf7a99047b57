package files

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path"
	"strings"
	"unicode/utf8"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// UploadPath is the upload's route; it takes a larger body than any other
// (the server's largeBodies, up to MaxUploadBytes; the handler holds it to
// FILES_MAX_MB).
const UploadPath = "/api/admin/files"

// MaxUploadBytes is the most FILES_MAX_MB may allow (2 GiB).
const MaxUploadBytes = 2048 << 20

// maxName bounds a file's name, in characters.
const maxName = 200

// CreateFile responds to POST /api/admin/files?name=story.epub: a staff
// member who may change the catalogue uploads a file as the request body.
// Its name's extension says what it must be (.epub, .pdf, or audio: .mp3,
// .m4a, .m4b, .ogg, .opus) and its content is checked as that. 201 with the
// File; the same bytes under the same name again is the file already
// stored (200), so a double click stores one. No Idempotency-Key: that
// middleware keeps the request body in memory to compare repeats, which a
// 100 MB upload must not be.
func (s *Service) CreateFile(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	name, kind, err := uploadName(r.URL.Query().Get("name"))
	if err != nil {
		return err
	}
	if s.store == nil {
		return errNoStore
	}
	if r.ContentLength > s.set.MaxBytes {
		return s.tooLarge()
	}
	up, err := s.spool(w, r)
	if err != nil {
		return err
	}
	defer up.discard()
	contentType, err := check(kind, up.file, up.size)
	if err != nil {
		return httpx.Invalid(name+" could not be used: "+err.Error()+".", map[string]string{"file": err.Error()})
	}
	if f, ok, err := sameFile(r.Context(), s.db, up.sha256, name); err != nil || ok {
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, f)
	}
	f := File{ID: newID(), Kind: kind, Name: name, Size: up.size, SHA256: up.sha256, ContentType: contentType, CreatedAt: at(s.now())}
	if err := s.keep(r.Context(), up, f, caller.UserID); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, f)
}

// keep hands the spooled bytes to the store and records the file with its
// audit entry. The bytes go first: a row never names bytes that are not
// there, and bytes whose row failed are deleted again.
func (s *Service) keep(ctx context.Context, up *upload, f File, by string) error {
	if err := s.store.Put(ctx, f.ID, up.file, f.Size, f.ContentType); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := insertFile(ctx, tx, f, by); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: by, Action: "file.upload", Entity: "file", EntityID: f.ID, After: f, At: f.CreatedAt})
	})
	if err != nil {
		if derr := s.store.Delete(context.WithoutCancel(ctx), f.ID); derr != nil {
			slog.ErrorContext(ctx, "files: an upload's bytes were left in the store", "id", f.ID, "err", derr)
		}
	}
	return err
}

// uploadName checks the upload's name and tells the kind it promises.
func uploadName(raw string) (string, Kind, error) {
	// A name is a file's name, not a path: a browser may send C:\...\a.epub.
	name := strings.TrimSpace(path.Base(strings.ReplaceAll(raw, `\`, "/")))
	field := func(msg string) error { return httpx.Invalid(msg, map[string]string{"name": msg}) }
	switch {
	case raw == "" || name == "." || name == "/":
		return "", "", field("Give the file's name: ?name=story.epub.")
	case httpx.HasControl(name) || strings.ContainsAny(name, "\r\n\t"):
		return "", "", field("The file's name must not contain control characters.")
	case utf8.RuneCountInString(name) > maxName:
		return "", "", field("The file's name must be at most 200 characters.")
	}
	kind, ok := kindOfName(name)
	if !ok {
		return "", "", field("Upload an e-book (.epub), a PDF (.pdf) or audio (.mp3, .m4a, .m4b, .ogg, .opus).")
	}
	return name, kind, nil
}

// upload is a request body spooled to a temporary file of the store's.
type upload struct {
	file   *os.File
	size   int64
	sha256 string
}

func (u *upload) discard() {
	u.file.Close()
	os.Remove(u.file.Name()) // gone already when the store took the file
}

// spool streams the request body to a temporary file through the size
// limit, hashing it as it goes: memory stays at io.Copy's buffer however
// large the file. The server's read timeout is meant for a whole ordinary
// request; here the deadline moves on while bytes arrive, so a long upload
// on a slow line finishes and a stalled one is still cut off.
func (s *Service) spool(w http.ResponseWriter, r *http.Request) (*upload, error) {
	dir := s.store.TempDir()
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "upload-*")
	if err != nil {
		return nil, err
	}
	up := &upload{file: f}
	hash := sha256.New()
	body := &deadlineReader{r: r.Body, p: progress{rc: http.NewResponseController(w), read: true}}
	n, err := io.Copy(io.MultiWriter(f, hash), io.LimitReader(body, s.set.MaxBytes+1))
	switch {
	case errors.As(err, new(*http.MaxBytesError)) || n > s.set.MaxBytes:
		up.discard()
		return nil, s.tooLarge()
	case err != nil:
		up.discard()
		return nil, httpx.Errorf(httpx.CodeInvalid, "The upload could not be read: it stopped before its end.")
	case n == 0:
		up.discard()
		return nil, httpx.Invalid("The file is empty.", map[string]string{"file": "The file is empty."})
	}
	up.size, up.sha256 = n, hex.EncodeToString(hash.Sum(nil))
	return up, nil
}

// GetFile responds to GET /api/admin/files/{id}: the file's record.
func (s *Service) GetFile(w http.ResponseWriter, r *http.Request) error {
	f, err := getFile(r.Context(), s.db, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, f)
}
