package orders

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"bookshop/internal/background"
	"bookshop/internal/db"
	"bookshop/internal/formats"
	"bookshop/internal/mail"
)

// Pre-orders (issue 39). A published book whose publication date is still
// to come takes orders while its pre-orders are on: each line keeps the
// day its book comes out (Line.ReleaseDate). The buyer pays now (PayPal
// cannot charge later without keeping a payment method) and the order
// waits, awaiting_release, for its last book. A cart mixing a pre-order
// with books that are out is one order and one parcel: it ships when
// everything in it is out, as the checkout says.
//
// The release job (ReleasePass, on every instance) claims each book's run
// on its day in preorder_releases: of two instances, the one whose INSERT
// wins runs it. Then each order all of whose books have had their run
// moves on (moveOrder: conditional, so one instance moves it) in a
// transaction that also delivers its digital formats and queues its "It's
// out!" e-mail, so a buyer hears once. Days are the shop's (SHOP_TIME_ZONE).

// releaseDateOf is the day the lines wait for: their latest release date,
// "" when none waits.
func releaseDateOf(lines []Line) string {
	last := ""
	for _, l := range lines {
		last = max(last, l.ReleaseDate)
	}
	return last
}

// day is the shop's day at t, YYYY-MM-DD.
func (s *Service) day(t time.Time) string { return s.site.day(t) }

func (site Settings) day(t time.Time) string { return t.In(site.zone()).Format(time.DateOnly) }

// awaiting tells whether lines paid at t still wait for a book: a
// pre-order paid after its day (a late capture) is an order like others.
func (s *Service) awaiting(lines []Line, t time.Time) bool {
	return releaseDateOf(lines) > s.day(t)
}

// longDate writes a day as a parent reads it: "Friday, January 15, 2027".
func longDate(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.Format("Monday, January 2, 2006")
}

// releaseActor is who releases pre-orders in the timeline and the audit log.
var releaseActor = staff{system: "Release day"}

// ReleaseInterval is how often each instance looks for pre-orders whose
// day came.
const ReleaseInterval = time.Minute

// RunReleases runs ReleasePass every interval until ctx ends.
func (s *Service) RunReleases(ctx context.Context, interval time.Duration) {
	background.Every(ctx, interval, "orders: pre-order releases", func(ctx context.Context) error {
		_, err := s.ReleasePass(ctx)
		return err
	})
}

// Released is what one pass did: the books whose run it claimed, and the
// orders it moved on.
type Released struct {
	Books  int
	Orders int
}

// ReleasePass claims the run of each book whose day came, then releases
// every pre-order all of whose books had their run.
func (s *Service) ReleasePass(ctx context.Context) (Released, error) {
	var r Released
	now := s.now()
	today := s.day(now)
	due, err := dueReleases(ctx, s.db, today)
	if err != nil {
		return r, err
	}
	for _, d := range due {
		res, err := s.db.ExecContext(ctx, `INSERT INTO preorder_releases (book_id, release_date, released_at) VALUES (?, ?, ?)
			ON CONFLICT (book_id, release_date) DO NOTHING`, d.bookID, d.date, now.UTC())
		if err != nil {
			return r, fmt.Errorf("orders: claim a release: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			r.Books++
		}
	}
	ids, err := readyToRelease(ctx, s.db, today)
	if err != nil {
		return r, err
	}
	for _, id := range ids {
		var o Order
		var moved bool
		var owned []refundRow
		err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			var err error
			o, moved, owned, err = s.release(ctx, tx, id, now)
			return err
		})
		if err != nil {
			return r, err
		}
		if moved {
			r.Orders++
		}
		s.refundOwned(ctx, o, owned)
	}
	return r, nil
}

// dueRelease is a book's day that came, with pre-orders waiting for it.
type dueRelease struct {
	bookID int
	date   string
}

