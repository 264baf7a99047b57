package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// dbCalls are the methods that reach the database or open a transaction.
var dbCalls = map[string]bool{"ExecContext": true, "QueryContext": true, "QueryRowContext": true, "InTx": true, "InTxValue": true, "BeginTx": true}

// sqlText is a string that reads as SQL.
var sqlText = regexp.MustCompile(`^\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\s|\sFROM [a-z_]+\b|\sWHERE\s`)

// TestHandlersHoldNoSQL keeps the features' handlers as catalog's are: a
// function that takes an http.ResponseWriter or an *http.Request decodes,
// calls its service and responds, and the SQL and the transactions live in
// the feature's store. GoTrue keeps its inline transactions, as GoTrue
// itself does, and this package's own handlers are the composer's.
func TestHandlersHoldNoSQL(t *testing.T) {
	handlers := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		pkg, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		if pkg == "gotrue" || composers[pkg] {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var typ *ast.FuncType
			var body *ast.BlockStmt
			switch fn := n.(type) {
			case *ast.FuncDecl:
				typ, body = fn.Type, fn.Body
			case *ast.FuncLit:
				typ, body = fn.Type, fn.Body
			default:
				return true
			}
			if body == nil || !takesRequest(typ) {
				return true
			}
			handlers++
			if what := sqlIn(body); what != "" {
				t.Errorf("%s: a handler holds %s; move it to the feature's store (catalog's http_admin.go and admin.go show how)", fset.Position(n.Pos()), what)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if handlers < 100 {
		t.Errorf("only %d handlers found: the walk missed the features", handlers)
	}
}

// takesRequest tells a function with an http.ResponseWriter or an
// *http.Request parameter.
func takesRequest(typ *ast.FuncType) bool {
	for _, p := range typ.Params.List {
		t := p.Type
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		if sel, ok := t.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "http" && (sel.Sel.Name == "ResponseWriter" || sel.Sel.Name == "Request") {
				return true
			}
		}
	}
	return false
}

// sqlIn names the first database call or SQL text in body, "" for none.
func sqlIn(body *ast.BlockStmt) string {
	found := ""
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if dbCalls[x.Sel.Name] && found == "" {
				found = x.Sel.Name
			}
		case *ast.BasicLit:
			if x.Kind == token.STRING && found == "" {
				if s, err := strconv.Unquote(x.Value); err == nil && sqlText.MatchString(s) {
					found = "SQL " + strconv.Quote(s[:min(len(s), 40)])
				}
			}
		}
		return found == ""
	})
	return found
}
