package dreams

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// PersonalData is the dreams written for a parent's children, as GET
// /api/dreams shows them, all pages at once. They go with the child and
// with the account by cascade.
var PersonalData = personal.Holder{
	Name:    "dreams",
	Columns: []string{"dreams.user_id", "dreams.kid_id"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		list, err := listDreams(ctx, q, p.UserID, page{})
		if err != nil {
			return nil, err
		}
		return personal.Data{"dreams": toJSONs(list)}, nil
	},
	Child: func(ctx context.Context, q db.Querier, p personal.Person, kidID string) (personal.Data, error) {
		list, err := listDreams(ctx, q, p.UserID, page{kidID: kidID})
		if err != nil {
			return nil, err
		}
		return personal.Data{"dreams": toJSONs(list)}, nil
	},
}