func dueReleases(ctx context.Context, q db.Querier, today string) ([]dueRelease, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT l.book_id, l.release_date FROM order_lines l JOIN orders o ON o.id = l.order_id
		WHERE o.fulfillment_status = ? AND l.release_date <> '' AND l.release_date <= ?
		AND NOT EXISTS (SELECT 1 FROM preorder_releases r WHERE r.book_id = l.book_id AND r.release_date = l.release_date)
		ORDER BY l.release_date, l.book_id`, AwaitingRelease, today)
	if err != nil {
		return nil, fmt.Errorf("orders: releases due: %w", err)
	}
	defer rows.Close()
	var out []dueRelease
	for rows.Next() {
		var d dueRelease
		if err := rows.Scan(&d.bookID, &d.date); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// readyToRelease are the orders awaiting release none of whose lines waits
// for a day to come or a run not made yet.
func readyToRelease(ctx context.Context, q db.Querier, today string) ([]int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT o.id FROM orders o WHERE o.fulfillment_status = ?
		AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.release_date <> '' AND (l.release_date > ?
			OR NOT EXISTS (SELECT 1 FROM preorder_releases r WHERE r.book_id = l.book_id AND r.release_date = l.release_date)))
		ORDER BY o.id LIMIT 1000`, AwaitingRelease, today)
	ids, err := db.Column[int64](rows, err)
	if err != nil {
		return nil, fmt.Errorf("orders: orders to release: %w", err)
	}
	return ids, nil
}

// release moves one pre-order on, in tx: to the orders to ship (delivered
// when nothing in it ships), with its digital formats delivered, save
// those refunded meanwhile, and "It's out!" queued. false when another
// instance released it first (or its date moved meanwhile). A format the
// family got meanwhile by another order is refunded (deliver's owned,
// which the caller makes after the commit).
func (s *Service) release(ctx context.Context, tx *db.Tx, id int64, now time.Time) (Order, bool, []refundRow, error) {
	o, err := orderBy(ctx, tx, "id = ?", id)
	if err != nil {
		return Order{}, false, nil, err
	}
	if o.Fulfilment != AwaitingRelease || s.awaiting(o.Lines, now) {
		return o, false, nil, nil
	}
	to := State{o.Payment, Unfulfilled}
	if digitalOnly(o.Lines) {
		to.Fulfilment = Delivered
	}
	moved, err := moveOrder(ctx, tx, o.ID, change{from: o.State, to: to, note: "Released: every book in it is out", actor: releaseActor}, now)
	if err != nil || !moved || o.Payment == PaymentRefunded {
		return o, moved, nil, err
	}
	refunded, err := refundedQuantities(ctx, tx, o.ID)
	if err != nil {
		return o, false, nil, err
	}
	skip := map[int]bool{}
	for i, l := range o.Lines {
		skip[i+1] = refunded[i+1] >= l.Quantity
	}
	owned, err := s.deliver(ctx, tx, o, false, skip, now)
	if err != nil {
		return o, false, nil, err
	}
	return o, true, owned, s.tellBuyer(ctx, tx, o, func(statusURL string) (mail.Message, error) { return releasedEmail(o, skip, statusURL, s.site) }, now)
}

// releasedEmail's "See your order" is My Orders, or a guest's status link.
func releasedEmail(o Order, skip map[int]bool, statusURL string, site Settings) (mail.Message, error) {
	m := mail.PreorderReleased{Name: greeting(o), Number: o.Number, OrderURL: cmp.Or(orderURL(o, site), statusURL), SiteURL: site.SiteURL}
	for i, l := range o.Lines {
		if skip[i+1] {
			continue
		}
		title := l.Title
		if l.IsDigital() {
			title += " (" + formats.Word(l.Format) + ")"
			m.LibraryURL = site.SiteURL + LibraryPath
		} else {
			m.Ships = true
		}
		if !slices.Contains(m.Titles, title) {
			m.Titles = append(m.Titles, title)
		}
	}
	return mail.PreorderReleasedEmail(o.Email, m)
}

