package gotrue

import (
	"context"

	"bookshop/internal/auth"
	"bookshop/internal/db"
)

// OwnerEmails are the addresses of the shop's owners, for the e-mails only
// an owner may act on (a backup that failed).
func OwnerEmails(ctx context.Context, q db.Querier) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT u.email FROM profiles p JOIN users u ON u.id = p.id WHERE p.role = ? ORDER BY u.email`, auth.RoleOwner)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
