package storybooks

import (
	"context"
	"net/http"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// CustomerStorybook is a published storybook as a customer's page in the
// back office lists it: whether the family can read it, and since when and
// how (the first live entitlement: "grant" by staff, or a purchase).
type CustomerStorybook struct {
	ID        int64      `json:"id"`
	Title     string     `json:"title"`
	BookTitle string     `json:"bookTitle"`
	Entitled  bool       `json:"entitled"`
	Source    string     `json:"source,omitempty"`
	Since     *time.Time `json:"since,omitempty"`
}

// CustomerStorybooks responds to GET /api/admin/customers/{id}/storybooks:
// the published storybooks and which of them the customer's family has,
// for support to give one from the customer's page (the grant itself is
// POST /api/admin/storybooks/{id}/grants). Staff who may both read
// customers and give editions (support and above); 404 for an unknown
// customer.
func (s *Service) CustomerStorybooks(w http.ResponseWriter, r *http.Request) error {
	userID := r.PathValue("id")
	known, err := accountExists(r.Context(), s.db, userID)
	if err != nil {
		return err
	}
	if !known {
		return httpx.NotFound("Customer")
	}
	list, err := customerStorybooks(r.Context(), s.db, userID)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, map[string]any{"storybooks": list})
}

func customerStorybooks(ctx context.Context, q db.Querier, userID string) ([]CustomerStorybook, error) {
	records, err := listRecords(ctx, q, ` WHERE s.status = ?`, Published)
	if err != nil {
		return nil, err
	}
	type held struct {
		source string
		since  time.Time
	}
	has := map[int64]held{}
	rows, err := q.QueryContext(ctx, `SELECT storybook_id, source, granted_at FROM storybook_entitlements
		WHERE user_id = ? AND revoked_at IS NULL ORDER BY granted_at, id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var h held
		if err := rows.Scan(&id, &h.source, &h.since); err != nil {
			return nil, err
		}
		if _, seen := has[id]; !seen {
			has[id] = h
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]CustomerStorybook, len(records))
	for i, rec := range records {
		out[i] = CustomerStorybook{ID: rec.ID, Title: rec.Story.Title, BookTitle: rec.BookTitle}
		if h, ok := has[rec.ID]; ok {
			since := h.since.UTC()
			out[i].Entitled, out[i].Source, out[i].Since = true, h.source, &since
		}
	}
	return out, nil
}
