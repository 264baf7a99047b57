package idempotency

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// PersonalData is the responses recorded for a person's Idempotency-Keys
// (their scope names the user; their bodies hold what was created): all of
// them with the account, those that name a child with the child.
var PersonalData = personal.Holder{
	Name:    "idempotency",
	Columns: []string{"idempotency_keys.scope"},
	Erase:   func(ctx context.Context, q db.Querier, p personal.Person) error { return ForgetUser(ctx, q, p.UserID) },
	EraseChild: func(ctx context.Context, q db.Querier, p personal.Person, kidID string) error {
		return ForgetResponses(ctx, q, p.UserID, kidID)
	},
}
