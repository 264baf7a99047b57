package server_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db/dbtest"
)

// backupsList is GET /api/admin/backups' answer.
type backupsList struct {
	Backups []struct {
		ID        string    `json:"id"`
		CreatedAt time.Time `json:"createdAt"`
		Size      int64     `json:"size"`
		Where     []string  `json:"where"`
	} `json:"backups"`
	Making  bool `json:"making"`
	Restore struct {
		State, ID, Error, PreRestore string
	} `json:"restore"`
}

// TestOwnerBacksUpDownloadsAndRestoresOnline walks the Backups screen's
// API on each database: a backup made now, downloaded, a change, and the
// archive restored online, after which the shop serves the earlier data.
func TestOwnerBacksUpDownloadsAndRestoresOnline(t *testing.T) {
	urls := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "shop.db") },
		"postgres": dbtest.PostgresURL,
	}
	for name, url := range urls {
		t.Run(name, func(t *testing.T) {
			databaseURL := url(t)
			dir := t.TempDir()
			e := apitest.NewEnv(t, dbtest.Open(t, databaseURL), map[string]string{"DATABASE_URL": databaseURL, "BACKUP_DIR": dir})
			e.Staff("boss", auth.RoleOwner)
			e.Staff("mgr", auth.RoleManager)

			e.Do("GET", "/api/admin/backups", nil, "mgr").Expect(t, http.StatusForbidden)
			e.Do("POST", "/api/admin/backups", nil, "mgr").Expect(t, http.StatusForbidden)

			e.Do("POST", "/api/admin/backups", nil, "boss").Expect(t, http.StatusAccepted)
			list := waitForBackups(t, e, func(l backupsList) bool { return !l.Making && len(l.Backups) == 1 })
			id := list.Backups[0].ID
			if list.Backups[0].Size == 0 || list.Backups[0].Where[0] != dir {
				t.Fatalf("listed %+v", list.Backups[0])
			}

			got := e.Do("GET", "/api/admin/backups/"+id+"/download", nil, "boss").Expect(t, http.StatusOK)
			file, _ := os.ReadFile(filepath.Join(dir, id))
			if got.Body != string(file) || !strings.Contains(got.Header.Get("Content-Disposition"), id) {
				t.Fatalf("the download is not the archive (%d bytes of %d)", len(got.Body), len(file))
			}
			e.Do("GET", "/api/admin/backups/"+id+"/download", nil, "mgr").Expect(t, http.StatusForbidden)
			e.Do("GET", "/api/admin/backups/bookshop-x.tar.gz/download", nil, "boss").Expect(t, http.StatusNotFound)

			e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": 1, "title": "Changed After The Backup"}, "boss").Expect(t, http.StatusOK)
			if !strings.Contains(e.Do("GET", "/api/books/3", nil, "").Body, "Changed After The Backup") {
				t.Fatal("the change does not show")
			}

			e.Do("POST", "/api/admin/backups/"+id+"/restore", nil, "mgr").Expect(t, http.StatusForbidden)
			e.Do("POST", "/api/admin/backups/"+id+"/restore", nil, "boss").Expect(t, http.StatusAccepted)
			list = waitForBackups(t, e, func(l backupsList) bool { return l.Restore.State != "restoring" })
			if list.Restore.State != "done" || list.Restore.PreRestore == "" || len(list.Backups) != 2 {
				t.Fatalf("after the restore: %+v", list)
			}
			book := e.Do("GET", "/api/books/3", nil, "").Expect(t, http.StatusOK).Body
			if strings.Contains(book, "Changed After The Backup") {
				t.Fatalf("the shop still serves the change the restore undid: %s", book)
			}
			// The restored database goes on: the next save works on it.
			e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": 1, "title": "After The Restore"}, "boss").Expect(t, http.StatusOK)

			for _, action := range []string{"backup.create", "backup.download", "backup.restore"} {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = ?`, action); n != 1 {
					t.Errorf("%d %s entries, want 1", n, action)
				}
			}

			// An upload of the same archive is kept once; a file that is no
			// archive is refused with a reason.
			up := e.Request("POST", "/api/admin/backups/upload", string(file), "boss", map[string]string{"Content-Type": "application/octet-stream"})
			if up.Expect(t, http.StatusCreated); !strings.Contains(up.Body, id) {
				t.Fatalf("upload: %s", up.Body)
			}
			bad := e.Request("POST", "/api/admin/backups/upload", "not an archive", "boss", nil).Expect(t, http.StatusBadRequest)
			if !strings.Contains(bad.Body, "not a bookshop backup") {
				t.Fatalf("bad upload: %s", bad.Body)
			}
		})
	}
}

// waitForBackups polls the owner's list until ok.
func waitForBackups(t *testing.T, e *apitest.Env, ok func(backupsList) bool) backupsList {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		r := e.Do("GET", "/api/admin/backups", nil, "boss")
		if r.Status == http.StatusOK {
			var l backupsList
			r.Decode(t, &l)
			if ok(l) {
				return l
			}
		} else if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" {
			t.Fatalf("list: %d %s", r.Status, r.Body)
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting; last %d %s", r.Status, r.Body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
