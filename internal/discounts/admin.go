package discounts

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The back office's routes (/api/admin/discounts): managers and owners
// (auth.PermDiscounts) in a two-step session. Every change is audited in
// its transaction; an edit names the version it was based on.

const (
	invalidCode = "Please correct the highlighted fields."
	staleCode   = "Someone else saved this discount after you opened it. Reload to see their changes, then make yours again."
	notFound    = "Discount not found."
	maxCode     = 32
	maxAmount   = 100_000_000 // $1,000,000
	maxLimit    = 1_000_000_000
)

var codePattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9_-]{2,31}$`)

// opt is a field of a body that may be left out, be null, or be given.
type opt[T any] struct {
	Set, Null bool
	V         T
}

func (o *opt[T]) UnmarshalJSON(b []byte) error {
	o.Set = true
	if string(b) == "null" {
		o.Null = true
		return nil
	}
	return json.Unmarshal(b, &o.V)
}

// input is a discount as the back office sends it: on a creation, missing
// fields take their defaults; on a PATCH, they keep their values.
type input struct {
	Code             opt[string]      `json:"code"`
	PercentOff       opt[json.Number] `json:"percentOff"`
	AmountOffCents   opt[json.Number] `json:"amountOffCents"`
	MinSubtotalCents opt[json.Number] `json:"minSubtotalCents"`
	StartsAt         opt[string]      `json:"startsAt"`
	EndsAt           opt[string]      `json:"endsAt"`
	// FirstDay and LastDay (YYYY-MM-DD) are the shop's days, in its time
	// zone; given, they set StartsAt and EndsAt (a code ending 31 January
	// works until the end of 31 January where the shop is).
	FirstDay        opt[string]      `json:"firstDay"`
	LastDay         opt[string]      `json:"lastDay"`
	UsageLimit      opt[json.Number] `json:"usageLimit"`
	OncePerCustomer opt[bool]        `json:"oncePerCustomer"`
	Active          opt[bool]        `json:"active"`
	Version         opt[json.Number] `json:"version"`
}

// apply puts the fields given onto c and checks the whole code.
func (in input) apply(c *Code, zone *time.Location) error {
	fields := map[string]string{}
	if in.Code.Set {
		c.Code = Normalize(in.Code.V)
	}
	if !codePattern.MatchString(c.Code) {
		fields["code"] = "3 to 32 letters, digits, hyphens or underscores, starting with a letter or digit."
	}
	whole(in.PercentOff, &c.PercentOff, 1, 100, "percentOff", "A whole percentage from 1 to 100.", fields)
	whole(in.AmountOffCents, &c.AmountOffCents, 1, maxAmount, "amountOffCents", "An amount in cents from 1.", fields)
	if _, bad := fields["percentOff"]; !bad && fields["amountOffCents"] == "" && (c.PercentOff == nil) == (c.AmountOffCents == nil) {
		fields["percentOff"] = "Give either a percentage or a fixed amount off, not both."
		if c.PercentOff == nil {
			fields["percentOff"] = "Give a percentage or a fixed amount off."
		}
		fields["amountOffCents"] = fields["percentOff"]
	}
	if in.MinSubtotalCents.Set {
		var minimum *int64
		whole(in.MinSubtotalCents, &minimum, 0, maxAmount, "minSubtotalCents", "A subtotal in cents from 0.", fields)
		if minimum != nil {
			c.MinSubtotalCents = *minimum
		} else if in.MinSubtotalCents.Null {
			c.MinSubtotalCents = 0
		}
	}
	whole(in.UsageLimit, &c.UsageLimit, 1, maxLimit, "usageLimit", "A number of uses from 1, or empty for no limit.", fields)
	moment(in.StartsAt, &c.StartsAt, "startsAt", fields)
	moment(in.EndsAt, &c.EndsAt, "endsAt", fields)
	shopDay(in.FirstDay, &c.StartsAt, 0, zone, "firstDay", fields)
	shopDay(in.LastDay, &c.EndsAt, 1, zone, "lastDay", fields)
	if c.StartsAt != nil && c.EndsAt != nil && !c.EndsAt.After(*c.StartsAt) && fields["endsAt"] == "" && fields["lastDay"] == "" {
		fields["endsAt"] = "The end must come after the start."
		if in.LastDay.Set {
			fields["lastDay"] = "The last day cannot come before the first."
		}
	}
	if in.OncePerCustomer.Set && !in.OncePerCustomer.Null {
		c.OncePerCustomer = in.OncePerCustomer.V
	}
	if in.Active.Set && !in.Active.Null {
		c.Active = in.Active.V
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidCode, fields)
	}
	return nil
}

// whole reads a nullable whole number from lo to hi into dst.
func whole(o opt[json.Number], dst **int64, lo, hi int64, name, msg string, fields map[string]string) {
	switch {
	case !o.Set:
	case o.Null:
		*dst = nil
	default:
		r, ok := new(big.Rat).SetString(string(o.V))
		if !ok || !r.IsInt() || !r.Num().IsInt64() || r.Num().Int64() < lo || r.Num().Int64() > hi {
			fields[name] = msg
			return
		}
		n := r.Num().Int64()
		*dst = &n
	}
}

// shopDay reads a nullable day (YYYY-MM-DD) of the shop into dst: the
// midnight that begins it, or with after 1 the one that ends it.
func shopDay(o opt[string], dst **time.Time, after int, zone *time.Location, name string, fields map[string]string) {
	switch {
	case !o.Set:
	case o.Null || o.V == "":
		*dst = nil
	default:
		t, ok := startOfDay(o.V, zone)
		if !ok {
			fields[name] = "A day such as 2027-01-31, or empty."
			return
		}
		t = t.In(zone).AddDate(0, 0, after).UTC()
		*dst = &t
	}
}

// moment reads a nullable RFC 3339 time ("2026-12-01T00:00:00Z") into dst.
func moment(o opt[string], dst **time.Time, name string, fields map[string]string) {
	switch {
	case !o.Set:
	case o.Null || o.V == "":
		*dst = nil
	default:
		t, err := time.Parse(time.RFC3339, o.V)
		if err != nil || t.Year() < 2000 || t.Year() > 2200 {
			fields[name] = "A date and time such as 2026-12-01T00:00:00Z, or empty."
			return
		}
		t = t.UTC()
		*dst = &t
	}
}

func entry(c auth.Caller, action string, id int64, before, after any, at time.Time) audit.Entry {
	return audit.Entry{ActorID: c.UserID, Action: action, Entity: "discount",
		EntityID: strconv.FormatInt(id, 10), Before: before, After: after, At: at}
}

// ListDiscounts serves GET /api/admin/discounts: {"discounts": [...]}, newest first.
func (s *Service) ListDiscounts(w http.ResponseWriter, r *http.Request) error {
	rows, err := s.db.QueryContext(r.Context(), `SELECT `+codeColumns+` FROM discount_codes ORDER BY id DESC LIMIT 500`)
	if err != nil {
		return fmt.Errorf("discounts: list: %w", err)
	}
	defer rows.Close()
	list := []Code{}
	for rows.Next() {
		c, err := scanCode(rows)
		if err != nil {
			return err
		}
		list = append(list, c)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range list {
		list[i] = list[i].withDays(s.zone)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"discounts": list})
}

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

// GetDiscount serves GET /api/admin/discounts/{id}.
func (s *Service) GetDiscount(w http.ResponseWriter, r *http.Request) error {
	c, err := byID(r.Context(), s.db, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c.withDays(s.zone))
}

// CreateDiscount serves POST /api/admin/discounts: 201 with the code.
func (s *Service) CreateDiscount(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	var in input
	if err := httpx.DecodeStrictJSON(r, &in, invalidCode); err != nil {
		return err
	}
	if in.Version.Set {
		return httpx.Invalid(invalidCode, map[string]string{"version": "A new discount has no version yet."})
	}
	c := Code{Active: true}
	if err := in.apply(&c, s.zone); err != nil {
		return err
	}
	at := s.now().UTC()
	c.Version, c.CreatedAt, c.UpdatedAt = 1, at, at
	err = s.db.InTx(r.Context(), func(ctx context.Context, tx *db.Tx) error {
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
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, c.withDays(s.zone))
}

// UpdateDiscount serves PATCH /api/admin/discounts/{id} {version, ...the
// fields to change}. Turning a code off is {"version": N, "active": false}.
func (s *Service) UpdateDiscount(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	var in input
	if err := httpx.DecodeStrictJSON(r, &in, invalidCode); err != nil {
		return err
	}
	var version *int64
	whole(in.Version, &version, 1, 1<<62, "version", "", map[string]string{})
	if version == nil {
		return httpx.Invalid(invalidCode, map[string]string{"version": "Required: the version you opened, so a newer save is not overwritten."})
	}
	at := s.now().UTC()
	var saved Code
	err = s.db.InTx(r.Context(), func(ctx context.Context, tx *db.Tx) error {
		before, err := byID(ctx, tx, r.PathValue("id"))
		if err != nil {
			return err
		}
		if before.Version != *version {
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
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, saved.withDays(s.zone))
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
