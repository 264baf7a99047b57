package server

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFeaturesImportOnlySharedPackages keeps DESIGN.md's one-way rule:
// features use the shared packages, and auth to learn who is calling; only
// this package composes features, so none imports another.
func TestFeaturesImportOnlySharedPackages(t *testing.T) {
	shared := map[string]bool{"config": true, "db": true, "httpx": true, "images": true, "mail": true, "paypal": true, "ratelimit": true, "auth": true, "testclock": true}
	for _, feature := range []string{"auth", "catalog", "contact", "geo", "newsletter", "orders"} {
		files, err := filepath.Glob(filepath.Join("..", feature, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", feature, err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range parsed.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				dep, ok := strings.CutPrefix(path, "bookshop/internal/")
				if !ok {
					continue
				}
				dep, _, _ = strings.Cut(dep, "/") // db/dbtest is db's
				if dep == "apitest" && strings.HasSuffix(f, "_test.go") {
					continue // the API tests run the whole server
				}
				if dep != feature && !shared[dep] {
					t.Errorf("%s imports %s: features reach each other only through interfaces wired in internal/server", f, path)
				}
			}
		}
	}
}
