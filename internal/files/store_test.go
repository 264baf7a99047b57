package files

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bookshop/internal/objectstore/s3fake"
)

// S3URL starts a local S3-compatible server (s3fake) with an empty bucket
// for the test's lifetime and returns a FILES_S3_URL for a folder of it.
func S3URL(t testing.TB) string {
	t.Helper()
	h, err := s3fake.Handler("shop")
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return "s3://key:secret@" + strings.TrimPrefix(ts.URL, "http://") + "/shop/files?region=us-east-1&path-style=true&insecure=true"
}

func TestStores(t *testing.T) {
	stores := map[string]func(t *testing.T) Store{
		"disk": func(t *testing.T) Store { s, _ := OpenStore(t.TempDir(), ""); return s },
		"s3": func(t *testing.T) Store {
			s, err := OpenStore("", S3URL(t))
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t)
			// 17 MiB: past minio's part size, so the bucket gets a multipart upload read from the file in place.
			data := make([]byte, 17<<20)
			rand.Read(data)
			key := newID()
			if err := s.Put(ctx, key, tempFile(t, s, data), int64(len(data)), "application/pdf"); err != nil {
				t.Fatal(err)
			}
			r, err := s.Open(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			// A range, as http.ServeContent reads one: seek to the end for the size, then to the start.
			if end, err := r.Seek(0, io.SeekEnd); err != nil || end != int64(len(data)) {
				t.Fatalf("size by seeking: %d, %v", end, err)
			}
			if _, err := r.Seek(9<<20, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			part := make([]byte, 1000)
			if _, err := io.ReadFull(r, part); err != nil || !bytes.Equal(part, data[9<<20:9<<20+1000]) {
				t.Fatalf("the range read back differs (%v)", err)
			}
			if _, err := r.Seek(0, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			whole, err := io.ReadAll(r)
			if err != nil || !bytes.Equal(whole, data) {
				t.Fatalf("the file read back differs: %d bytes, %v", len(whole), err)
			}
			if err := s.Delete(ctx, key); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Open(ctx, key); !errors.Is(err, ErrNoBytes) {
				t.Fatalf("Open after Delete: %v, want ErrNoBytes", err)
			}
			if err := s.Delete(ctx, key); err != nil {
				t.Fatalf("deleting twice: %v", err)
			}
		})
	}
}

// tempFile is data in a temporary file of the store's, as an upload is.
func tempFile(t *testing.T, s Store, data []byte) *os.File {
	t.Helper()
	if err := os.MkdirAll(s.TempDir(), 0o750); err != nil {
		t.Fatal(err)
	}
	f, err := os.CreateTemp(s.TempDir(), "upload-*")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close(); os.Remove(f.Name()) })
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	return f
}

// What a process that died mid-upload left is removed at the next start;
// an upload of the last day may still be running.
func TestStartSweepsOldUploads(t *testing.T) {
	dir := t.TempDir()
	store, _ := OpenStore(dir, "")
	os.MkdirAll(store.TempDir(), 0o750)
	old, young := filepath.Join(store.TempDir(), "upload-1"), filepath.Join(store.TempDir(), "upload-2")
	for _, f := range []string{old, young} {
		os.WriteFile(f, []byte("x"), 0o600)
	}
	os.Chtimes(old, time.Now().Add(-25*time.Hour), time.Now().Add(-25*time.Hour))
	if _, err := New(nil, Settings{Dir: dir}, time.Now); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the old upload is still there: %v", err)
	}
	if _, err := os.Stat(young); err != nil {
		t.Fatalf("the young upload went: %v", err)
	}
}
