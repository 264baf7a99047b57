package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"filippo.io/age"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// shopAt opens and migrates a SQLite shop at a new path in the test's
// folder, with a cover picture (a blob) beside the seeded books.
func shopAt(t *testing.T) (string, *db.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shop.db")
	d := dbtest.Open(t, "sqlite:"+path)
	addCover(t, d, "aa", []byte{0, 1, 2, 255, 'p', 'n', 'g'})
	return path, d
}

func addCover(t *testing.T, d *db.DB, hash string, bytes []byte) {
	t.Helper()
	_, err := d.ExecContext(context.Background(), `INSERT INTO book_covers (hash, width, height, content_type, bytes, created_at)
		VALUES (?, 160, 240, 'image/png', ?, ?)`, hash, bytes, time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
}

// dumpSQLite is every table's definition and rows of the SQLite file at
// path, each value with its type, in rowid order: two equal dumps are the
// same tables byte for byte.
func dumpSQLite(t *testing.T, path string) map[string][]string {
	t.Helper()
	ctx := context.Background()
	d, err := openSQLite(path, "&_pragma=query_only(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	out := map[string][]string{}
	defs, err := d.QueryContext(ctx, `SELECT type, name, COALESCE(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for defs.Next() {
		var typ, name, def string
		if err := defs.Scan(&typ, &name, &def); err != nil {
			t.Fatal(err)
		}
		out["schema"] = append(out["schema"], def)
		if typ == "table" {
			tables = append(tables, name)
		}
	}
	defs.Close()
	for _, table := range tables {
		out[table] = rowsOf(t, d, `SELECT * FROM "`+table+`"`+orderBy(t, d, table))
	}
	return out
}

// orderBy is the rowid order of a table, or its primary key's for a table
// without rowid.
func orderBy(t *testing.T, d *sql.DB, table string) string {
	var withoutRowid int
	_ = d.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name = ? AND sql LIKE '%WITHOUT ROWID%'`, table).Scan(&withoutRowid)
	if withoutRowid > 0 {
		return " ORDER BY 1"
	}
	return " ORDER BY rowid"
}

func rowsOf(t *testing.T, d interface {
	Query(string, ...any) (*sql.Rows, error)
}, q string) []string {
	t.Helper()
	rs, err := d.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	var out []string
	for rs.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%#v", vals))
	}
	return out
}

func TestBackupThenRestoreIntoAFreshSQLiteDatabaseIsTheSameByteForByte(t *testing.T) {
	ctx := context.Background()
	src, _ := shopAt(t)
	dir := t.TempDir()
	a, err := Create(ctx, Options{DatabaseURL: "sqlite:" + src, Dir: dir, AppVersion: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(a.ID, ".tar.gz") || a.Size == 0 {
		t.Fatalf("archive %+v", a)
	}
	fresh := filepath.Join(t.TempDir(), "fresh.db")
	got := restoreFile(t, RestoreOptions{Options: Options{DatabaseURL: "sqlite:" + fresh, Dir: dir}}, a.Path)
	if got.PreRestore != nil {
		t.Errorf("a snapshot of an empty database was taken: %+v", got.PreRestore)
	}
	if got.Manifest.Rows["books"] == 0 || got.Manifest.Rows["book_covers"] != 1 || got.Manifest.Schema != LatestSchema(db.SQLite) {
		t.Errorf("manifest %+v", got.Manifest)
	}
	want, have := dumpSQLite(t, src), dumpSQLite(t, fresh)
	if !reflect.DeepEqual(want, have) {
		for table := range want {
			if !reflect.DeepEqual(want[table], have[table]) {
				t.Errorf("%s differs:\n want %v\n have %v", table, want[table], have[table])
			}
		}
	}
}

func restoreFile(t *testing.T, o RestoreOptions, path string) Restored {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := Restore(context.Background(), o, f)
	if err != nil {
		t.Fatalf("restore: %v", err)
	}
	return got
}

func TestRestoreOverALiveSQLiteShopSnapshotsItFirst(t *testing.T) {
	ctx := context.Background()
	src, d := shopAt(t)
	dir := t.TempDir()
	o := Options{DatabaseURL: "sqlite:" + src, Dir: dir}
	a, err := Create(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	addCover(t, d, "bb", []byte("later")) // a change after the backup, through the shop's open pools

	got := restoreFile(t, RestoreOptions{Options: o}, a.Path)
	if got.PreRestore == nil || !strings.Contains(got.PreRestore.ID, "-pre-restore") {
		t.Fatalf("no pre-restore snapshot: %+v", got)
	}
	var n int
	// The shop's own pools, still open, see the restored database.
	if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM book_covers").Scan(&n); err != nil || n != 1 {
		t.Fatalf("covers after the restore: %d (%v), want the archive's 1", n, err)
	}
	if _, err := d.ExecContext(ctx, "DELETE FROM book_covers"); err != nil {
		t.Fatalf("the shop cannot write after the restore: %v", err)
	}
	var version int64
	if err := d.QueryRowContext(ctx, "SELECT version FROM catalog_version").Scan(&version); err != nil || version != 2 {
		t.Fatalf("catalog version after the restore: %d (%v), want 2: past the 1 it had, never a number used before", version, err)
	}
	list, _ := List(dir)
	if len(list) != 2 {
		t.Fatalf("List = %+v, want the archive and the pre-restore snapshot", list)
	}
	// The snapshot holds the change the restore replaced.
	restoreFile(t, RestoreOptions{Options: o}, got.PreRestore.Path)
	if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM book_covers").Scan(&n); err != nil || n != 2 {
		t.Fatalf("covers after restoring the snapshot: %d (%v), want 2", n, err)
	}
}

func TestEncryptedArchiveNeedsItsKey(t *testing.T) {
	ctx := context.Background()
	src, _ := shopAt(t)
	key, _ := age.GenerateX25519Identity()
	other, _ := age.GenerateX25519Identity()
	dir := t.TempDir()
	a, err := Create(ctx, Options{DatabaseURL: "sqlite:" + src, Dir: dir, Recipient: key.Recipient()})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Encrypted || !strings.HasSuffix(a.ID, ".tar.gz.age") {
		t.Fatalf("archive %+v", a)
	}
	body, _ := os.ReadFile(a.Path)
	if strings.Contains(string(body), "manifest.json") {
		t.Fatal("the manifest is readable in the encrypted archive")
	}
	fresh := RestoreOptions{Options: Options{DatabaseURL: "sqlite:" + filepath.Join(t.TempDir(), "x.db"), Dir: dir}}
	for name, ids := range map[string][]age.Identity{"no key": nil, "another key": {other}} {
		fresh.Identities = ids
		f, _ := os.Open(a.Path)
		_, err := Restore(ctx, fresh, f)
		f.Close()
		if err == nil {
			t.Errorf("%s: restored", name)
		}
		if name == "no key" && !errors.Is(err, ErrEncrypted) {
			t.Errorf("%s: %v, want ErrEncrypted", name, err)
		}
	}
	fresh.Identities = []age.Identity{key}
	restoreFile(t, fresh, a.Path)
}

func TestCorruptArchiveIsRefusedBeforeAnythingChanges(t *testing.T) {
	ctx := context.Background()
	src, d := shopAt(t)
	dir := t.TempDir()
	o := Options{DatabaseURL: "sqlite:" + src, Dir: dir}
	a, err := Create(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := os.ReadFile(a.Path)
	for name, damage := range map[string]func([]byte) []byte{
		"a flipped byte": func(b []byte) []byte { b[len(b)/2] ^= 0x40; return b },
		"cut short":      func(b []byte) []byte { return b[:len(b)*2/3] },
		"not a backup":   func([]byte) []byte { return []byte("hello") },
	} {
		bad := filepath.Join(t.TempDir(), "bad.tar.gz")
		os.WriteFile(bad, damage(append([]byte(nil), body...)), 0o600)
		f, _ := os.Open(bad)
		_, err := Restore(ctx, RestoreOptions{Options: o}, f)
		f.Close()
		if err == nil {
			t.Errorf("%s: restored", name)
		}
	}
	if list, _ := List(dir); len(list) != 1 {
		t.Errorf("a refused archive left archives behind: %+v", list)
	}
	var n int
	if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM book_covers").Scan(&n); err != nil || n != 1 {
		t.Errorf("covers %d (%v)", n, err)
	}
}

func TestNewerSchemaIsRefused(t *testing.T) {
	src, _ := shopAt(t)
	dir := t.TempDir()
	snap := filepath.Join(t.TempDir(), sqliteName)
	if _, _, err := snapshotSQLite(context.Background(), src, snap); err != nil {
		t.Fatal(err)
	}
	sum, _ := fileSHA256(snap)
	m := Manifest{Format: 1, AppVersion: "v9", Dialect: db.SQLite, Schema: "9999_from_the_future", SHA256: map[string]string{sqliteName: sum}}
	path := filepath.Join(dir, "future.tar.gz")
	f, _ := os.Create(path)
	if err := writeArchive(f, nil, m, sqliteName, snap, "", nil); err != nil {
		t.Fatal(err)
	}
	f.Close()
	f, _ = os.Open(path)
	defer f.Close()
	_, err := Restore(context.Background(), RestoreOptions{Options: Options{DatabaseURL: "sqlite:" + src, Dir: dir}}, f)
	if err == nil || !strings.Contains(err.Error(), "newer than this release") {
		t.Fatalf("restore of a newer schema: %v", err)
	}
}

func TestFailedBackupLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	_, err := Create(context.Background(), Options{DatabaseURL: "sqlite:" + filepath.Join(t.TempDir(), "missing.db"), Dir: dir})
	if err == nil {
		t.Fatal("a backup of a missing database worked")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left %v", entries)
	}
}

func TestPruneKeepsTheNewest(t *testing.T) {
	ctx := context.Background()
	src, _ := shopAt(t)
	dir := t.TempDir()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 4 {
		now := at.Add(time.Duration(i) * time.Hour)
		if _, err := Create(ctx, Options{DatabaseURL: "sqlite:" + src, Dir: dir, Now: func() time.Time { return now }}); err != nil {
			t.Fatal(err)
		}
	}
	gone, err := Prune(dir, 2)
	if err != nil || len(gone) != 2 {
		t.Fatalf("Prune: %v %v", gone, err)
	}
	list, _ := List(dir)
	if len(list) != 2 || !list[0].CreatedAt.Equal(at.Add(3*time.Hour)) {
		t.Fatalf("left %+v", list)
	}
	if _, ok := Find(dir, "../shop.db"); ok {
		t.Fatal("Find accepted a path")
	}
}

func TestPostgresBackupThenRestoreIntoAFreshDatabaseRowForRow(t *testing.T) {
	ctx := context.Background()
	srcURL := dbtest.PostgresURL(t)
	d := dbtest.Open(t, srcURL)
	addCover(t, d, "aa", []byte{0, 1, 2, 255})
	dir := t.TempDir()
	a, err := Create(ctx, Options{DatabaseURL: srcURL, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	freshURL := freshPostgresDatabase(t, srcURL)
	got := restoreFile(t, RestoreOptions{Options: Options{DatabaseURL: freshURL, Dir: dir}}, a.Path)
	if got.PreRestore != nil {
		t.Errorf("snapshot of an empty database: %+v", got.PreRestore)
	}
	want, have := dumpPostgres(t, srcURL), dumpPostgres(t, freshURL)
	if len(want) < 20 || !reflect.DeepEqual(want, have) {
		t.Fatalf("the restored database differs (%d tables, %d restored)", len(want), len(have))
	}

	// Over the live one: a snapshot first, and the change after the backup undone.
	addCover(t, d, "bb", []byte("later"))
	got = restoreFile(t, RestoreOptions{Options: Options{DatabaseURL: srcURL, Dir: dir}}, a.Path)
	if got.PreRestore == nil {
		t.Fatal("no pre-restore snapshot")
	}
	var n int
	if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM book_covers").Scan(&n); err != nil || n != 1 {
		t.Fatalf("covers after the restore: %d (%v)", n, err)
	}
	if _, err := d.ExecContext(ctx, "DELETE FROM book_covers"); err != nil {
		t.Fatalf("the shop's pool cannot write after the restore: %v", err)
	}
}

func TestPostgresWithoutPgDumpSaysSo(t *testing.T) {
	srcURL := dbtest.PostgresURL(t)
	dbtest.Open(t, srcURL)
	t.Setenv("PATH", t.TempDir())
	dir := t.TempDir()
	_, err := Create(context.Background(), Options{DatabaseURL: srcURL, Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "pg_dump was not found on PATH") {
		t.Fatalf("err = %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left %v", entries)
	}
}

// freshPostgresDatabase creates an empty database beside srcURL's, dropped
// after the test, and returns its URL with the same search_path.
func freshPostgresDatabase(t *testing.T, srcURL string) string {
	t.Helper()
	ctx := context.Background()
	admin, err := sql.Open("pgx", os.Getenv("TEST_DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := fmt.Sprintf("restore_%d", time.Now().UnixNano())
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		a, _ := sql.Open("pgx", os.Getenv("TEST_DATABASE_URL"))
		defer a.Close()
		_, _ = a.ExecContext(context.Background(), "DROP DATABASE "+name+" WITH (FORCE)")
	})
	u, _ := url.Parse(srcURL)
	u.Path = "/" + name
	return u.String()
}

// dumpPostgres is each table's rows as JSON text, sorted.
func dumpPostgres(t *testing.T, databaseURL string) map[string][]string {
	t.Helper()
	d, err := sql.Open("pgx", databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	tables, err := stringsOf(context.Background(), d, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, table := range tables {
		out[table] = rowsOf(t, d, `SELECT to_jsonb(x)::text FROM "`+table+`" x ORDER BY 1`)
	}
	return out
}

func TestStoredFilesOnDiskGoIntoTheArchiveAndBack(t *testing.T) {
	ctx := context.Background()
	src, _ := shopAt(t)
	files := t.TempDir()
	os.MkdirAll(filepath.Join(files, "ab"), 0o750)
	os.MkdirAll(filepath.Join(files, ".uploads"), 0o750)
	os.WriteFile(filepath.Join(files, "ab", "abcdef"), []byte("an e-book"), 0o600)
	os.WriteFile(filepath.Join(files, ".uploads", "half"), []byte("an upload under way"), 0o600)
	dir := t.TempDir()
	a, err := Create(ctx, Options{DatabaseURL: "sqlite:" + src, Dir: dir, FilesDir: files})
	if err != nil {
		t.Fatal(err)
	}
	freshFiles := t.TempDir()
	got := restoreFile(t, RestoreOptions{Options: Options{DatabaseURL: "sqlite:" + filepath.Join(t.TempDir(), "x.db"), Dir: dir, FilesDir: freshFiles}}, a.Path)
	if _, ok := got.Manifest.SHA256["files/ab/abcdef"]; !ok || len(got.Manifest.SHA256) != 2 {
		t.Fatalf("manifest checksums %v", got.Manifest.SHA256)
	}
	if b, err := os.ReadFile(filepath.Join(freshFiles, "ab", "abcdef")); err != nil || string(b) != "an e-book" {
		t.Fatalf("restored file: %q %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(freshFiles, ".uploads")); err == nil {
		t.Fatal("an upload under way was archived")
	}

	// A stored file changed inside the archive fails its checksum.
	body, _ := os.ReadFile(a.Path)
	bad := filepath.Join(t.TempDir(), "bad.tar.gz")
	os.WriteFile(bad, body[:len(body)-40], 0o600)
	f, _ := os.Open(bad)
	defer f.Close()
	if _, err := Restore(ctx, RestoreOptions{Options: Options{DatabaseURL: "sqlite:" + filepath.Join(t.TempDir(), "y.db"), Dir: dir, FilesDir: t.TempDir()}}, f); err == nil {
		t.Fatal("a cut archive restored")
	}
}

// With the files in a bucket, the archive holds none of them (not even
// what FILES_DIR still has) and its manifest names the bucket, without its
// secret, as their copy.
func TestFilesInABucketAreNamedNotArchived(t *testing.T) {
	ctx := context.Background()
	src, _ := shopAt(t)
	files := t.TempDir()
	os.WriteFile(filepath.Join(files, "left-on-disk"), []byte("an e-book"), 0o600)
	k, err := NewKeeper(Settings{DatabaseURL: "sqlite:" + src, Dir: t.TempDir(), FilesDir: files,
		FilesS3URL: "s3://key:secret@127.0.0.1:9/shop-files?path-style=true&insecure=true"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := k.Backup(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := restoreFile(t, RestoreOptions{Options: Options{DatabaseURL: "sqlite:" + filepath.Join(t.TempDir(), "x.db"), Dir: t.TempDir()}}, a.Path)
	if got.Manifest.FilesBucket != "s3://127.0.0.1:9/shop-files/" || len(got.Manifest.SHA256) != 1 {
		t.Fatalf("manifest: bucket %q, members %v", got.Manifest.FilesBucket, got.Manifest.SHA256)
	}
}
