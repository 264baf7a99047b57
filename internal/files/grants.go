package files

import (
	"context"
	"fmt"
	"path"
	"strings"
	"time"

	"bookshop/internal/db"
)

// What the selling half calls: a purchase's files granted to a family at
// payment, taken back at a refund, and listed in the library. A family is
// the parent's account (its children read through it), so a grant is the
// buyer's user id.

// Grant gives the account userID the files of a purchase (an order line's
// id, in purchaseID), in their order (an audiobook's tracks); title names
// the downloads ("Our First Adventure.epub"), or "" to use each file's
// name. Call it in the transaction that records the payment. Granting a
// purchase again adds only the files it lacked, so each payment path may
// call it (once each) without doubling anything; a revoked grant stays
// revoked.
func (s *Service) Grant(ctx context.Context, q db.Querier, purchaseID, userID, title string, fileIDs []string) error {
	if purchaseID == "" || userID == "" {
		return fmt.Errorf("files: a grant needs a purchase and an account")
	}
	now := at(s.now())
	for i, id := range fileIDs {
		_, err := q.ExecContext(ctx, `INSERT INTO download_grants (purchase_id, user_id, file_id, title, position, granted_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (purchase_id, file_id) DO NOTHING`, purchaseID, userID, id, title, i, now)
		if err != nil {
			return fmt.Errorf("files: grant %s of purchase %s: %w", id, purchaseID, err)
		}
	}
	return nil
}

// Revoke takes a purchase's files back (a refund): its links stop at
// once, and no new one is made. It returns how many grants it revoked
// (0 when the purchase had none live).
func (s *Service) Revoke(ctx context.Context, q db.Querier, purchaseID string) (int64, error) {
	res, err := q.ExecContext(ctx, `UPDATE download_grants SET revoked_at = ? WHERE purchase_id = ? AND revoked_at IS NULL`,
		at(s.now()), purchaseID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Download is a file a family may download, as the library lists it.
type Download struct {
	PurchaseID    string    `json:"purchaseId"`
	FileID        string    `json:"fileId"`
	Kind          Kind      `json:"kind"`
	Name          string    `json:"name"` // the name the download gets
	Size          int64     `json:"size"`
	ContentType   string    `json:"contentType"`
	DownloadsLeft int       `json:"downloadsLeft"`
	GrantedAt     time.Time `json:"grantedAt"`
}

// ListForUser lists the account's live grants, newest purchase first and a
// purchase's files in their order.
func (s *Service) ListForUser(ctx context.Context, userID string) ([]Download, error) {
	return GrantsOf(ctx, s.db, userID, s.set.DownloadLimit)
}

// GrantsOf is ListForUser in q, with limit downloads of each file: the
// library's part of the data export.
func GrantsOf(ctx context.Context, q db.Querier, userID string, limit int) ([]Download, error) {
	rows, err := q.QueryContext(ctx, `SELECT g.purchase_id, g.file_id, g.title, g.downloads_used, g.granted_at,
			f.kind, f.name, f.size, f.content_type,
			(SELECT COUNT(*) FROM download_grants o WHERE o.purchase_id = g.purchase_id)
		FROM download_grants g JOIN files f ON f.id = g.file_id
		WHERE g.user_id = ? AND g.revoked_at IS NULL
		ORDER BY g.granted_at DESC, g.purchase_id, g.position`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Download{}
	for rows.Next() {
		var d Download
		var title, fileName string
		var used, siblings int
		if err := rows.Scan(&d.PurchaseID, &d.FileID, &title, &used, &d.GrantedAt, &d.Kind, &fileName, &d.Size, &d.ContentType, &siblings); err != nil {
			return nil, err
		}
		d.Name = downloadName(title, fileName, siblings)
		d.DownloadsLeft = max(0, limit-used)
		d.GrantedAt = d.GrantedAt.UTC()
		out = append(out, d)
	}
	return out, rows.Err()
}

// downloadName is the name a download is saved under: the book's title
// with the file's extension, or with the file's own name when the purchase
// has several (an audiobook's tracks); the file's name without a title.
func downloadName(title, fileName string, filesInPurchase int) string {
	title = strings.TrimSpace(title)
	switch {
	case title == "":
		return fileName
	case filesInPurchase > 1:
		return title + " - " + fileName
	}
	return title + strings.ToLower(path.Ext(fileName))
}
