package newsletter

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Subscriber is a row of the back office's list.
type Subscriber struct {
	Email  string    `json:"email"`
	Status string    `json:"status"` // pending, subscribed, unsubscribed or suppressed
	Source string    `json:"source"`
	Since  time.Time `json:"since"`
}

// listLimit caps the list on the screen; the CSV has every row.
const listLimit = 500

// listSubscribers returns the subscribers whose address contains q (all
// for ""), newest first; limit 0 is no limit.
func listSubscribers(ctx context.Context, q db.Querier, search string, limit int, each func(Subscriber) error) error {
	query := `SELECT email, status, suppressed_at, source, status_at FROM newsletter`
	var args []any
	if search != "" {
		query += ` WHERE email LIKE ? ESCAPE '\'`
		args = append(args, db.LikeContaining(strings.ToLower(search)))
	}
	query += ` ORDER BY status_at DESC, id DESC`
	if limit > 0 {
		query += fmt.Sprintf(" LIMIT %d", limit)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("newsletter: list subscribers: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var sub Subscriber
		var suppressed *time.Time
		if err := rows.Scan(&sub.Email, &sub.Status, &suppressed, &sub.Source, &sub.Since); err != nil {
			return err
		}
		if suppressed != nil {
			sub.Status = StatusSuppressed
		}
		sub.Since = sub.Since.UTC()
		if err := each(sub); err != nil {
			return err
		}
	}
	return rows.Err()
}

// searchParam reads ?q=, at most 200 characters.
func searchParam(r *http.Request) (string, error) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if len(q) > 200 {
		return "", httpx.Invalid("The search is too long.", map[string]string{"q": "At most 200 characters"})
	}
	return q, nil
}

// ListSubscribers serves GET /api/admin/newsletter/subscribers?q= (managers
// and owners): {subscribers: [{email, status, source, since}], counts}.
func (s *Service) ListSubscribers(w http.ResponseWriter, r *http.Request) error {
	q, err := searchParam(r)
	if err != nil {
		return err
	}
	subs := []Subscriber{}
	if err := listSubscribers(r.Context(), s.db, q, listLimit, func(sub Subscriber) error {
		subs = append(subs, sub)
		return nil
	}); err != nil {
		return err
	}
	counts, err := subscriberCounts(r.Context(), s.db)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"subscribers": subs, "counts": counts})
}

// ExportSubscribers serves GET /api/admin/newsletter/subscribers.csv?q=:
// every matching subscriber as CSV (email, status, source, since).
func (s *Service) ExportSubscribers(w http.ResponseWriter, r *http.Request) error {
	q, err := searchParam(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="newsletter-subscribers.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"email", "status", "source", "since"})
	err = listSubscribers(r.Context(), s.db, q, 0, func(sub Subscriber) error {
		return cw.Write([]string{safeCell(sub.Email), sub.Status, sub.Source, sub.Since.Format(time.RFC3339)})
	})
	cw.Flush()
	return err
}

// safeCell keeps a spreadsheet from reading a cell as a formula.
func safeCell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// staffAndAddress reads a back-office request about one address: the staff
// member the route's gate checked and the body's {email}, normalized.
func staffAndAddress(r *http.Request) (auth.Caller, string, error) {
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		return c, "", err
	}
	var body struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		return c, "", err
	}
	email, err := normalize(body.Email)
	return c, email, err
}

// UnsubscribeByStaff serves POST /api/admin/newsletter/unsubscribe {email}:
// a manager takes an address off the list on its owner's request (a reply,
// a phone call, the List-Unsubscribe mailto). Audited; the log names the
// subscriber by row id, never by address.
func (s *Service) UnsubscribeByStaff(w http.ResponseWriter, r *http.Request) error {
	c, email, err := staffAndAddress(r)
	if err != nil {
		return err
	}
	if err := s.unsubscribeByStaff(r.Context(), c, email); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"email": email, "status": StatusUnsubscribed})
}

// LiftSuppression serves POST /api/admin/newsletter/unsuppress {email}: a
// manager lifts the suppression a bounce or a complaint put on an address
// (its owner fixed their mailbox, or complained by mistake). The address
// keeps its status: a subscribed one gets campaigns again, a pending or
// unsubscribed one does not. Audited, by row id.
func (s *Service) LiftSuppression(w http.ResponseWriter, r *http.Request) error {
	c, email, err := staffAndAddress(r)
	if err != nil {
		return err
	}
	status, err := s.liftSuppression(r.Context(), c, email)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"email": email, "status": status})
}
