package audit

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Service serves the audit log to the back office.
type Service struct {
	db *db.DB
}

// New serves the log kept in d. Who may read it is declared on its route
// (internal/server/routes.go), so this package stays free of auth.
func New(d *db.DB) *Service {
	return &Service{db: d}
}

// ListEntries responds to GET /api/admin/audit?actor=&kind=&from=&to=&before=&limit=
// with a page of entries, newest first, and the cursor of the next page.
// from and to are dates (2026-06-01, to included) or RFC 3339 instants (to
// excluded); the app sends instants of the staff member's own days.
func (s *Service) ListEntries(w http.ResponseWriter, r *http.Request) error {
	f, err := parseFilter(r)
	if err != nil {
		return err
	}
	page, err := List(r.Context(), s.db, f)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, page)
}

func parseFilter(r *http.Request) (Filter, error) {
	q := r.URL.Query()
	f := Filter{Actor: strings.TrimSpace(q.Get("actor")), Kind: strings.TrimSpace(q.Get("kind"))}
	fields := map[string]string{}
	var ok bool
	if f.From, ok = parseTime(q.Get("from"), false); !ok {
		fields["from"] = "Use a date such as 2026-06-01 or an RFC 3339 time"
	}
	if f.To, ok = parseTime(q.Get("to"), true); !ok {
		fields["to"] = "Use a date such as 2026-06-30 or an RFC 3339 time"
	}
	if v := q.Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			fields["before"] = "Use the nextCursor of the previous page"
		}
		f.Before = n
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxLimit {
			fields["limit"] = "Use a number from 1 to " + strconv.Itoa(MaxLimit)
		}
		f.Limit = n
	}
	if len(fields) > 0 {
		return Filter{}, httpx.Invalid("The audit log filter is not valid.", fields)
	}
	return f, nil
}

// parseTime reads a filter bound: "" is none; a date is the start of that
// day in UTC, or for the upper bound (end) the start of the next, so the
// day is included.
func parseTime(v string, end bool) (time.Time, bool) {
	if v == "" {
		return time.Time{}, true
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t, true
	}
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return time.Time{}, false
	}
	if end {
		t = t.AddDate(0, 0, 1)
	}
	return t, true
}
