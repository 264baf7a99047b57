package account

import (
	"context"
	"fmt"

	"bookshop/internal/db"
)

// ChildrenCount is how many children the parent saved: all the back
// office's customer page may know of them.
func ChildrenCount(ctx context.Context, q db.Querier, userID string) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM kids WHERE user_id = ?`, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("account: count children: %w", err)
	}
	return n, nil
}
