package discounts

import (
	"context"
	"fmt"
	"strconv"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The back office's discount codes in the database: the handlers of
// admin.go decode and respond, these read and write, each change audited
// in its transaction.

// listCodes is the newest 500 codes, newest first.
func listCodes(ctx context.Context, q db.Querier) ([]Code, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+codeColumns+` FROM discount_codes ORDER BY id DESC LIMIT 500`)
	if err != nil {
		return nil, fmt.Errorf("discounts: list: %w", err)
	}
	defer rows.Close()
	list := []Code{}
	for rows.Next() {
		c, err := scanCode(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, c)
	}
	return list, rows.Err()
}

// byID is the code of id raw (a path segment); a 404 when there is none.
func byID(ctx context.Context, q db.Querier, raw string) (Code, error) {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id < 1 {
		return Code{}, httpx.Errorf(httpx.CodeNotFound, notFound)
	}
	c, err := scanCode(q.QueryRowContext(ctx, `SELECT `+codeColumns+` FROM discount_codes WHERE id = ?`, id))
	if db.IsNoRows(err) {
		return Code{}, httpx.Errorf(httpx.CodeNotFound, notFound)
	}
	return c, err
}

// create saves a new code from in, audited.
func (s *Service) create(ctx context.Context, caller auth.Caller, in input) (Code, error) {
	c := Code{Active: true}
	if err := in.apply(&c, s.zone); err != nil {
		return Code{}, err
	}
	at := s.now().UTC()
	c.Version, c.CreatedAt, c.UpdatedAt = 1, at, at
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := codeFree(ctx, tx, c); err != nil {
			return err
		}
		err := tx.QueryRowContext(ctx, `INSERT INTO discount_codes (code, percent_off, amount_off_cents, min_subtotal_cents, starts_at, ends_at,
			usage_limit, once_per_customer, active, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			c.Code, c.PercentOff, c.AmountOffCents, c.MinSubtotalCents, c.StartsAt, c.EndsAt, c.UsageLimit, c.OncePerCustomer, c.Active,
			c.Version, at, at).Scan(&c.ID)
		if err != nil {
			return storeError(err)
		}
		return audit.Record(ctx, tx, entry(caller, "discount.create", c.ID, nil, c, at))
	})
	return c, err
}

// update changes code id with in if it is still at version (a 409
// otherwise), audited.
func (s *Service) update(ctx context.Context, caller auth.Caller, id string, version int64, in input) (Code, error) {
	at := s.now().UTC()
	var saved Code
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		before, err := byID(ctx, tx, id)
		if err != nil {
			return err
		}
		if before.Version != version {
			return httpx.Errorf(httpx.CodeConflict, staleCode)
		}
		c := before
		if err := in.apply(&c, s.zone); err != nil {
			return err
		}
		if err := codeFree(ctx, tx, c); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE discount_codes SET code = ?, percent_off = ?, amount_off_cents = ?, min_subtotal_cents = ?,
			starts_at = ?, ends_at = ?, usage_limit = ?, once_per_customer = ?, active = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND version = ?`, c.Code, c.PercentOff, c.AmountOffCents, c.MinSubtotalCents, c.StartsAt, c.EndsAt, c.UsageLimit,
			c.OncePerCustomer, c.Active, at, c.ID, c.Version)
		if err != nil {
			return storeError(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errorOr(err, httpx.Errorf(httpx.CodeConflict, staleCode))
		}
		c.Version++
		c.UpdatedAt = at
		saved = c
		return audit.Record(ctx, tx, entry(caller, "discount.update", c.ID, before, c, at))
	})
	return saved, err
}

// codeFree refuses a code another discount has.
func codeFree(ctx context.Context, q db.Querier, c Code) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM discount_codes WHERE code = ? AND id <> ?`, c.Code, c.ID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return httpx.Invalid(invalidCode, map[string]string{"code": "Another discount has this code."})
	}
	return nil
}

func storeError(err error) error {
	if db.IsUniqueViolation(err) {
		return httpx.Invalid(invalidCode, map[string]string{"code": "Another discount has this code."})
	}
	return fmt.Errorf("discounts: save: %w", err)
}
