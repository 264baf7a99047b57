package backup

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/migrations"
)

// formatVersion is the layout of an archive; a reader refuses a newer one.
const formatVersion = 1

// Manifest is the first member of every archive: what it holds and how to
// check it.
type Manifest struct {
	Format     int               `json:"format"`
	AppVersion string            `json:"appVersion"`
	Schema     string            `json:"schemaVersion"` // the last migration applied
	Dialect    db.Dialect        `json:"dialect"`
	PGSchema   string            `json:"postgresSchema,omitempty"` // the PostgreSQL schema dumped (public)
	CreatedAt  time.Time         `json:"createdAt"`
	Rows       map[string]int64  `json:"rows"`   // rows per table, in the snapshot
	SHA256     map[string]string `json:"sha256"` // hex checksum of each other member
	// FilesBucket: the stored files (e-books, audiobooks) are kept in this
	// bucket, not in the archive; the bucket is their copy. "": those in
	// FILES_DIR are the archive's files/ members.
	FilesBucket string `json:"filesInBucket,omitempty"`
}

// Member names inside the archive.
const (
	manifestName = "manifest.json"
	sqliteName   = "database.sqlite" // a VACUUM INTO copy
	pgDumpName   = "database.pgdump" // pg_dump --format=custom
)

// LatestSchema is the last migration this binary knows for dialect: an
// archive of a later schema comes from a newer release and is refused.
func LatestSchema(dialect db.Dialect) string {
	files, _ := fs.Glob(migrations.FS, string(dialect)+"/*.sql")
	sort.Strings(files)
	if len(files) == 0 {
		return ""
	}
	return strings.TrimSuffix(path.Base(files[len(files)-1]), ".sql")
}

// check refuses a manifest this binary cannot restore into a database of
// dialect.
func (m Manifest) check(dialect db.Dialect) error {
	switch {
	case m.Format > formatVersion:
		return fmt.Errorf("the archive's format %d is newer than this release reads (%d): restore it with a newer bookshop", m.Format, formatVersion)
	case m.Dialect != dialect:
		return fmt.Errorf("the archive holds a %s database and DATABASE_URL is %s", m.Dialect, dialect)
	case m.Schema > LatestSchema(dialect):
		return fmt.Errorf("the archive's schema %s is newer than this release's %s: restore it with the release that made it (%s) or a newer one",
			m.Schema, LatestSchema(dialect), m.AppVersion)
	}
	return nil
}
