package server_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bookshop/internal/audit"
)

// Issue 38 item 8: every action a feature records has its words in the back
// office's audit log, and its kind a place in the log's filter
// (web/src/features/admin/audit-kinds.ts). The actions are audit.Actions
// (Record refuses any other in tests), and the Go source's literal actions
// are among them, so an action recorded on a path no test takes is caught
// too.
func TestEveryAuditActionHasWordsAndAFilter(t *testing.T) {
	src, err := os.ReadFile("../../web/src/features/admin/audit-kinds.ts")
	if err != nil {
		t.Fatal(err)
	}
	labels := matches(`(?m)^\s+'([a-z_]+\.[a-z_]+)': '[^']+',$`, string(src))
	kinds := matches(`\{ value: '([a-z_]+)', label: '[^']+' \}`, string(src))
	for _, action := range audit.Actions() {
		if !slices.Contains(labels, action) {
			t.Errorf("%s has no words in actionNames", action)
		}
		if kind, _, _ := strings.Cut(action, "."); !slices.Contains(kinds, kind) {
			t.Errorf("the kind %q of %s is not in auditKinds", kind, action)
		}
	}
	for _, label := range labels {
		if !slices.Contains(audit.Actions(), label) {
			t.Errorf("actionNames has words for %s, which no feature records (internal/audit/actions.go)", label)
		}
	}
	for _, action := range literalActions(t) {
		if !slices.Contains(audit.Actions(), action) {
			t.Errorf("the Go source records %s, which is not in internal/audit/actions.go", action)
		}
	}
}

// literalActions are the actions the Go source spells out: Action: "x.y",
// and the catalogue's and discounts' entry("x.y", ...).
func literalActions(t *testing.T) []string {
	t.Helper()
	literal := regexp.MustCompile(`(?:Action: |entry\((?:caller, )?)"([a-z_]+\.[a-z_]+)"`)
	var found []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		body, err := os.ReadFile(path)
		for _, m := range literal.FindAllStringSubmatch(string(body), -1) {
			found = append(found, m[1])
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 10 {
		t.Fatalf("found only %d literal actions: %v", len(found), found)
	}
	return found
}

func matches(pattern, text string) []string {
	var out []string
	for _, m := range regexp.MustCompile(pattern).FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}
