package orders

import (
	"context"
	"fmt"

	"bookshop/internal/db"
	"bookshop/internal/mail"
	"bookshop/internal/personal"
)

// PersonalData is a buyer's orders and digital purchases. The deletion
// keeps the orders for accounting without the buyer; what the purchases
// delivered goes with the account by cascade.
var PersonalData = personal.Holder{
	Name:    "orders",
	Columns: []string{"orders.user_id", "orders.email", "digital_purchases.user_id"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		views, err := ViewsOf(ctx, q, p.UserID)
		return personal.Data{"orders": views}, err
	},
	Erase: func(ctx context.Context, q db.Querier, p personal.Person) error {
		if err := ErasePurchases(ctx, q, p.UserID); err != nil {
			return err
		}
		return EraseBuyer(ctx, q, p.UserID)
	},
}

// ViewsOf returns userID's orders as the buyer sees them, newest first: the
// parent's data export and the back office's customer page show them.
func ViewsOf(ctx context.Context, q db.Querier, userID string) ([]OrderView, error) {
	list, err := ordersOfUser(ctx, q, userID)
	if err != nil {
		return nil, err
	}
	views := make([]OrderView, len(list))
	for i, o := range list {
		if views[i], err = buyerViewIn(ctx, q, o); err != nil {
			return nil, err
		}
	}
	return views, nil
}

// EraseBuyer keeps userID's orders for accounting but removes who bought
// them: the user, the e-mail address and the shipping details, and the
// e-mails sent about them (confirmations to the order's address). Run in q,
// the account deletion's transaction.
func EraseBuyer(ctx context.Context, q db.Querier, userID string) error {
	addresses, err := buyerAddresses(ctx, q, userID)
	if err != nil {
		return err
	}
	if err := mail.Forget(ctx, q, addresses...); err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `UPDATE orders SET user_id = NULL, email = '', shipping_info = '{}' WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("orders: erase buyer: %w", err)
	}
	return nil
}

// buyerAddresses are the e-mail addresses userID's orders were placed with.
func buyerAddresses(ctx context.Context, q db.Querier, userID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT email FROM orders WHERE user_id = ? AND email <> ''`, userID)
	if err != nil {
		return nil, fmt.Errorf("orders: buyer addresses: %w", err)
	}
	defer rows.Close()
	var list []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return nil, err
		}
		list = append(list, a)
	}
	return list, rows.Err()
}
