// Package discounts holds the shop's discount codes: a percentage or a
// fixed amount off the subtotal, with a minimum subtotal, dates, a total
// use limit and an optional once-per-customer rule. The back office
// creates and edits them (/admin/discounts); the payment function quotes a
// code and uses it in the transaction that records the order, where a
// conditional UPDATE makes a code's last use go to one buyer only.
//
// Once per customer means per account and per e-mail address. Deleting an
// account wins over that rule: its redemptions forget the account and the
// address (the use still counts against the code's total limit), so the
// same address may use a once-per-customer code again. We keep no
// pseudonym of a deleted person to remember them by.
package discounts

import (
	"context"
	"fmt"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Code is a discount code as stored.
type Code struct {
	ID               int64      `json:"id"`
	Code             string     `json:"code"`
	PercentOff       *int64     `json:"percentOff"`     // 1 to 100, or nil
	AmountOffCents   *int64     `json:"amountOffCents"` // or a fixed amount
	MinSubtotalCents int64      `json:"minSubtotalCents"`
	StartsAt         *time.Time `json:"startsAt"`
	EndsAt           *time.Time `json:"endsAt"`
	UsageLimit       *int64     `json:"usageLimit"` // total uses; nil: unlimited
	UsedCount        int64      `json:"usedCount"`
	OncePerCustomer  bool       `json:"oncePerCustomer"`
	Active           bool       `json:"active"`
	Version          int64      `json:"version"`
	CreatedAt        time.Time  `json:"createdAt"`
	UpdatedAt        time.Time  `json:"updatedAt"`
	// FirstDay and LastDay are the shop's days (SHOP_TIME_ZONE) the code
	// can be used, YYYY-MM-DD: StartsAt is the midnight that begins the
	// first, EndsAt the midnight that ends the last. Set in the back
	// office's answers; nil without a start or an end.
	FirstDay *string `json:"firstDay"`
	LastDay  *string `json:"lastDay"`
}

// withDays is c with its first and last days in zone.
func (c Code) withDays(zone *time.Location) Code {
	c.FirstDay, c.LastDay = nil, nil
	if c.StartsAt != nil {
		d := c.StartsAt.In(zone).Format(time.DateOnly)
		c.FirstDay = &d
	}
	if c.EndsAt != nil {
		d := lastDay(*c.EndsAt, zone)
		c.LastDay = &d
	}
	return c
}

// lastDay is the shop's last day of a period that ends at end (the
// midnight after it).
func lastDay(end time.Time, zone *time.Location) string {
	return end.In(zone).Add(-time.Nanosecond).Format(time.DateOnly)
}

// startOfDay is the midnight that begins the day (YYYY-MM-DD) in zone.
func startOfDay(day string, zone *time.Location) (time.Time, bool) {
	t, err := time.ParseInLocation(time.DateOnly, day, zone)
	if err != nil || t.Year() < 2000 || t.Year() > 2200 {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// AmountFor is the code's reduction of a subtotal: a percentage rounded
// half-up to the cent, or the fixed amount, never more than the subtotal.
func (c Code) AmountFor(subtotalCents int64) int64 {
	var off int64
	if c.PercentOff != nil {
		off = (subtotalCents**c.PercentOff + 50) / 100
	} else if c.AmountOffCents != nil {
		off = *c.AmountOffCents
	}
	return min(off, subtotalCents)
}

// Customer is who once-per-customer counts: an account, an e-mail, or both.
type Customer struct {
	UserID string
	Email  string
}

// Normalize reads a code as typed: trimmed, in capitals.
func Normalize(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// refuse is a refusal of a code, with the buyer's message on the code's field.
func refuse(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	return httpx.Invalid(msg, map[string]string{"discountCode": msg})
}

func unknown(code string) error {
	return refuse("We don't recognize the code %s. Please check it and try again.", code)
}

func day(t time.Time, zone *time.Location) string { return t.In(zone).Format("January 2, 2006") }

// refusal tells why the code cannot be used now for subtotalCents, or nil.
// usedUp is checked here for a quote; a redemption checks it again in the
// UPDATE that counts the use.
func (c Code) refusal(now time.Time, zone *time.Location, subtotalCents int64) error {
	switch {
	case !c.Active:
		return refuse("The code %s is not active at the moment.", c.Code)
	case c.StartsAt != nil && now.Before(*c.StartsAt):
		return refuse("The code %s can be used from %s.", c.Code, day(*c.StartsAt, zone))
	case c.EndsAt != nil && !now.Before(*c.EndsAt):
		return refuse("The code %s expired on %s.", c.Code, day(c.EndsAt.Add(-time.Nanosecond), zone))
	case c.UsageLimit != nil && c.UsedCount >= *c.UsageLimit:
		return usedUp(c.Code)
	case subtotalCents < c.MinSubtotalCents:
		return refuse("The code %s needs a subtotal of at least $%s: add $%s more to use it.", c.Code,
			dollars(c.MinSubtotalCents), dollars(c.MinSubtotalCents-subtotalCents))
	}
	return nil
}

func usedUp(code string) error { return refuse("The code %s has been used up.", code) }

func alreadyUsed(code string) error { return refuse("You have already used the code %s.", code) }

func dollars(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

const codeColumns = `id, code, percent_off, amount_off_cents, min_subtotal_cents, starts_at, ends_at, usage_limit, used_count,
	once_per_customer, active, version, created_at, updated_at`

func scanCode(row interface{ Scan(...any) error }) (Code, error) {
	var c Code
	var pct, amount, limit *int64
	var starts, ends *time.Time
	err := row.Scan(&c.ID, &c.Code, &pct, &amount, &c.MinSubtotalCents, &starts, &ends, &limit, &c.UsedCount,
		&c.OncePerCustomer, &c.Active, &c.Version, &c.CreatedAt, &c.UpdatedAt)
	if err != nil {
		return Code{}, err
	}
	c.PercentOff, c.AmountOffCents, c.UsageLimit = pct, amount, limit
	c.StartsAt, c.EndsAt = utc(starts), utc(ends)
	c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
	return c, nil
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// byCode reads the code typed (any case), or a refusal naming it.
func byCode(ctx context.Context, q db.Querier, typed string) (Code, error) {
	code := Normalize(typed)
	if code == "" || len(code) > maxCode {
		return Code{}, unknown(code)
	}
	c, err := scanCode(q.QueryRowContext(ctx, `SELECT `+codeColumns+` FROM discount_codes WHERE code = ?`, code))
	if db.IsNoRows(err) {
		return Code{}, unknown(code)
	}
	if err != nil {
		return Code{}, fmt.Errorf("discounts: read %s: %w", code, err)
	}
	return c, nil
}

// usedBy tells whether the customer already used the code.
func usedBy(ctx context.Context, q db.Querier, c Code, who Customer) (bool, error) {
	email := strings.ToLower(strings.TrimSpace(who.Email))
	if who.UserID == "" && email == "" {
		return false, nil
	}
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM discount_redemptions WHERE discount_id = ? AND (once_user = ? OR once_email = ?)`,
		c.ID, who.UserID, email).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("discounts: read uses: %w", err)
	}
	return n > 0, nil
}

// Service checks, uses and manages the codes.
type Service struct {
	db   *db.DB
	zone *time.Location // SHOP_TIME_ZONE: a code's first and last days are the shop's
	now  func() time.Time
}

// New makes the service; zone is the shop's (nil: UTC), now is the clock
// of dates and saves (nil: time.Now).
func New(d *db.DB, zone *time.Location, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	if zone == nil {
		zone = time.UTC
	}
	return &Service{db: d, zone: zone, now: now}
}

// Quote checks a code for a subtotal and a customer and gives its
// reduction (a refusal says why not).
func (s *Service) Quote(ctx context.Context, typed string, subtotalCents int64, who Customer) (Code, int64, error) {
	c, err := byCode(ctx, s.db, typed)
	if err != nil {
		return Code{}, 0, err
	}
	if err := c.refusal(s.now(), s.zone, subtotalCents); err != nil {
		return Code{}, 0, err
	}
	if c.OncePerCustomer {
		used, err := usedBy(ctx, s.db, c, who)
		if err != nil {
			return Code{}, 0, err
		}
		if used {
			return Code{}, 0, alreadyUsed(c.Code)
		}
	}
	return c, c.AmountFor(subtotalCents), nil
}

// Redeem uses a code once for an order, in the transaction that records
// the order. The use is counted by a conditional UPDATE: in both databases
// of buyers racing for a code's last use, one UPDATE changes the row and
// the others change none and are refused. A second use by one customer is
// refused by the unique indexes of the redemptions, even when concurrent.
func (s *Service) Redeem(ctx context.Context, tx *db.Tx, typed string, subtotalCents, orderID int64, who Customer) (Code, int64, error) {
	c, err := byCode(ctx, tx, typed)
	if err != nil {
		return Code{}, 0, err
	}
	if err := c.refusal(s.now(), s.zone, subtotalCents); err != nil {
		return Code{}, 0, err
	}
	var onceUser, onceEmail any
	if c.OncePerCustomer {
		used, err := usedBy(ctx, tx, c, who)
		if err != nil {
			return Code{}, 0, err
		}
		if used {
			return Code{}, 0, alreadyUsed(c.Code)
		}
		onceUser, onceEmail = nullString(who.UserID), nullString(strings.ToLower(strings.TrimSpace(who.Email)))
	}
	res, err := tx.ExecContext(ctx, `UPDATE discount_codes SET used_count = used_count + 1
		WHERE id = ? AND active = ? AND (usage_limit IS NULL OR used_count < usage_limit)`, c.ID, true)
	if err != nil {
		return Code{}, 0, fmt.Errorf("discounts: count a use: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return Code{}, 0, errorOr(err, usedUp(c.Code))
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO discount_redemptions (discount_id, order_id, once_user, once_email, created_at)
		VALUES (?, ?, ?, ?, ?)`, c.ID, orderID, onceUser, onceEmail, s.now().UTC())
	if db.IsUniqueViolation(err) {
		return Code{}, 0, alreadyUsed(c.Code)
	}
	if err != nil {
		return Code{}, 0, fmt.Errorf("discounts: record a use: %w", err)
	}
	return c, c.AmountFor(subtotalCents), nil
}

func errorOr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// Release gives back the use an order made of a code, if any: the order
// will not be paid (PayPal refused to create it, or it expired).
func (s *Service) Release(ctx context.Context, tx *db.Tx, orderID int64) error {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT discount_id FROM discount_redemptions WHERE order_id = ?`, orderID).Scan(&id)
	if db.IsNoRows(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("discounts: read an order's use: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM discount_redemptions WHERE order_id = ?`, orderID); err != nil {
		return fmt.Errorf("discounts: give a use back: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE discount_codes SET used_count = used_count - 1 WHERE id = ? AND used_count > 0`, id); err != nil {
		return fmt.Errorf("discounts: give a use back: %w", err)
	}
	return nil
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// EraseCustomer forgets who redeemed the once-per-customer codes, for the
// account's deletion (q is its transaction): the redemptions of the account
// and of its address lose both, but stay, so each use still counts against
// the code's limit.
func EraseCustomer(ctx context.Context, q db.Querier, userID, email string) error {
	_, err := q.ExecContext(ctx, `UPDATE discount_redemptions SET once_user = NULL, once_email = NULL
		WHERE once_user = ? OR once_email = ?`, userID, strings.ToLower(strings.TrimSpace(email)))
	if err != nil {
		return fmt.Errorf("discounts: erase a customer: %w", err)
	}
	return nil
}

// Redemption is a use of a code by a customer, as their data export shows it.
type Redemption struct {
	Code        string    `json:"code"`
	OrderNumber string    `json:"order_number"`
	UsedAt      time.Time `json:"used_at"`
}

// RedemptionsOf returns the codes a customer used, oldest first: on the
// orders of their account, and the once-per-customer uses kept under the
// account or the address (an order placed before signing in).
func RedemptionsOf(ctx context.Context, q db.Querier, userID, email string) ([]Redemption, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.code, o.number, r.created_at
		FROM discount_redemptions r
		JOIN discount_codes c ON c.id = r.discount_id
		JOIN orders o ON o.id = r.order_id
		WHERE o.user_id = ? OR r.once_user = ? OR r.once_email = ?
		ORDER BY r.created_at, r.id`, userID, userID, strings.ToLower(strings.TrimSpace(email)))
	if err != nil {
		return nil, fmt.Errorf("discounts: a customer's uses: %w", err)
	}
	defer rows.Close()
	list := []Redemption{}
	for rows.Next() {
		var r Redemption
		if err := rows.Scan(&r.Code, &r.OrderNumber, &r.UsedAt); err != nil {
			return nil, err
		}
		r.UsedAt = r.UsedAt.UTC()
		list = append(list, r)
	}
	return list, rows.Err()
}
