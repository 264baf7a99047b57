package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"bookshop/internal/objectstore"
)

// Store keeps the files' bytes under their ids: a folder on disk, or an
// S3-compatible bucket that several instances share.
type Store interface {
	// Put keeps the size bytes of f, a finished temporary file of the
	// store's TempDir, under key. The store may take the file itself (a
	// rename on disk): the caller closes f and removes its name after,
	// ignoring that it is gone.
	Put(ctx context.Context, key string, f *os.File, size int64, contentType string) error
	// Open opens the bytes at key for reading and seeking, which is how
	// http.ServeContent serves a range; a missing key is ErrNoBytes.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	// Delete removes the bytes at key; a missing key is no error.
	Delete(ctx context.Context, key string) error
	// TempDir is where uploads are spooled while they are checked.
	TempDir() string
	String() string
}

// ErrNoBytes is Open's error for a key the store does not hold.
var ErrNoBytes = errors.New("files: the store holds no such file")

// diskStore keeps each file at dir/<first two characters of its id>/<id>
// (a folder of 256 subfolders rather than one of a hundred thousand files).
// Uploads are spooled in dir/.uploads, on the same file system, so keeping
// an upload is a rename, not a second copy of 100 MB.
type diskStore struct{ dir string }

func (d diskStore) path(key string) string {
	return filepath.Join(d.dir, key[:2], key)
}

func (d diskStore) TempDir() string { return filepath.Join(d.dir, ".uploads") }

func (d diskStore) String() string { return d.dir }

func (d diskStore) Put(ctx context.Context, key string, f *os.File, size int64, contentType string) error {
	dst := d.path(key)
	if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
		return err
	}
	err := os.Rename(f.Name(), dst)
	if errors.Is(err, syscall.EXDEV) { // a TempDir on another file system
		return copyFile(f, dst)
	}
	return err
}

// copyFile writes f's bytes to dst under a temporary name, renamed once
// whole, so a failed copy leaves no half file under the key.
func copyFile(f *os.File, dst string) error {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".put-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = io.Copy(tmp, f)
	if err = errors.Join(err, tmp.Sync(), tmp.Close()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

func (d diskStore) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	f, err := os.Open(d.path(key))
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoBytes
	}
	return f, err
}

func (d diskStore) Delete(ctx context.Context, key string) error {
	err := os.Remove(d.path(key))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// bucketStore keeps the files in an S3-compatible bucket (objectstore):
// each instance reads what any of them uploaded. Uploads are spooled in a
// folder of the system's temporary folder; a seek then read of an object is a ranged GET,
// so a Range of a 100 MB file fetches that range alone.
type bucketStore struct{ s *objectstore.Store }

func (b bucketStore) TempDir() string { return filepath.Join(os.TempDir(), "bookshop-uploads") }

func (b bucketStore) String() string { return b.s.String() }

func (b bucketStore) Put(ctx context.Context, key string, f *os.File, size int64, contentType string) error {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	// f is an io.ReaderAt: a large file goes up in parts read from the
	// disk in place, not copied into buffers of the part's size.
	return b.s.Put(ctx, key, f, size, contentType)
}

func (b bucketStore) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	r, err := b.s.Open(ctx, key)
	if errors.Is(err, objectstore.ErrNotFound) {
		return nil, ErrNoBytes
	}
	return r, err
}

func (b bucketStore) Delete(ctx context.Context, key string) error { return b.s.Delete(ctx, key) }

// OpenStore is the store the settings choose: the bucket when s3URL is
// set, else the folder dir; nil when neither is (PostgreSQL without
// FILES_DIR: there is no folder beside the database to default to).
func OpenStore(dir, s3URL string) (Store, error) {
	if s3URL != "" {
		s, err := objectstore.Open(s3URL)
		if err != nil {
			return nil, fmt.Errorf("FILES_S3_URL: %w", err)
		}
		return bucketStore{s}, nil
	}
	if dir == "" {
		return nil, nil
	}
	return diskStore{dir: dir}, nil
}

// sweepSpool removes what uploads left in dir before cutoff: an upload is
// removed when it ends, so only a process that died mid-upload leaves one.
func sweepSpool(dir string, cutoff time.Time) {
	entries, _ := os.ReadDir(dir) // no folder yet: nothing to sweep
	for _, e := range entries {
		info, err := e.Info()
		if err == nil && strings.HasPrefix(e.Name(), "upload-") && info.ModTime().Before(cutoff) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
