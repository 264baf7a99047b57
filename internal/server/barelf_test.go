package server_test

import (
	"bufio"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db/dbtest"
)

// registeredRoutes reads every "METHOD /path" pattern passed to a mux's
// Handle or HandleFunc in the shop's packages (routes.go, and the lists it
// delegates to, such as auth's), so a route added anywhere is covered.
func registeredRoutes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(parsed, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Handle" && sel.Sel.Name != "HandleFunc") {
				return true
			}
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if p, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(p, " /") {
					patterns = append(patterns, p)
				}
			}
			return true
		})
	}
	return patterns
}

var wildcard = regexp.MustCompile(`\{[^}]*\}`)

// net/http accepts a request head whose lines end with a bare LF (RFC 9112
// §2.2 lets a server do so); every route must respond to one at once, as to
// any other request, and not wait for the rest of a head it already has.
func TestEveryRouteRespondsToBareLFLineEndings(t *testing.T) {
	routes := registeredRoutes(t)
	if len(routes) < 40 {
		t.Fatalf("found only %d routes: %v", len(routes), routes)
	}
	// The paths no pattern names: the app's pages and the API's fallback.
	routes = append(routes, "GET /", "GET /books/3", "GET /api/nope", "POST /auth/v1/nope")

	env := apitest.NewEnv(t, dbtest.SQLite(t), nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- env.Server.Serve(ctx, ln) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}()

	for _, route := range routes {
		method, path, _ := strings.Cut(route, " ")
		path = wildcard.ReplaceAllString(path, "1")
		head := method + " " + path + " HTTP/1.1\nHost: " + ln.Addr().String() + "\nAccept: */*\n"
		if method == "POST" || method == "PUT" || method == "PATCH" {
			head += "Content-Type: application/json\nContent-Length: 2\n\n{}"
		} else {
			head += "\n"
		}
		t.Run(method+" "+path, func(t *testing.T) {
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			// Far below the server's ReadHeaderTimeout: a server that waits
			// for a CRLF it will never get stalls until then.
			_ = c.SetDeadline(time.Now().Add(5 * time.Second))
			if _, err := c.Write([]byte(head)); err != nil {
				t.Fatal(err)
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
			if err != nil {
				t.Fatalf("no response: %v", err)
			}
			resp.Body.Close()
			if resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode >= 500 || resp.Header.Get("X-Request-Id") == "" {
				t.Errorf("status %d, X-Request-Id %q", resp.StatusCode, resp.Header.Get("X-Request-Id"))
			}
		})
	}
}
