// Package backup makes and restores archives of the whole shop: one tar.gz
// (age-encrypted when a recipient is set) holding a manifest and a
// consistent snapshot of the database: SQLite's VACUUM INTO, or pg_dump's
// custom format. Every stored file (covers, storybook pictures and
// narration) lives in the database's tables, so the snapshot holds them.
//
// Archives are kept as files in one folder, listed from it (no table of
// backups: a record of them inside the database would be restored with it),
// and optionally copied to an S3-compatible bucket.
package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"filippo.io/age"

	"bookshop/internal/db"
)

// Options say where the shop's database is and where its archives go.
type Options struct {
	DatabaseURL string
	Dir         string        // the folder of archives
	AppVersion  string        // recorded in the manifest
	Recipient   age.Recipient // nil: the archive is not encrypted
	Now         func() time.Time
	// FilesDir is the files store's folder (FILES_DIR) when it keeps the
	// files on disk: its files go into the archive beside the database.
	// "": the files are in a bucket, which keeps them itself.
	FilesDir string
	// FilesBucket is that bucket, without credentials, named in the
	// manifest as the copy of the files the archive does not hold.
	FilesBucket string
}

// Archive is one backup in the folder.
type Archive struct {
	ID        string    `json:"id"` // its file name
	Path      string    `json:"-"`
	CreatedAt time.Time `json:"createdAt"`
	Size      int64     `json:"size"`
	Encrypted bool      `json:"encrypted"`
}

const stampLayout = "20060102T150405.000Z"

// archiveName matches the name of an archive, and only that: a temporary
// file of a backup under way (".bookshop-…") is never listed.
var archiveName = regexp.MustCompile(`^bookshop-(\d{8}T\d{6}\.\d{3}Z)(-pre-restore)?\.tar\.gz(\.age)?$`)

// Create writes an archive of the shop into o.Dir and returns it. The
// archive is written under a temporary name and renamed once complete, so a
// backup that fails leaves no partial archive behind, listed or not.
func Create(ctx context.Context, o Options) (Archive, error) {
	return create(ctx, o, "")
}

func create(ctx context.Context, o Options, suffix string) (Archive, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if err := os.MkdirAll(o.Dir, 0o750); err != nil {
		return Archive{}, fmt.Errorf("create the backup folder: %w", err)
	}
	work, err := os.MkdirTemp(o.Dir, ".bookshop-backup-")
	if err != nil {
		return Archive{}, fmt.Errorf("backup folder %s: %w", o.Dir, err)
	}
	defer os.RemoveAll(work)

	m, member, snap, err := snapshot(ctx, o, work)
	if err != nil {
		return Archive{}, err
	}
	files, err := withFiles(o, &m)
	if err != nil {
		return Archive{}, err
	}
	name := "bookshop-" + m.CreatedAt.Format(stampLayout) + suffix + ".tar.gz"
	if o.Recipient != nil {
		name += ".age"
	}
	partial := filepath.Join(work, name)
	f, err := os.OpenFile(partial, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return Archive{}, err
	}
	err = writeArchive(f, o.Recipient, m, member, snap, o.FilesDir, files)
	if err == nil {
		err = f.Sync() // on disk before it is named as a backup
	}
	if err = errors.Join(err, f.Close()); err != nil {
		return Archive{}, fmt.Errorf("write the archive: %w", err)
	}
	final := filepath.Join(o.Dir, name)
	if _, err := os.Stat(final); err == nil {
		return Archive{}, fmt.Errorf("%s exists already", final)
	}
	if err := os.Rename(partial, final); err != nil {
		return Archive{}, err
	}
	return stat(final)
}

