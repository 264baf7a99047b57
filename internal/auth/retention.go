package auth

import (
	"context"
	"fmt"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// What the retention schedule (internal/retention) reads of accounts: when
// each was last used. An account never signed in to was last used when it
// was made.

// Unused is an account not signed in to since LastActive.
type Unused struct {
	ID         string
	Email      string
	FirstName  string
	LastActive time.Time
}

// UnusedSince returns the customers' accounts not signed in to since
// before, longest unused first. Staff accounts are the shop's own, kept
// while they hold a role (the back office's staff page takes it away).
func UnusedSince(ctx context.Context, q db.Querier, before time.Time) ([]Unused, error) {
	// The two times are read apart: SQLite gives COALESCE's result as text.
	rows, err := q.QueryContext(ctx, `SELECT u.id, u.email, COALESCE(p.first_name, ''), u.last_sign_in_at, u.created_at
		FROM users u LEFT JOIN profiles p ON p.id = u.id
		WHERE COALESCE(u.last_sign_in_at, u.created_at) < ? AND COALESCE(p.role, ?) = ?
		ORDER BY COALESCE(u.last_sign_in_at, u.created_at), u.id`, before, RoleUser, RoleUser)
	if err != nil {
		return nil, fmt.Errorf("auth: unused accounts: %w", err)
	}
	defer rows.Close()
	var list []Unused
	for rows.Next() {
		var a Unused
		var signedIn *time.Time
		if err := rows.Scan(&a.ID, &a.Email, &a.FirstName, &signedIn, &a.LastActive); err != nil {
			return nil, err
		}
		if signedIn != nil {
			a.LastActive = *signedIn
		}
		a.LastActive = a.LastActive.UTC()
		list = append(list, a)
	}
	return list, rows.Err()
}

// LastActive is when userID's account was last signed in to (or made).
func LastActive(ctx context.Context, q db.Querier, userID string) (time.Time, error) {
	var at time.Time
	var signedIn *time.Time
	err := q.QueryRowContext(ctx, `SELECT last_sign_in_at, created_at FROM users WHERE id = ?`, userID).Scan(&signedIn, &at)
	if db.IsNoRows(err) {
		return time.Time{}, httpx.NotFound("Account")
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("auth: last use of an account: %w", err)
	}
	if signedIn != nil {
		at = *signedIn
	}
	return at.UTC(), nil
}
