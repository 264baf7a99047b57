package discounts

import (
	"encoding/json"
	"math/big"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
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
	list, err := listCodes(r.Context(), s.db)
	if err != nil {
		return err
	}
	for i := range list {
		list[i] = list[i].withDays(s.zone)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"discounts": list})
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
	c, err := s.create(r.Context(), caller, in)
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
	saved, err := s.update(r.Context(), caller, r.PathValue("id"), *version, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, saved.withDays(s.zone))
}
