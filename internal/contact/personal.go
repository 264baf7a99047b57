package contact

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// PersonalData is the messages a person sent through the contact form.
var PersonalData = personal.Holder{
	Name:    "contact",
	Columns: []string{"contact_messages.email"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		list, err := MessagesFrom(ctx, q, p.Email)
		return personal.Data{"contact_messages": list}, err
	},
	Erase: func(ctx context.Context, q db.Querier, p personal.Person) error { return Erase(ctx, q, p.Email) },
}
