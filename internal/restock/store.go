package restock

import (
	"context"
	"time"

	"bookshop/internal/db"
)

// confirm makes the pending request of the link whose token hashes to
// hash wait for its book from now; it returns the book. errBadLink when
// the link expired or was used.
func confirm(ctx context.Context, d *db.DB, hash string, now time.Time) (int, error) {
	var bookID int
	err := d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id, book_id FROM stock_alerts WHERE confirm_token_hash = ? AND confirm_expires_at > ?
			AND status = 'pending'`, hash, now).Scan(&id, &bookID)
		if db.IsNoRows(err) {
			return errBadLink
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE stock_alerts SET status = 'waiting', confirmed_at = ?, confirm_token_hash = NULL,
			confirm_expires_at = NULL WHERE id = ? AND status = 'pending'`, now, id)
		return err
	})
	return bookID, err
}

// countWaiting is how many addresses wait for book id (confirmed), and
// how many requests are pending.
func countWaiting(ctx context.Context, q db.Querier, id int) (waiting, pending int, err error) {
	err = q.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN status = 'waiting' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0)
		FROM stock_alerts WHERE book_id = ?`, id).Scan(&waiting, &pending)
	return waiting, pending, err
}
