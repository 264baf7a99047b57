package auth

import (
	"context"
	"fmt"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// What features read of the accounts GoTrue keeps (internal/gotrue), as
// plain queries: when each was last used (the retention schedule; an
// account never signed in to was last used when it was made), and whose an
// address is (the storybooks' grants).

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

// UserIDOf returns the id of the account with the address (any case), or a
// 404: how the back office finds the family it gives a storybook to.
func UserIDOf(ctx context.Context, q db.Querier, email string) (string, error) {
	var id string
	err := q.QueryRowContext(ctx, `SELECT id FROM users WHERE email = ?`, strings.ToLower(strings.TrimSpace(email))).Scan(&id)
	if db.IsNoRows(err) {
		return "", httpx.NotFound("Account")
	}
	if err != nil {
		return "", fmt.Errorf("auth: account of an address: %w", err)
	}
	return id, nil
}
