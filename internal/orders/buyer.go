package orders

import (
	"context"
	"fmt"

	"bookshop/internal/db"
)

// ViewsOf returns userID's orders as the buyer sees them, newest first: the
// account area puts them in the parent's data export.
func (s *Service) ViewsOf(ctx context.Context, userID string) ([]OrderView, error) {
	list, err := ordersOfUser(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	views := make([]OrderView, len(list))
	for i, o := range list {
		views[i] = viewOf(o)
	}
	return views, nil
}

// EraseBuyer keeps userID's orders for accounting but removes who bought
// them: the user, the e-mail address and the shipping details. Run in q, the
// account deletion's transaction.
func EraseBuyer(ctx context.Context, q db.Querier, userID string) error {
	if _, err := q.ExecContext(ctx, `UPDATE orders SET user_id = NULL, email = '', shipping_info = '{}' WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("orders: erase buyer: %w", err)
	}
	return nil
}
