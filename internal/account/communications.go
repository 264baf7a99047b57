package account

import (
	"context"
	"fmt"
	"time"

	"bookshop/internal/db"
)

// Communications is the parent's communication preference (spec 02 §3).
type Communications struct {
	Subscribed bool       `json:"subscribed"`
	UpdatedAt  *time.Time `json:"updated_at"` // nil: never chosen, the default applies
}

// CommunicationsOf returns the preference; with no row the parent is
// subscribed (spec 02 §4).
func (s *Service) CommunicationsOf(ctx context.Context, userID string) (Communications, error) {
	var c Communications
	var at time.Time
	err := s.db.QueryRowContext(ctx, `SELECT subscribed, updated_at FROM user_communications WHERE user_id = ?`, userID).
		Scan(&c.Subscribed, &at)
	if db.IsNoRows(err) {
		return Communications{Subscribed: true}, nil
	}
	if err != nil {
		return Communications{}, fmt.Errorf("read communications: %w", err)
	}
	c.UpdatedAt = &at
	return c, nil
}

// SetCommunications upserts the preference on user_id.
func (s *Service) SetCommunications(ctx context.Context, userID string, subscribed bool) (Communications, error) {
	now := s.clock()
	_, err := s.db.ExecContext(ctx, `INSERT INTO user_communications (user_id, subscribed, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET subscribed = excluded.subscribed, updated_at = excluded.updated_at`,
		userID, subscribed, now)
	if err != nil {
		return Communications{}, fmt.Errorf("save communications: %w", err)
	}
	return Communications{Subscribed: subscribed, UpdatedAt: &now}, nil
}
