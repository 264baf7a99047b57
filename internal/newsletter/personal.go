package newsletter

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// PersonalData is a person's subscription and the campaigns sent to them.
var PersonalData = personal.Holder{
	Name:    "newsletter",
	Columns: []string{"newsletter.user_id", "newsletter.email", "newsletter_sends.email"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		list, err := SubscriptionsOf(ctx, q, p.UserID, p.Email)
		return personal.Data{"newsletter": list}, err
	},
	Erase: func(ctx context.Context, q db.Querier, p personal.Person) error {
		return Erase(ctx, q, p.UserID, p.Email)
	},
}
