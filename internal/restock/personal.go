package restock

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// PersonalData is the books a person waits for, by account or address.
var PersonalData = personal.Holder{
	Name:    "restock",
	Columns: []string{"stock_alerts.user_id", "stock_alerts.email"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		list, err := RequestsOf(ctx, q, p.UserID, p.Email)
		return personal.Data{"back_in_stock": list}, err
	},
	Erase: func(ctx context.Context, q db.Querier, p personal.Person) error {
		return Erase(ctx, q, p.UserID, p.Email)
	},
}
