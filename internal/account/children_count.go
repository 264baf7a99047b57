package account

import (
	"context"
	"fmt"
)

// ChildrenCount is how many children the parent saved: all the back
// office's customer page may know of them.
func (s *Service) ChildrenCount(ctx context.Context, userID string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM kids WHERE user_id = ?`, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("account: count children: %w", err)
	}
	return n, nil
}