// Releases moves the pre-orders waiting for a book when its date changes
// (catalog.ReleaseDates). It needs the shop's settings and clock alone, so
// the catalogue is built with it before the orders service, which needs
// the catalogue: no cycle, and no setter.
type Releases struct {
	Site Settings
	Now  func() time.Time
}

// DateSaved is told, in the transaction that saves a book, its
// publication date. The lines still waiting for the book's run take the
// new date; each buyer whose pre-order waits for it hears of the new date
// once (one e-mail per address, however many orders), unless the day
// already came, when "It's out!" follows.
func (r Releases) DateSaved(ctx context.Context, tx *db.Tx, bookID int, title, date string) error {
	const waiting = `book_id = ? AND release_date <> '' AND release_date <> ?
		AND NOT EXISTS (SELECT 1 FROM preorder_releases r WHERE r.book_id = order_lines.book_id AND r.release_date = order_lines.release_date)`
	ids, err := db.Column[int64](tx.QueryContext(ctx, `SELECT DISTINCT o.id FROM orders o JOIN order_lines ON order_lines.order_id = o.id
		WHERE o.fulfillment_status = ? AND `+waiting+` ORDER BY o.id`, AwaitingRelease, bookID, date))
	if err != nil {
		return fmt.Errorf("orders: pre-orders of a book: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE order_lines SET release_date = ? WHERE `+waiting, date, bookID, date); err != nil {
		return fmt.Errorf("orders: move a release date: %w", err)
	}
	now := r.Now()
	told := map[string]bool{}
	for _, id := range ids {
		o, err := orderBy(ctx, tx, "id = ?", id)
		if err != nil {
			return err
		}
		note := fmt.Sprintf("%s now comes out on %s", title, longDate(date))
		if err := addTimeline(ctx, tx, o.ID, entry{kind: kindNote, note: note, actor: releaseActor}, now); err != nil {
			return err
		}
		if date <= r.Site.day(now) || o.Email == "" || told[o.Email] {
			continue
		}
		told[o.Email] = true
		err = r.Site.tellBuyer(ctx, tx, o, func(statusURL string) (mail.Message, error) {
			return mail.PreorderDateChangedEmail(o.Email, mail.PreorderDateChanged{Name: greeting(o), Title: title, Date: longDate(date),
				OrderURL: cmp.Or(orderURL(o, r.Site), statusURL), SiteURL: r.Site.SiteURL})
		}, now)
		if err != nil {
			return err
		}
	}
	return nil
}

// uncancelTo is where an uncancel takes an order: back to awaiting
// release when its cancel took it from there.
func uncancelTo(ctx context.Context, q db.Querier, orderID int64, from State) (State, bool, error) {
	var was string
	err := q.QueryRowContext(ctx, `SELECT from_status FROM order_status_history WHERE order_id = ? AND kind = ? AND to_status = ?
		ORDER BY id DESC LIMIT 1`, orderID, kindStatus, Cancelled).Scan(&was)
	if err != nil && !db.IsNoRows(err) {
		return State{}, false, fmt.Errorf("orders: before the cancel: %w", err)
	}
	if was == AwaitingRelease {
		to := State{from.Payment, AwaitingRelease}
		_, ok := moveOf(from, to)
		return to, ok, nil
	}
	to, ok := from.moveBy(moveUncancel)
	return to, ok, nil
}

// pendingPreorders counts the account's paid pre-orders still awaiting
// release with the book's format: a digital format is bought once, even
// before it opens.
func pendingPreorders(ctx context.Context, q db.Querier, userID string, bookID int, format string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM order_lines l JOIN orders o ON o.id = l.order_id
		WHERE o.user_id = ? AND o.fulfillment_status = ? AND l.book_id = ? AND l.format = ? AND l.refunded_quantity < l.quantity`,
		userID, AwaitingRelease, bookID, format).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("orders: pre-ordered formats: %w", err)
	}
	return n, nil
}
