package orders

import (
	"strings"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// The desk's search by words reads the words' index (migration 0901):
// FTS5's table on SQLite, the GIN index on PostgreSQL, whose expression
// must be the query's for it to be used.
func TestOrderWordsUseTheirIndex(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		plan := dbtest.Plan(t, d, `SELECT COUNT(*) FROM orders WHERE `+orderWords(d), d.WordsQuery([]string{"mina", "sa"}))
		want := "orders_words"
		if d.Dialect == db.SQLite {
			want = "orders_search VIRTUAL TABLE INDEX"
		}
		if !strings.Contains(plan, want) {
			t.Errorf("the plan does not use %s:\n%s", want, plan)
		}
	})
}
