// Package files is the shop's store of downloadable files (issue 37):
// e-books (EPUB), PDFs and audio, uploaded in the back office and checked
// by their content, and the downloads of what a family bought, through
// links that expire and count.
//
// The bytes are kept by a Store (a folder beside the database, or an
// S3-compatible bucket when several instances share one database), under a
// random id that nobody can guess; the files table says what each is. An
// upload is streamed to a temporary file through a size limit, hashed as it
// streams, checked there, then handed to the store: no file is ever held in
// memory whole, and a download streams from the store with ranges.
//
// The selling half (order lines) grants a purchase's files to a family at
// payment (Grant) and takes them back at a refund (Revoke); the library
// lists them (ListForUser), and GET /api/library/downloads/{purchaseId}/{fileId}
// makes a link, GET /downloads/{token}, that streams the file.
package files

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Settings are the files' configuration (FILES_DIR, FILES_S3_URL,
// FILES_MAX_MB, DOWNLOAD_LINK_HOURS, DOWNLOAD_LIMIT, SITE_URL).
type Settings struct {
	Dir           string        // the folder of files ("" with S3URL, or none configured)
	S3URL         string        // the bucket, when set: s3://key:secret@host/bucket?...
	MaxBytes      int64         // the largest upload
	LinkTTL       time.Duration // how long a download link works
	DownloadLimit int           // downloads per purchase and file
	SiteURL       string        // the origin download links start with
}

// Service handles the files' routes and keeps their grants.
type Service struct {
	db    *db.DB
	store Store // nil: no store configured; uploads answer 503
	set   Settings
	now   func() time.Time
}

// New returns the files' service over the store set chooses.
func New(d *db.DB, set Settings, now func() time.Time) (*Service, error) {
	store, err := OpenStore(set.Dir, set.S3URL)
	if err != nil {
		return nil, err
	}
	if store == nil {
		slog.Warn("files: no store is set up (FILES_DIR or FILES_S3_URL): uploads of e-books and audio answer 503")
	} else {
		// Files' times are the wall clock's; an upload takes minutes, not a day.
		sweepSpool(store.TempDir(), time.Now().Add(-24*time.Hour))
	}
	return &Service{db: d, store: store, set: set, now: now}, nil
}

// Store is where the bytes are (nil when none is configured).
func (s *Service) Store() Store { return s.store }

// File is a stored file as the back office sees it.
type File struct {
	ID          string    `json:"id"`
	Kind        Kind      `json:"kind"`
	Name        string    `json:"name"`
	Size        int64     `json:"size"`
	SHA256      string    `json:"sha256"`
	ContentType string    `json:"contentType"`
	CreatedAt   time.Time `json:"createdAt"`
}

// newID is a file's id: 128 random bits in hex, never guessable, and safe
// as a file name and an object key.
func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// errNoStore is the answer while no store is configured.
var errNoStore = httpx.Errorf(httpx.CodeUnavailable,
	"The files store is not set up: set FILES_DIR (a folder) or FILES_S3_URL (a bucket).")

// tooLarge is the refusal of an upload over the limit.
func (s *Service) tooLarge() error {
	return httpx.Errorf(httpx.CodeTooLarge, "The file must be at most %d MB.", s.set.MaxBytes>>20)
}
