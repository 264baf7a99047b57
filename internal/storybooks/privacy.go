package storybooks

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// What the storybooks keep about a family, for the account's data export
// and each child's (internal/account). Nothing needs erasing by hand:
// progress goes with its child and with the account, entitlements with the
// account (ON DELETE CASCADE, migration 0600).

// ExportedProgress is one reader's progress in one storybook.
type ExportedProgress struct {
	Storybook string    `json:"storybook"` // its title
	Slug      string    `json:"slug"`
	Reader    string    `json:"reader"` // "me" or the child's id
	Page      string    `json:"page"`
	Visited   []string  `json:"visited"`
	Endings   []string  `json:"endings"`
	UpdatedAt time.Time `json:"updated_at"`
}

// ExportedEntitlement is a storybook the family has.
type ExportedEntitlement struct {
	Storybook string     `json:"storybook"`
	Slug      string     `json:"slug"`
	Source    string     `json:"source"` // "grant": given by the shop
	GrantedAt time.Time  `json:"granted_at"`
	RevokedAt *time.Time `json:"revoked_at"`
}

// FamilyData is the account's part of the export.
type FamilyData struct {
	Entitlements []ExportedEntitlement `json:"entitlements"`
	Progress     []ExportedProgress    `json:"progress"`
}

// PersonalData is what the storybooks keep about a family: the editions
// it has and each reader's progress. The rows go with the account (and the
// progress with its child) by cascade.
var PersonalData = personal.Holder{
	Name:    "storybooks",
	Columns: []string{"storybook_entitlements.user_id", "storybook_progress.user_id", "storybook_progress.kid_id"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		var f FamilyData
		var err error
		if f.Entitlements, err = entitlementsOf(ctx, q, p.UserID); err != nil {
			return nil, err
		}
		if f.Progress, err = progressOf(ctx, q, `p.user_id = ?`, p.UserID); err != nil {
			return nil, err
		}
		return personal.Data{"storybooks": f}, nil
	},
	Child: func(ctx context.Context, q db.Querier, p personal.Person, kidID string) (personal.Data, error) {
		list, err := progressOf(ctx, q, `p.user_id = ? AND p.kid_id = ?`, p.UserID, kidID)
		return personal.Data{"storybook_progress": list}, err
	},
}

func progressOf(ctx context.Context, q db.Querier, where string, args ...any) ([]ExportedProgress, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.title, b.slug, p.reader, p.page, p.visited, p.endings, p.updated_at
		FROM storybook_progress p JOIN storybooks s ON s.id = p.storybook_id JOIN books b ON b.id = s.book_id
		WHERE `+where+` ORDER BY s.id, p.reader`, args...)
	if err != nil {
		return nil, fmt.Errorf("storybooks: export progress: %w", err)
	}
	defer rows.Close()
	out := []ExportedProgress{}
	for rows.Next() {
		var e ExportedProgress
		var visited, endings string
		if err := rows.Scan(&e.Storybook, &e.Slug, &e.Reader, &e.Page, &visited, &endings, &e.UpdatedAt); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(visited), &e.Visited); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(endings), &e.Endings); err != nil {
			return nil, err
		}
		e.UpdatedAt = e.UpdatedAt.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

func entitlementsOf(ctx context.Context, q db.Querier, userID string) ([]ExportedEntitlement, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.title, b.slug, e.source, e.granted_at, e.revoked_at
		FROM storybook_entitlements e JOIN storybooks s ON s.id = e.storybook_id JOIN books b ON b.id = s.book_id
		WHERE e.user_id = ? ORDER BY e.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("storybooks: export entitlements: %w", err)
	}
	defer rows.Close()
	out := []ExportedEntitlement{}
	for rows.Next() {
		var e ExportedEntitlement
		if err := rows.Scan(&e.Storybook, &e.Slug, &e.Source, &e.GrantedAt, &e.RevokedAt); err != nil {
			return nil, err
		}
		e.GrantedAt = e.GrantedAt.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}
