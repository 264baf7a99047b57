package files

import (
	"context"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

const fileColumns = `id, kind, name, size, sha256, content_type, created_at`

func scanFile(row interface{ Scan(...any) error }) (File, error) {
	var f File
	err := row.Scan(&f.ID, &f.Kind, &f.Name, &f.Size, &f.SHA256, &f.ContentType, &f.CreatedAt)
	f.CreatedAt = f.CreatedAt.UTC()
	return f, err
}

// getFile is one file's record; an unknown id is a 404.
func getFile(ctx context.Context, q db.Querier, id string) (File, error) {
	f, err := scanFile(q.QueryRowContext(ctx, `SELECT `+fileColumns+` FROM files WHERE id = ?`, id))
	if db.IsNoRows(err) {
		return File{}, httpx.NotFound("File")
	}
	return f, err
}

// sameFile is a file already stored with these bytes and this name (the
// same upload sent twice, a double click), if any.
func sameFile(ctx context.Context, q db.Querier, sha, name string) (File, bool, error) {
	f, err := scanFile(q.QueryRowContext(ctx, `SELECT `+fileColumns+` FROM files WHERE sha256 = ? AND name = ? ORDER BY created_at LIMIT 1`, sha, name))
	if db.IsNoRows(err) {
		return File{}, false, nil
	}
	return f, err == nil, err
}

func insertFile(ctx context.Context, q db.Querier, f File, by string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO files (id, kind, name, size, sha256, content_type, created_at, created_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.ID, f.Kind, f.Name, f.Size, f.SHA256, f.ContentType, f.CreatedAt, by)
	return err
}

// Exists tells whether id is a stored file (for the selling half, which
// checks a format's files before it saves them).
func Exists(ctx context.Context, q db.Querier, id string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM files WHERE id = ?`, id).Scan(&n)
	return n > 0, err
}

// at is a time as the tables keep it.
func at(t time.Time) time.Time { return t.UTC() }

// linkGrant is the grant of the link whose token hashes to hash, and when
// the link expires; sql.ErrNoRows for no such link.
func linkGrant(ctx context.Context, q db.Querier, hash string) (grantRow, time.Time, error) {
	var expires time.Time
	g, err := scanGrant(q.QueryRowContext(ctx, `SELECT `+grantColumns+`, l.expires_at
		FROM download_links l JOIN download_grants g ON g.id = l.grant_id JOIN files f ON f.id = g.file_id
		WHERE l.token_hash = ?`, hash), &expires)
	return g, expires, err
}

// purchaseGrant is the grant of one file of the account's purchase;
// sql.ErrNoRows when the account holds no such file.
func purchaseGrant(ctx context.Context, q db.Querier, purchaseID, fileID, userID string) (grantRow, error) {
	return scanGrant(q.QueryRowContext(ctx, grantQuery+` WHERE g.purchase_id = ? AND g.file_id = ? AND g.user_id = ?`,
		purchaseID, fileID, userID))
}

// insertLink keeps a new link to a grant, by its token's hash.
func insertLink(ctx context.Context, q db.Querier, hash string, grantID int64, created, expires time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO download_links (token_hash, grant_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		hash, grantID, created, expires)
	return err
}
