package objectstore_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"bookshop/internal/objectstore"
)

// s3Server is a local S3-compatible server with an empty bucket, for the
// test's lifetime; it returns the store's URL.
func s3Server(t *testing.T, bucket string) string {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(ts.Close)
	host := strings.TrimPrefix(ts.URL, "http://")
	return "s3://key:secret@" + host + "/" + bucket + "?region=us-east-1&path-style=true&insecure=true"
}

func TestPutGetListDelete(t *testing.T) {
	ctx := context.Background()
	s, err := objectstore.Open(s3Server(t, "shop") + "")
	if err != nil {
		t.Fatal(err)
	}
	body := bytes.Repeat([]byte("siso "), 1000)
	if err := s.Put(ctx, "backups/a.tar.gz", bytes.NewReader(body), int64(len(body)), "application/gzip"); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "other/b", strings.NewReader("b"), 1, ""); err != nil {
		t.Fatal(err)
	}
	r, err := s.Get(ctx, "backups/a.tar.gz")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(r)
	r.Close()
	if !bytes.Equal(got, body) {
		t.Fatalf("got %d bytes back, want the %d put", len(got), len(body))
	}
	list, err := s.List(ctx, "backups/")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Key != "backups/a.tar.gz" || list[0].Size != int64(len(body)) {
		t.Fatalf("List(backups/) = %+v", list)
	}
	if err := s.Delete(ctx, "backups/a.tar.gz"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "backups/a.tar.gz"); !errors.Is(err, objectstore.ErrNotFound) {
		t.Fatalf("Get after Delete: %v, want ErrNotFound", err)
	}
}

func TestFolderInURL(t *testing.T) {
	ctx := context.Background()
	base := s3Server(t, "shop")
	s, err := objectstore.Open(strings.Replace(base, "/shop?", "/shop/nightly?", 1))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "x", strings.NewReader("x"), 1, ""); err != nil {
		t.Fatal(err)
	}
	whole, _ := objectstore.Open(base)
	list, err := whole.List(ctx, "")
	if err != nil || len(list) != 1 || list[0].Key != "nightly/x" {
		t.Fatalf("the bucket holds %+v (%v), want nightly/x", list, err)
	}
	if strings.Contains(s.String(), "secret") {
		t.Fatalf("String() shows the secret: %s", s)
	}
}

func TestOpenRefusesBadURLs(t *testing.T) {
	for _, raw := range []string{
		"http://key:secret@host/bucket",
		"s3://key:secret@host/",
		"s3://host/bucket",
		"s3://key:secret@host/bucket?path-style=maybe",
	} {
		if _, err := objectstore.Open(raw); err == nil {
			t.Errorf("Open(%q) accepted it", raw)
		}
	}
}