// snapshot writes the database's snapshot into work and returns the
// manifest, the archive member's name and the snapshot's path.
func snapshot(ctx context.Context, o Options, work string) (Manifest, string, string, error) {
	driver, dsn, err := db.SplitURL(o.DatabaseURL)
	if err != nil {
		return Manifest{}, "", "", err
	}
	m := Manifest{Format: formatVersion, AppVersion: o.AppVersion, CreatedAt: o.Now().UTC().Truncate(time.Millisecond),
		FilesBucket: o.FilesBucket}
	var member string
	switch driver {
	case "sqlite":
		m.Dialect, member = db.SQLite, sqliteName
		if _, err := os.Stat(dsn); err != nil {
			return Manifest{}, "", "", fmt.Errorf("the database %s: %w", dsn, err)
		}
		m.Schema, m.Rows, err = snapshotSQLite(ctx, dsn, filepath.Join(work, member))
	default:
		m.Dialect, member = db.Postgres, pgDumpName
		m.PGSchema, m.Schema, m.Rows, err = snapshotPostgres(ctx, o.DatabaseURL, filepath.Join(work, member))
	}
	if err != nil {
		return Manifest{}, "", "", fmt.Errorf("snapshot of the database: %w", err)
	}
	path := filepath.Join(work, member)
	sum, err := fileSHA256(path)
	if err != nil {
		return Manifest{}, "", "", err
	}
	m.SHA256 = map[string]string{member: sum}
	return m, member, path, nil
}

// withFiles lists the stored files and adds their checksums to m; taken
// after the database's snapshot, so every file it names is there (a file
// is kept before the row that names it commits).
func withFiles(o Options, m *Manifest) ([]string, error) {
	names, err := storedFiles(o.FilesDir)
	if err != nil {
		return nil, fmt.Errorf("the stored files in %s: %w", o.FilesDir, err)
	}
	return names, checksumFiles(o.FilesDir, names, m.SHA256)
}

// RestoreOptions are Options plus the identities that decrypt an archive.
type RestoreOptions struct {
	Options
	Identities []age.Identity
}

// Restored tells what a restore did.
type Restored struct {
	Manifest   Manifest
	PreRestore *Archive // the snapshot of what was replaced; nil when the database was empty
}

// Restore replaces the shop's database with the archive read from r. It
// refuses an archive of another dialect, of a newer schema or format, or
// whose checksum fails, before touching the database; then it takes a
// snapshot of what it replaces (a "-pre-restore" archive in o.Dir),
// restores, and checks the manifest's rows per table. The caller applies
// the migrations of this release afterwards (an older archive's schema).
func Restore(ctx context.Context, o RestoreOptions, r io.Reader) (Restored, error) {
	driver, dsn, err := db.SplitURL(o.DatabaseURL)
	if err != nil {
		return Restored{}, err
	}
	dialect := db.Dialect(driver)
	a, err := openArchive(r, o.Identities)
	if err != nil {
		return Restored{}, err
	}
	if err := a.manifest.check(dialect); err != nil {
		return Restored{}, err
	}
	if err := os.MkdirAll(o.Dir, 0o750); err != nil {
		return Restored{}, err
	}
	work, err := os.MkdirTemp(o.Dir, ".bookshop-restore-")
	if err != nil {
		return Restored{}, err
	}
	defer os.RemoveAll(work)
	file, err := a.extract(work)
	if err != nil {
		return Restored{}, err
	}
	staging := filepath.Join(work, "files")
	if err := a.extractFiles(staging); err != nil {
		return Restored{}, err
	}

	out := Restored{Manifest: a.manifest}
	before := counters(ctx, dialect, dsn, o.DatabaseURL)
	if hasTables(ctx, dialect, dsn, o.DatabaseURL) {
		pre, err := create(ctx, o.Options, "-pre-restore")
		if err != nil {
			return out, fmt.Errorf("snapshot before the restore (nothing was restored): %w", err)
		}
		out.PreRestore = &pre
	}
	if dialect == db.SQLite {
		err = restoreSQLite(ctx, dsn, file)
	} else {
		err = restorePostgres(ctx, o.DatabaseURL, file, a.manifest.PGSchema)
	}
	if err != nil {
		return out, fmt.Errorf("restore: %w", err)
	}
	if o.FilesDir != "" {
		if err := placeFiles(staging, o.FilesDir); err != nil {
			return out, fmt.Errorf("restore the stored files into %s: %w", o.FilesDir, err)
		}
	}
	if err := checkRows(ctx, dialect, dsn, o.DatabaseURL, a.manifest.Rows); err != nil {
		return out, err
	}
	if out.PreRestore == nil {
		return out, nil // a fresh database: no cache has seen its versions, and the restore stays byte for byte
	}
	return out, moveCountersPast(ctx, dialect, dsn, o.DatabaseURL, before)
}

