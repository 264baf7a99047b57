package backup

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"bookshop/internal/objectstore"
	"bookshop/internal/testclock"
)

// TestArchivesAreCopiedToTheBucketAndRestoreFromIt runs the keeper against
// a local S3-compatible server: each archive is copied there, listed with
// both places, opened from the bucket once the folder lost it, and pruned
// in both places.
func TestArchivesAreCopiedToTheBucketAndRestoreFromIt(t *testing.T) {
	ctx := context.Background()
	backend := s3mem.New()
	if err := backend.CreateBucket("shop"); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(gofakes3.New(backend).Server())
	defer ts.Close()
	bucket, err := objectstore.Open("s3://key:secret@" + strings.TrimPrefix(ts.URL, "http://") + "/shop/nightly?region=us-east-1&path-style=true&insecure=true")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := shopAt(t)
	clock := testclock.At(time.Date(2026, 6, 1, 3, 0, 0, 0, time.UTC))
	k := &Keeper{Options: Options{DatabaseURL: "sqlite:" + src, Dir: t.TempDir(), Now: clock.Now}, Keep: 2, Bucket: bucket}
	var made []Archive
	for range 3 {
		a, err := k.Backup(ctx)
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, a)
		clock.Advance(time.Hour)
	}
	list, err := k.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != made[2].ID || len(list[0].Where) != 2 || !strings.HasPrefix(list[0].Where[1], "s3://") {
		t.Fatalf("listed %+v", list)
	}
	if strings.Contains(list[0].Where[1], "secret") {
		t.Fatal("the bucket's secret is listed")
	}

	// The folder loses the newest: the bucket still has it, and it restores from there.
	os.Remove(made[2].Path)
	list, _ = k.List(ctx)
	if len(list[0].Where) != 1 || list[0].ID != made[2].ID {
		t.Fatalf("after the local copy went: %+v", list)
	}
	body, a, err := k.Open(ctx, made[2].ID)
	if err != nil {
		t.Fatal(err)
	}
	defer body.Close()
	local, _ := io.ReadAll(body)
	if int64(len(local)) != a.Size || a.Size != made[2].Size {
		t.Fatalf("opened %d bytes from the bucket, want %d", len(local), made[2].Size)
	}
	if _, err := k.Restore(ctx, strings.NewReader(string(local))); err != nil {
		t.Fatalf("restore from the bucket's copy: %v", err)
	}
	if _, _, err := k.Open(ctx, made[0].ID); err != ErrNoArchive {
		t.Fatalf("the pruned archive opened: %v", err)
	}
}
