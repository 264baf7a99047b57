package server

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// namesAPerson is the rule for a column that names a person: a user's id
// (user_id, *_user_id, *_user, owner_id, customer_id, buyer_id, actor_id,
// *_by), a child's (kid_id), or an address (email, *_email, to_address).
var namesAPerson = regexp.MustCompile(`^(user_id|[a-z_]+_user_id|[a-z_]+_user|owner_id|customer_id|buyer_id|actor_id|[a-z_]+_by|kid_id|email|[a-z_]+_email|to_address)$`)

// notErased are the columns the rule finds that no holder erases, each on
// purpose. They name staff, never a parent: the back office's legal record
// of who did what stays; when a staff account is deleted, the ids point
// nowhere ("A deleted account") and no copy of the address is kept
// (TestDeletingTheAccountErasesThePerson deletes a manager).
var notErased = map[string]string{
	"audit_log.actor_id":                "the staff member who made an audited change: the back office's legal record",
	"order_status_history.actor_id":     "the staff member who moved an order: its timeline, kept for the accounting",
	"order_refunds.actor_id":            "the staff member who refunded: kept with the refund for the accounting",
	"files.created_by":                  "the editor who uploaded a book's file (ON DELETE SET NULL)",
	"newsletter_campaigns.created_by":   "the manager who wrote a campaign",
	"storybook_entitlements.granted_by": "the support agent who gave a storybook (ON DELETE SET NULL)",
}

// Every column of the migrated schema that names a person is erased by a
// holder of the one list (personalData), or listed in notErased with its
// reason: a feature adding a table about people must add it to its holder.
// And every column a holder claims exists, so the list stays true.
func TestEveryColumnNamingAPersonHasAHolder(t *testing.T) {
	claimed := map[string]string{}
	for _, h := range personalData(config.Config{}).List {
		for _, c := range h.Columns {
			claimed[c] = h.Name
		}
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		columns := schemaColumns(t, d)
		for _, c := range columns {
			_, column, _ := strings.Cut(c, ".")
			if !namesAPerson.MatchString(column) {
				continue
			}
			if _, ok := claimed[c]; ok {
				continue
			}
			if _, ok := notErased[c]; !ok {
				t.Errorf("%s names a person, but no holder of personalData erases it: add it to its feature's PersonalData.Columns", c)
			}
		}
		for c, holder := range claimed {
			table, _, _ := strings.Cut(c, ".")
			if !slices.Contains(columns, c) && tableExists(columns, table) {
				t.Errorf("holder %s claims %s, which the schema lacks", holder, c)
			}
		}
	})
}

// schemaColumns lists every "table.column" of the database's own tables.
func schemaColumns(t *testing.T, d *db.DB) []string {
	t.Helper()
	q := `SELECT m.name || '.' || p.name FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY 1`
	if d.Dialect == db.Postgres {
		q = `SELECT table_name || '.' || column_name FROM information_schema.columns
			WHERE table_schema = current_schema() ORDER BY 1`
	}
	rows, err := d.QueryContext(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 200 {
		t.Fatalf("only %d columns read", len(out))
	}
	return out
}

// tableExists: the search indexes are SQLite's FTS tables or PostgreSQL's
// own, so a holder may claim a table one dialect lacks.
func tableExists(columns []string, table string) bool {
	return slices.ContainsFunc(columns, func(c string) bool { t, _, _ := strings.Cut(c, "."); return t == table })
}