// hasTables tells whether there is a database worth a snapshot before it
// is replaced.
func hasTables(ctx context.Context, dialect db.Dialect, path, databaseURL string) bool {
	_, rows, err := describeNow(ctx, dialect, path, databaseURL)
	return err == nil && len(rows) > 0
}

func describeNow(ctx context.Context, dialect db.Dialect, path, databaseURL string) (string, map[string]int64, error) {
	if dialect == db.Postgres {
		return describePostgres(ctx, databaseURL)
	}
	if _, err := os.Stat(path); err != nil {
		return "", nil, err
	}
	d, err := openSQLite(path, "")
	if err != nil {
		return "", nil, err
	}
	defer d.Close()
	return describeSQLite(ctx, d)
}

// checkRows compares the restored database's rows per table with the
// manifest's.
func checkRows(ctx context.Context, dialect db.Dialect, path, databaseURL string, want map[string]int64) error {
	_, got, err := describeNow(ctx, dialect, path, databaseURL)
	if err != nil {
		return fmt.Errorf("count the restored rows: %w", err)
	}
	var wrong []string
	for table, n := range want {
		if got[table] != n {
			wrong = append(wrong, fmt.Sprintf("%s has %d rows, the manifest says %d", table, got[table], n))
		}
	}
	if len(wrong) > 0 {
		sort.Strings(wrong)
		return fmt.Errorf("the restored database does not match the manifest: %s", strings.Join(wrong, "; "))
	}
	return nil
}

// List returns the archives in dir, newest first; a missing folder has none.
func List(dir string) ([]Archive, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Archive
	for _, e := range entries {
		if e.Type().IsRegular() && archiveName.MatchString(e.Name()) {
			a, err := stat(filepath.Join(dir, e.Name()))
			if err != nil {
				continue // removed meanwhile (pruned by another instance)
			}
			out = append(out, a)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out, nil
}

// Find returns the archive named id in dir; a name that is not an
// archive's (a path, a temporary file) is not found.
func Find(dir, id string) (Archive, bool) {
	if !archiveName.MatchString(id) {
		return Archive{}, false
	}
	a, err := stat(filepath.Join(dir, id))
	return a, err == nil
}

// Prune deletes the oldest archives in dir beyond the newest keep, and
// returns the ones it deleted.
func Prune(dir string, keep int) ([]Archive, error) {
	all, err := List(dir)
	if err != nil || len(all) <= keep {
		return nil, err
	}
	var gone []Archive
	for _, a := range all[keep:] {
		if err := os.Remove(a.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return gone, err
		}
		gone = append(gone, a)
	}
	return gone, nil
}

func stat(path string) (Archive, error) {
	a, ok := parseName(filepath.Base(path))
	if !ok {
		return Archive{}, fmt.Errorf("%s is not an archive's name", path)
	}
	st, err := os.Stat(path)
	if err != nil {
		return Archive{}, err
	}
	a.Path, a.Size = path, st.Size()
	return a, nil
}

// ParseRecipient reads an age X25519 public key (age1…).
func ParseRecipient(s string) (age.Recipient, error) {
	r, err := age.ParseX25519Recipient(strings.TrimSpace(s))
	if err != nil {
		return nil, fmt.Errorf("not an age public key (age1…): %w", err)
	}
	return r, nil
}

// ReadIdentities reads an age identity file (age-keygen's output).
func ReadIdentities(path string) ([]age.Identity, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ids, err := age.ParseIdentities(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ids, nil
}
