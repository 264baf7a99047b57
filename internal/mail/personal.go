package mail

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// PersonalData is the e-mails to a person's address (their bodies name
// them); nothing of them is exported.
var PersonalData = personal.Holder{
	Name:    "mail",
	Columns: []string{"mail_outbox.to_address"},
	Erase:   func(ctx context.Context, q db.Querier, p personal.Person) error { return Forget(ctx, q, p.Email) },
}
