package orders

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/formats"
	"bookshop/internal/httpx"
)

// Digital formats (issue 37): a cart line is a book in a format. Print is
// shipped; the others are delivered to the buyer's account at payment, in
// the transaction that marks the order paid (a storybook entitlement, the
// files' download grants), and taken back by a refund of their line.
// digital_purchases holds one live row per account, book and format: of
// two payments of one format racing, one delivers.

// LibraryPath is where a family finds its digital formats.
const LibraryPath = "/library"

// errLogInDigital refuses a digital format to a buyer without a session:
// what is bought is kept in an account.
var errLogInDigital = httpx.Errorf(httpx.CodeUnauthorized, "Please log in to buy digital books.")

// IsDigital tells whether the line is delivered rather than shipped.
// A line without a format is print: lines before formats were.
func (l Line) IsDigital() bool { return formats.IsDigital(l.Format) }

// digitalOnly tells whether nothing in lines ships.
func digitalOnly(lines []Line) bool {
	for _, l := range lines {
		if !l.IsDigital() {
			return false
		}
	}
	return len(lines) > 0
}

func hasDigital(lines []Line) bool {
	for _, l := range lines {
		if l.IsDigital() {
			return true
		}
	}
	return false
}

// printLines are the lines that ship.
func printLines(lines []Line) []Line {
	var out []Line
	for _, l := range lines {
		if !l.IsDigital() {
			out = append(out, l)
		}
	}
	return out
}

// ownedRefusal is the answer to a format the family already has.
func ownedRefusal(title, format string) error {
	msg := fmt.Sprintf("Your family already has %q (%s). Find it in your Library.", title, formats.Word(format))
	return &httpx.Error{Code: httpx.CodeConflict, Message: msg, Fields: map[string]string{"items": msg}}
}

// Purchase is one digital line of a paid order, as Delivery delivers it.
type Purchase struct {
	ID          string // "<order number>-<line position>": the files' purchase id
	OrderNumber string
	UserID      string
	BookID      int
	Title       string
	Format      string
}

// Delivery gives and takes back digital formats (the server adapts the
// storybooks and files features to it). Each runs in the caller's
// transaction.
type Delivery interface {
	// Has tells whether the account has the book's format by another way
	// than a purchase (an edition given by staff).
	Has(ctx context.Context, q db.Querier, userID string, bookID int, format string) (bool, error)
	// Deliver gives the purchase to its account.
	Deliver(ctx context.Context, q db.Querier, p Purchase) error
	// Revoke takes it back (a refund of its line).
	Revoke(ctx context.Context, q db.Querier, p Purchase) error
}

// purchaseOf is line i (0-based) of o as a purchase.
func purchaseOf(o Order, i int) Purchase {
	l := o.Lines[i]
	return Purchase{ID: o.Number + "-" + strconv.Itoa(i+1), OrderNumber: o.Number, UserID: o.UserID,
		BookID: l.BookID, Title: l.Title, Format: l.Format}
}

// checkNotOwned refuses, before payment, a digital line the account has
// already (bought and not refunded, or given by staff).
func (s *Service) checkNotOwned(ctx context.Context, q db.Querier, userID string, lines []Line) error {
	for _, l := range lines {
		if !l.IsDigital() {
			continue
		}
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM digital_purchases WHERE user_id = ? AND book_id = ? AND format = ? AND revoked_at IS NULL`,
			userID, l.BookID, l.Format).Scan(&n); err != nil {
			return fmt.Errorf("orders: owned formats: %w", err)
		}
		has, err := s.delivery.Has(ctx, q, userID, l.BookID, l.Format)
		if err != nil {
			return err
		}
		waiting, err := pendingPreorders(ctx, q, userID, l.BookID, l.Format)
		if err != nil {
			return err
		}
		if n > 0 || has || waiting > 0 {
			return ownedRefusal(l.Title, l.Format)
		}
	}
	return nil
}

// digitalBuyer is the signed-in caller a cart with digital lines needs.
func digitalBuyer(ctx context.Context) (auth.Caller, error) {
	if _, ok := auth.CallerFrom(ctx); !ok {
		return auth.Caller{}, errLogInDigital
	}
	return signedInBuyer(ctx)
}

// deliver gives the paid order's digital lines to its account, in the
// transaction that marked it paid (called once: by the move to paid). A
// line the account got meanwhile by another order (two checkouts raced
// past checkNotOwned) is not delivered twice: strict refuses the payment
// then (a demo payment, where nothing was taken); otherwise the line's
// refund is reserved here, in the same transaction, and returned for
// refundOwned to make once the transaction is committed. The positions
// in skip (refunded lines of a pre-order released later) are not delivered.
func (s *Service) deliver(ctx context.Context, tx *db.Tx, o Order, strict bool, skip map[int]bool, at time.Time) ([]refundRow, error) {
	var owned []refundRow
	for i, l := range o.Lines {
		if !l.IsDigital() || skip[i+1] {
			continue
		}
		if o.UserID == "" {
			return nil, fmt.Errorf("orders: order %s has a digital line but no account", o.Number)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO digital_purchases (order_id, position, user_id, book_id, format, granted_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, book_id, format) WHERE revoked_at IS NULL DO NOTHING`,
			o.ID, i+1, o.UserID, l.BookID, l.Format, at.UTC())
		if err != nil {
			return nil, fmt.Errorf("orders: record digital purchase: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			if err := s.delivery.Deliver(ctx, tx, purchaseOf(o, i)); err != nil {
				return nil, err
			}
			continue
		}
		if strict {
			return nil, ownedRefusal(l.Title, l.Format)
		}
		r, err := s.reserveOwned(ctx, tx, o, i, at)
		if err != nil {
			return nil, err
		}
		owned = append(owned, r)
	}
	return owned, nil
}

