// Command catalogue prints the seeded catalogue as the server inlines it into
// its pages, with the digest of those answers. The web build prerenders the
// public pages from it (web/scripts/prerender.mjs); the server serves those
// pages only while its own answers have the same digest (internal/webapp).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"bookshop/internal/catalog"
	"bookshop/internal/db"
	"bookshop/internal/webapp"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "catalogue:", err)
		os.Exit(1)
	}
}

// run seeds a throwaway SQLite database with the migrations, as a new shop starts.
func run(ctx context.Context, out io.Writer) error {
	dir, err := os.MkdirTemp("", "catalogue-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	d, err := db.Open(ctx, "sqlite:"+filepath.Join(dir, "seed.db"))
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return err
	}
	cat, err := catalog.Load(ctx, d)
	if err != nil {
		return err
	}
	answers := cat.Inline()
	return json.NewEncoder(out).Encode(struct {
		Digest  string                     `json:"digest"`
		Answers map[string]json.RawMessage `json:"answers"`
	}{webapp.Digest(answers), answers})
}
