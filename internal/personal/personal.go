// Package personal is the one list of what the shop holds about a person
// (issue 36 §4). Each feature that keeps personal data declares one Holder
// of free functions over db.Querier: its part of the parent's data export,
// of one child's export, and its erasure when the account is deleted.
// internal/server lists the holders once; the export, the account's
// deletion (by its owner, by support, by the deletion schedule) loop over
// that list. A feature with a new table naming a person adds its columns to
// its holder, or personal_test fails.
package personal

import (
	"context"
	"fmt"

	"bookshop/internal/db"
)

// Person is whom the data is about: the account and its address.
type Person struct {
	UserID string
	Email  string
}

// Data is a holder's part of an export: each key a field of the file.
type Data map[string]any

// Holder is one feature's personal data.
type Holder struct {
	// Name is the feature, for errors.
	Name string
	// Columns are the feature's columns that name a person, as
	// "table.column": Erase empties them, or the account's deletion does by
	// ON DELETE CASCADE. personal_test checks every such column of the
	// schema is here.
	Columns []string
	// Export is the holder's part of the parent's data export (nil: none).
	Export func(ctx context.Context, q db.Querier, p Person) (Data, error)
	// Child is its part of one child's export (nil: none).
	Child func(ctx context.Context, q db.Querier, p Person, kidID string) (Data, error)
	// Erase removes or anonymises the person's rows in q, the deletion's
	// transaction (nil: they go with the account by cascade).
	Erase func(ctx context.Context, q db.Querier, p Person) error
	// EraseChild removes what names the parent's child kidID when the child
	// is deleted (nil: it goes with the child by cascade).
	EraseChild func(ctx context.Context, q db.Querier, p Person, kidID string) error
}

// Holders is every feature's personal data, in the order the deletion
// erases it: the account itself last, as its rows cascade to the others'.
type Holders struct {
	// EmailOf is the account's address, by which the rows kept by address
	// (sign-ups, messages, e-mails) are found.
	EmailOf func(ctx context.Context, q db.Querier, userID string) (string, error)
	List    []Holder
}

// Person is userID with the account's address.
func (h Holders) Person(ctx context.Context, q db.Querier, userID string) (Person, error) {
	email, err := h.EmailOf(ctx, q, userID)
	return Person{UserID: userID, Email: email}, err
}

// Export is everything the holders keep about p, as one map of the export
// file's fields.
func (h Holders) Export(ctx context.Context, q db.Querier, p Person) (Data, error) {
	out := Data{}
	for _, x := range h.List {
		if x.Export == nil {
			continue
		}
		part, err := x.Export(ctx, q, p)
		if err != nil {
			return nil, fmt.Errorf("%s: export: %w", x.Name, err)
		}
		if err := merge(out, part, x.Name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ExportChild is everything the holders keep about the parent's child kidID.
func (h Holders) ExportChild(ctx context.Context, q db.Querier, p Person, kidID string) (Data, error) {
	out := Data{}
	for _, x := range h.List {
		if x.Child == nil {
			continue
		}
		part, err := x.Child(ctx, q, p, kidID)
		if err != nil {
			return nil, fmt.Errorf("%s: child's export: %w", x.Name, err)
		}
		if err := merge(out, part, x.Name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Erase removes userID's account and everything the holders keep about its
// owner, in tx. An account already gone is a 404 (auth's EmailOf).
func (h Holders) Erase(ctx context.Context, tx *db.Tx, userID string) error {
	p, err := h.Person(ctx, tx, userID)
	if err != nil {
		return err
	}
	for _, x := range h.List {
		if x.Erase == nil {
			continue
		}
		if err := x.Erase(ctx, tx, p); err != nil {
			return fmt.Errorf("%s: erase: %w", x.Name, err)
		}
	}
	return nil
}

// EraseChild removes what the holders keep about the parent's child kidID,
// in tx, the child's deletion's transaction.
func (h Holders) EraseChild(ctx context.Context, tx *db.Tx, p Person, kidID string) error {
	for _, x := range h.List {
		if x.EraseChild == nil {
			continue
		}
		if err := x.EraseChild(ctx, tx, p, kidID); err != nil {
			return fmt.Errorf("%s: erase a child: %w", x.Name, err)
		}
	}
	return nil
}

// merge adds part's fields to out; two holders never give one field.
func merge(out, part Data, name string) error {
	for k, v := range part {
		if _, taken := out[k]; taken {
			return fmt.Errorf("personal: %s exports %q, which another holder exports", name, k)
		}
		out[k] = v
	}
	return nil
}
