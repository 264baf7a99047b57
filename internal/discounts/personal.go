package discounts

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// PersonalData is the codes a person used (a code once per customer keeps
// who used it).
var PersonalData = personal.Holder{
	Name:    "discounts",
	Columns: []string{"discount_redemptions.once_user", "discount_redemptions.once_email"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		list, err := RedemptionsOf(ctx, q, p.UserID, p.Email)
		return personal.Data{"discount_redemptions": list}, err
	},
	Erase: func(ctx context.Context, q db.Querier, p personal.Person) error {
		return EraseCustomer(ctx, q, p.UserID, p.Email)
	},
}
