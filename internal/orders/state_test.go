package orders

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// allStates are every pair of a payment and a fulfilment status.
func allStates() []State {
	var out []State
	for _, p := range PaymentStatuses {
		for _, f := range FulfillmentStatuses {
			out = append(out, State{p, f})
		}
	}
	return out
}

// The moves of state.go's diagram, written out one by one: the table must
// allow exactly these.
var diagram = []string{
	"pending_payment/unfulfilled fail payment_failed/unfulfilled",
	"payment_failed/unfulfilled retry pending_payment/unfulfilled",
	"pending_payment/unfulfilled pay paid/unfulfilled",
	"payment_failed/unfulfilled pay paid/unfulfilled",
	"pending_payment/unfulfilled pay paid/delivered",
	"payment_failed/unfulfilled pay paid/delivered",
	"pending_payment/unfulfilled expire expired/unfulfilled",
	"payment_failed/unfulfilled expire expired/unfulfilled",
	"paid/unfulfilled deny payment_failed/cancelled",
	"paid/awaiting_release deny payment_failed/cancelled",
	"pending_payment/unfulfilled pay paid/awaiting_release",
	"payment_failed/unfulfilled pay paid/awaiting_release",
	"paid/delivered deny payment_failed/cancelled",
}

func init() {
	for _, f := range FulfillmentStatuses {
		diagram = append(diagram,
			"paid/"+f+" refund partially_refunded/"+f,
			"paid/"+f+" refund refunded/"+f,
			"partially_refunded/"+f+" refund refunded/"+f)
	}
	for _, p := range settled {
		diagram = append(diagram,
			p+"/unfulfilled ship "+p+"/shipped",
			p+"/shipped deliver "+p+"/delivered",
			p+"/unfulfilled cancel "+p+"/cancelled",
			p+"/cancelled uncancel "+p+"/unfulfilled",
			p+"/awaiting_release cancel "+p+"/cancelled",
			p+"/cancelled uncancel "+p+"/awaiting_release")
	}
	for _, p := range []string{"paid", "partially_refunded", "refunded"} {
		diagram = append(diagram,
			p+"/awaiting_release release "+p+"/unfulfilled",
			p+"/awaiting_release release "+p+"/delivered")
	}
}

func TestTableIsTheDiagram(t *testing.T) {
	var got []string
	for _, from := range allStates() {
		for _, to := range allStates() {
			if name, ok := moveOf(from, to); ok {
				got = append(got, from.String()+" "+name+" "+to.String())
			}
		}
	}
	want := slices.Clone(diagram)
	sort.Strings(got)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Errorf("the table's moves:\n%s\nthe diagram's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestEveryPairOfStates walks every pair of states on both databases: each
// move of the table succeeds and leaves one timeline line per status it
// moves; every other is refused without writing; a move from a state the
// order has left (a race lost) changes nothing. The database's status
// column says what legacyStatus says of every state.
func TestEveryPairOfStates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		at := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		var id int64
		err := d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			return tx.QueryRowContext(ctx, `INSERT INTO orders (number, provider, currency, subtotal_cents, tax_cents, shipping_cents, total_cents,
				created_at, updated_at) VALUES ('SF-STATES', 'demo_card', 'USD', 1000, 100, 0, 1100, ?, ?) RETURNING id`, at, at).Scan(&id)
		})
		if err != nil {
			t.Fatal(err)
		}
		put := func(s State) {
			t.Helper()
			if _, err := d.ExecContext(ctx, `UPDATE orders SET payment_status = ?, fulfillment_status = ? WHERE id = ?`, s.Payment, s.Fulfilment, id); err != nil {
				t.Fatal(err)
			}
		}
		read := func() (s State, legacy string, version, lines int) {
			t.Helper()
			if err := d.QueryRowContext(ctx, `SELECT payment_status, fulfillment_status, status, version,
				(SELECT COUNT(*) FROM order_status_history WHERE order_id = orders.id) FROM orders WHERE id = ?`, id).
				Scan(&s.Payment, &s.Fulfilment, &legacy, &version, &lines); err != nil {
				t.Fatal(err)
			}
			return s, legacy, version, lines
		}
		move := func(from, to State) (bool, error) {
			var moved bool
			err := d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
				var err error
				moved, err = moveOrder(ctx, tx, id, change{from: from, to: to, note: "walk"}, at)
				return err
			})
			return moved, err
		}
		for _, from := range allStates() {
			put(from)
			if _, legacy, _, _ := read(); legacy != legacyStatus(from) {
				t.Errorf("%s: the database's status is %q, legacyStatus %q", from, legacy, legacyStatus(from))
			}
			for _, to := range allStates() {
				if to == from {
					continue
				}
				put(from)
				_, _, version, lines := read()
				moved, err := move(from, to)
				got, _, gotVersion, gotLines := read()
				if _, ok := moveOf(from, to); ok {
					want := 0
					if from.Payment != to.Payment {
						want++
					}
					if from.Fulfilment != to.Fulfilment {
						want++
					}
					if err != nil || !moved || got != to || gotVersion != version+1 || gotLines != lines+want {
						t.Errorf("%s → %s: moved %v, err %v, now %s, version +%d, timeline +%d (want +%d)", from, to, moved, err, got, gotVersion-version, gotLines-lines, want)
					}
					continue
				}
				if !errors.Is(err, errNoMove) || moved || got != from || gotVersion != version || gotLines != lines {
					t.Errorf("%s → %s is no move: moved %v, err %v, now %s, timeline +%d", from, to, moved, err, got, gotLines-lines)
				}
			}
		}
		// A race lost: the order left from before the move was written.
		put(State{PaymentPaid, Shipped})
		_, _, version, lines := read()
		moved, err := move(State{PaymentPaid, Unfulfilled}, State{PaymentPaid, Shipped})
		if got, _, v, l := read(); err != nil || moved || got != (State{PaymentPaid, Shipped}) || v != version || l != lines {
			t.Errorf("a stale move: moved %v, err %v, now %s, wrote %v", moved, err, got, v != version || l != lines)
		}
	})
}

