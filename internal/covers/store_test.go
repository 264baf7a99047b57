package covers

import (
	"context"
	"strings"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/images"
)

func TestExistsNamesOnlyStoredCopies(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		hash := strings.Repeat("0a", 32)
		copies := []images.Picture{{Data: []byte("small"), ContentType: "image/jpeg", Width: 160, Height: 240},
			{Data: []byte("large"), ContentType: "image/jpeg", Width: 640, Height: 960}}
		err := d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			return insertCopies(ctx, tx, "book_covers", hash, copies, time.Now())
		})
		if err != nil {
			t.Fatal(err)
		}
		s := New(d, time.Now)
		for u, want := range map[string]bool{
			"/covers/u/" + hash + "-640.jpg":                     true,
			"/covers/u/" + hash + "-160.jpg":                     true,
			"/covers/u/" + hash + "-320.jpg":                     false, // not kept
			"/covers/u/" + hash + "-640.png":                     false, // another type
			"/covers/u/" + strings.Repeat("0b", 32) + "-640.jpg": false,
			"https://shop.test/covers/u/" + hash + "-640.jpg":    false,
			"/covers/book-3.svg":                                 false,
			"/covers/u/" + hash + "-640.jpg?v=1":                 false,
		} {
			if got, err := s.Exists(ctx, u); err != nil || got != want {
				t.Errorf("Exists(%q) = %v, %v; want %v", u, got, err, want)
			}
		}
	})
}
