package covers

import (
	"context"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/images"
)

// insertCopies stores a cover's copies; a copy already stored (the same
// picture uploaded again) is left as it is.
// The table is the Kind's, never a request's.
func insertCopies(ctx context.Context, q db.Querier, table, hash string, copies []images.Picture, now time.Time) error {
	for _, p := range copies {
		_, err := q.ExecContext(ctx, `INSERT INTO `+table+` (hash, width, height, content_type, bytes, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (hash, width) DO NOTHING`,
			hash, p.Width, p.Height, p.ContentType, p.Data, now.UTC())
		if err != nil {
			return err
		}
	}
	return nil
}

// readCopy is one stored copy of a cover.
func readCopy(ctx context.Context, q db.Querier, k Kind, hash string, width int) (contentType string, data []byte, err error) {
	err = q.QueryRowContext(ctx, `SELECT content_type, bytes FROM `+k.table+` WHERE hash = ? AND width = ?`, hash, width).
		Scan(&contentType, &data)
	if db.IsNoRows(err) {
		return "", nil, httpx.NotFound(k.name)
	}
	return contentType, data, err
}

// Exists tells whether u is the URL of a stored cover's copy: what a book's
// coverImage may name besides the shipped covers.
func (s *Service) Exists(ctx context.Context, u string) (bool, error) {
	file, ok := strings.CutPrefix(u, s.kind.prefix)
	if !ok {
		return false, nil
	}
	hash, width, ext, ok := parseFile(file)
	if !ok {
		return false, nil
	}
	var contentType string
	err := s.db.QueryRowContext(ctx, `SELECT content_type FROM `+s.kind.table+` WHERE hash = ? AND width = ?`, hash, width).Scan(&contentType)
	if db.IsNoRows(err) {
		return false, nil
	}
	return err == nil && extension(contentType) == ext, err
}
