package server

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// shared are the packages every other package may import: the plumbing
// (background is the loop of the background jobs; images and media check
// uploaded pictures and audio; objectstore is the S3 client of backups and
// files; linktoken is the secret of an e-mailed link; markdown turns staff's
// Markdown into safe HTML; formats names the formats a book is sold in, for
// the catalogue that sells them and the orders that deliver them; address
// is how each country writes an address, for the orders that check one and
// the settings that group countries into zones; personal is the shape of a
// feature's personal data, which server lists), auth to learn who is
// calling, and audit to record a back-office change.
var shared = map[string]bool{
	"address": true, "audit": true, "auth": true, "background": true, "config": true, "db": true, "formats": true, "httpx": true, "idempotency": true,
	"images": true, "linktoken": true, "mail": true, "markdown": true, "media": true, "objectstore": true, "paypal": true, "personal": true, "ratelimit": true, "testclock": true,
}

// composers put the features together: this package, and apitest, which
// runs the whole server for the API tests.
var composers = map[string]bool{"server": true, "apitest": true}

// TestFeaturesImportOnlySharedPackages keeps DESIGN.md's one-way rule for
// every package under internal/ (a new one is covered without being listed):
// features use the shared packages, and only this package composes features,
// so none imports another.
func TestFeaturesImportOnlySharedPackages(t *testing.T) {
	checked := map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		pkg, _, _ := strings.Cut(filepath.ToSlash(rel), "/") // db/dbtest is db's
		if composers[pkg] {
			return nil
		}
		checked[pkg] = true
		parsed, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range parsed.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			dep, ok := strings.CutPrefix(p, "bookshop/internal/")
			if !ok {
				continue
			}
			dep, _, _ = strings.Cut(dep, "/")
			if dep == "apitest" && strings.HasSuffix(path, "_test.go") {
				continue // the API tests run the whole server
			}
			if dep != pkg && !shared[dep] {
				t.Errorf("%s imports %s: features reach each other only through interfaces wired in internal/server", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, feature := range []string{"account", "auth", "gotrue", "catalog", "contact", "dreams", "games", "geo", "newsletter", "orders"} {
		if !checked[feature] {
			t.Errorf("%s was not checked", feature)
		}
	}
}
