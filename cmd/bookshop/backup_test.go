package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"filippo.io/age"

	"bookshop/internal/db/dbtest"
)

// TestBackupAndRestoreCommands backs a shop up with `bookshop backup`,
// changes it, and puts it back with `bookshop restore`, on each database.
func TestBackupAndRestoreCommands(t *testing.T) {
	urls := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "shop.db") },
		"postgres": dbtest.PostgresURL,
	}
	for name, url := range urls {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			databaseURL := url(t)
			t.Setenv("DATABASE_URL", databaseURL)
			t.Setenv("BACKUP_DIR", t.TempDir())
			d := dbtest.Open(t, databaseURL)
			books := func() int {
				var n int
				if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM books WHERE title NOT LIKE '%(changed)'").Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			before := books()

			var out bytes.Buffer
			if err := run(ctx, []string{"backup"}, &out); err != nil {
				t.Fatalf("backup: %v\n%s", err, out.String())
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			archive := lines[len(lines)-1]
			if _, err := os.Stat(archive); err != nil {
				t.Fatalf("the last line %q is not the archive: %v", archive, err)
			}

			if _, err := d.ExecContext(ctx, "UPDATE books SET title = title || ' (changed)'"); err != nil {
				t.Fatal(err)
			}
			if books() == before {
				t.Fatal("nothing changed")
			}
			out.Reset()
			if err := run(ctx, []string{"restore", archive}, &out); err != nil {
				t.Fatalf("restore: %v\n%s", err, out.String())
			}
			if books() != before || !strings.Contains(out.String(), "-pre-restore") {
				t.Fatalf("%d books after the restore, want %d; said %q", books(), before, out.String())
			}
		})
	}
}

func TestEncryptedBackupRestoresWithItsIdentity(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "shop.db")
	t.Setenv("DATABASE_URL", "sqlite:"+path)
	key, _ := age.GenerateX25519Identity()
	t.Setenv("BACKUP_AGE_RECIPIENT", key.Recipient().String())
	dbtest.Open(t, "sqlite:"+path)
	var out bytes.Buffer
	if err := run(ctx, []string{"backup", "--to", t.TempDir()}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	archive := lines[len(lines)-1]
	if !strings.HasSuffix(archive, ".tar.gz.age") {
		t.Fatalf("archive %q", archive)
	}
	err := run(ctx, []string{"restore", archive}, &out)
	if err == nil || !strings.Contains(err.Error(), "--identity") {
		t.Fatalf("restore without the key: %v", err)
	}
	keyFile := filepath.Join(t.TempDir(), "key.txt")
	os.WriteFile(keyFile, []byte(key.String()+"\n"), 0o600)
	if err := run(ctx, []string{"restore", archive, "--identity", keyFile}, &out); err != nil {
		t.Fatalf("restore with the key: %v", err)
	}
}

func TestServeOnPostgresWantsABackupFolder(t *testing.T) {
	t.Setenv("DATABASE_URL", dbtest.PostgresURL(t))
	err := run(context.Background(), []string{"serve"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "BACKUP_DIR") {
		t.Fatalf("got %v", err)
	}
}