// TestWebSaysTheSameWords: the web app's names of the statuses
// (web/src/lib/order-status.ts) are the e-mails' (state.go).
func TestWebSaysTheSameWords(t *testing.T) {
	src, err := os.ReadFile("../../web/src/lib/order-status.ts")
	if err != nil {
		t.Fatal(err)
	}
	for _, words := range []map[string]string{paymentWords, fulfilmentWords} {
		for status, word := range words {
			if !strings.Contains(string(src), "  "+status+": '"+word+"',") {
				t.Errorf("the web app does not call %s %q", status, word)
			}
		}
	}
	if len(paymentWords) != len(PaymentStatuses) || len(fulfilmentWords) != len(FulfillmentStatuses) {
		t.Error("a status has no words")
	}
}

func TestRefundedStatusFromAmounts(t *testing.T) {
	for _, c := range []struct {
		refunded int64
		want     string
	}{{0, PaymentPaid}, {1, PaymentPartiallyRefunded}, {1099, PaymentPartiallyRefunded}, {1100, PaymentRefunded}} {
		if got := refundedStatus(1100, c.refunded); got != c.want {
			t.Errorf("refunded %d of 1100: %s, want %s", c.refunded, got, c.want)
		}
	}
}

// statusWrite finds SQL that writes an order's statuses: either column
// assigned after SET or a comma (a condition follows WHERE, AND or a
// parenthesis), or named in an INSERT's columns. orders.status needs no
// search: the database computes it and refuses any write.
var statusWrite = regexp.MustCompile(`(?is)((\bSET|,)\s*(payment_status|fulfillment_status)\s*=)|(INSERT\s+INTO\s+orders\s*\([^)]*\b(payment_status|fulfillment_status)\b)`)

// TestOneWriterOfStatuses: no code of the package but state.go's moveOrder
// writes an order's statuses (insertOrder starts a new one awaiting
// payment). It reads every string literal of the package's Go files.
func TestOneWriterOfStatuses(t *testing.T) {
	for sql, write := range map[string]bool{
		"UPDATE orders SET payment_status = ?": true, "`, fulfillment_status = ?`": true, "INSERT INTO orders (number, payment_status)": true,
		"WHERE id = ? AND payment_status = ? AND fulfillment_status = ?": false, "WHERE (payment_status = ?": false,
	} {
		if statusWrite.MatchString(sql) != write {
			t.Fatalf("the search is wrong about %q", sql)
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			fn, ok := n.(*ast.FuncDecl)
			if !ok {
				return true
			}
			var sql strings.Builder
			ast.Inspect(fn, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					sql.WriteString(lit.Value + " ")
				}
				return true
			})
			where := name + ":" + fn.Name.Name
			writes := statusWrite.MatchString(sql.String())
			switch where {
			case "state.go:moveOrder":
				if !strings.Contains(sql.String(), "payment_status = ?, fulfillment_status = ?") {
					t.Error("moveOrder no longer writes the statuses")
				}
			case "store.go:insertOrder":
				if !strings.Contains(sql.String(), "payment_status") {
					t.Error("insertOrder no longer writes the first payment status")
				}
			default:
				if writes {
					t.Errorf("%s writes an order's status: only moveOrder may (state.go)", where)
				}
			}
			return false
		})
	}
}

// TestUncancelGoesBackWhereCancelCameFrom: a pre-order's failed
// cancellation takes it back to awaiting release, another order's to
// unfulfilled.
func TestUncancelGoesBackWhereCancelCameFrom(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		at := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		for i, before := range []string{AwaitingRelease, Unfulfilled} {
			var id int64
			err := d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
				if err := tx.QueryRowContext(ctx, `INSERT INTO orders (number, provider, currency, subtotal_cents, tax_cents, shipping_cents, total_cents,
					created_at, updated_at) VALUES (?, 'demo_card', 'USD', 1000, 100, 0, 1100, ?, ?) RETURNING id`, "SF-UNCANCEL"+strconv.Itoa(i), at, at).Scan(&id); err != nil {
					return err
				}
				for _, c := range []change{
					{from: State{PaymentPending, Unfulfilled}, to: State{PaymentPaid, before}},
					{from: State{PaymentPaid, before}, to: State{PaymentPaid, Cancelled}},
				} {
					if _, err := moveOrder(ctx, tx, id, c, at); err != nil {
						return err
					}
				}
				return uncancel(ctx, tx, id, staff{system: "test"}, at)
			})
			if err != nil {
				t.Fatal(err)
			}
			if s, err := stateOf(ctx, d, id); err != nil || s != (State{PaymentPaid, before}) {
				t.Errorf("uncancelled from %s: %s, %v", before, s, err)
			}
		}
	})
}