// shopActor is the shop acting on its own (a refund of a format the family
// already had), as the timeline, the desk and the audit log name it.
var shopActor = staff{system: "Siso & Friends"}

// reserveOwned reserves the refund of line i, a format the family already
// has, under a key of the order and line: however many paths pay the
// order, the line is refunded once.
func (s *Service) reserveOwned(ctx context.Context, tx *db.Tx, o Order, i int, at time.Time) (refundRow, error) {
	l := o.Lines[i]
	what := l.Title + " (" + formats.Word(l.Format) + ")"
	note := what + " was not delivered: the family already has it, from another order. Its price is refunded automatically."
	if err := addTimeline(ctx, tx, o.ID, entry{kind: kindNote, note: note, actor: shopActor}, at); err != nil {
		return refundRow{}, err
	}
	r := refundRow{OrderID: o.ID, Source: sourceStaff, Key: "owned-" + o.Number + "-" + strconv.Itoa(i+1), Actor: shopActor,
		Reason: "Your family already has " + what + " in your Library from another order, so we refunded this one.",
		Lines:  []refundLine{{Position: i + 1, BookID: l.BookID, Title: l.Title, Format: l.Format, Quantity: l.Quantity}}}
	return r, s.reserveRefund(ctx, tx, o, &r, 0)
}

// refundOwned makes the refunds deliver reserved, after their
// transaction's commit (PayPal is asked outside it). One whose outcome is
// unknown stays pending, and the reconciler asks PayPal again
// (settleRefunds) with the same PayPal-Request-Id: it is made once.
func (s *Service) refundOwned(ctx context.Context, o Order, owned []refundRow) {
	for _, r := range owned {
		if err := s.completeRefund(ctx, o, r); err != nil {
			slog.ErrorContext(ctx, "orders: refund of a format the family has", "order", o.Number, "refund", r.ID, "err", err)
		}
	}
}

// revokeLine takes back line position (1-based) of a refunded order: the
// family loses the format at once. false when it was not delivered.
func (s *Service) revokeLine(ctx context.Context, q db.Querier, o Order, position int, at time.Time) (bool, error) {
	if position < 1 || position > len(o.Lines) || !o.Lines[position-1].IsDigital() {
		return false, nil
	}
	res, err := q.ExecContext(ctx, `UPDATE digital_purchases SET revoked_at = ? WHERE order_id = ? AND position = ? AND revoked_at IS NULL`,
		at.UTC(), o.ID, position)
	if err != nil {
		return false, fmt.Errorf("orders: revoke digital purchase: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	return true, s.delivery.Revoke(ctx, q, purchaseOf(o, position-1))
}

// revokeRefunded takes back the digital lines a completed refund refunds
// (every one for a cancellation), saying so in the timeline; it returns
// what it took back ("Our First Adventure (E-book)") for the audit log.
func (s *Service) revokeRefunded(ctx context.Context, q db.Querier, o Order, r refundRow, at time.Time) ([]string, error) {
	positions := []int{}
	for _, l := range r.Lines {
		positions = append(positions, l.Position)
	}
	if r.Source == sourceCancel {
		positions = positions[:0]
		for i := range o.Lines {
			positions = append(positions, i+1)
		}
	}
	revoked := []string{}
	for _, pos := range positions {
		done, err := s.revokeLine(ctx, q, o, pos, at)
		if err != nil || !done {
			if err != nil {
				return nil, err
			}
			continue
		}
		l := o.Lines[pos-1]
		what := l.Title + " (" + formats.Word(l.Format) + ")"
		revoked = append(revoked, what)
		if err := addTimeline(ctx, q, o.ID, entry{kind: kindRefund, note: what + " taken back from the family's library", actor: r.Actor}, at); err != nil {
			return nil, err
		}
	}
	return revoked, nil
}

// Purchases are the account's live digital purchases by purchase id (the
// files' purchase id), for the library.
func (s *Service) Purchases(ctx context.Context, userID string) (map[string]Purchase, error) {
	return PurchasesOf(ctx, s.db, userID)
}

// PurchasesOf is Purchases in q: the library's part of the data export.
func PurchasesOf(ctx context.Context, q db.Querier, userID string) (map[string]Purchase, error) {
	rows, err := q.QueryContext(ctx, `SELECT o.number, p.position, p.book_id, l.title, p.format
		FROM digital_purchases p JOIN orders o ON o.id = p.order_id
		JOIN order_lines l ON l.order_id = p.order_id AND l.position = p.position
		WHERE p.user_id = ? AND p.revoked_at IS NULL`, userID)
	if err != nil {
		return nil, fmt.Errorf("orders: list digital purchases: %w", err)
	}
	defer rows.Close()
	out := map[string]Purchase{}
	for rows.Next() {
		p := Purchase{UserID: userID}
		var pos int
		if err := rows.Scan(&p.OrderNumber, &pos, &p.BookID, &p.Title, &p.Format); err != nil {
			return nil, err
		}
		p.ID = p.OrderNumber + "-" + strconv.Itoa(pos)
		out[p.ID] = p
	}
	return out, rows.Err()
}

// ErasePurchases removes an account's digital purchases, in the
// transaction that deletes the account; what they delivered (storybook
// entitlements, download grants and their links) goes with the account by
// its foreign keys' cascade. The orders keep their lines.
func ErasePurchases(ctx context.Context, q db.Querier, userID string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM digital_purchases WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("orders: erase digital purchases: %w", err)
	}
	return nil
}
