// Bans: a banned account cannot sign in until its ban ends (GoTrue's
// banned_until), and banning it ends its sessions.

package gotrue

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"bookshop/internal/db"
)

// errUserBanned is GoTrue's response to a sign-in of a banned account.
var errUserBanned = badRequest("user_banned", "User is banned")

// bannedUntil returns when userID's ban ends, or nil.
func bannedUntil(ctx context.Context, q db.Querier, userID string) (*time.Time, error) {
	var t sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT banned_until FROM users WHERE id = ?`, userID).Scan(&t)
	if db.IsNoRows(err) {
		return nil, errNoUser
	}
	if err != nil {
		return nil, fmt.Errorf("auth: ban of a user: %w", err)
	}
	return timePtr(t), nil
}

// refuseBanned is errUserBanned while userID's ban lasts.
func (s *Service) refuseBanned(ctx context.Context, q db.Querier, userID string) error {
	until, err := bannedUntil(ctx, q, userID)
	if err != nil {
		return err
	}
	if until != nil && until.After(s.clock()) {
		return errUserBanned
	}
	return nil
}

// setBan bans userID for d (0 lifts the ban), ending every session of theirs
// when banned. A ban "for ever" is GoTrue's: a hundred years.
func (s *Service) setBan(ctx context.Context, q db.Querier, userID string, d time.Duration) (*time.Time, error) {
	now := s.clock()
	var until *time.Time
	if d > 0 {
		t := now.Add(d)
		until = &t
	}
	if err := setUserColumn(ctx, q, userID, "banned_until", until, now); err != nil {
		return nil, fmt.Errorf("auth: ban a user: %w", err)
	}
	if until != nil {
		if err := deleteSessions(ctx, q, userID, "-", scopeGlobal); err != nil {
			return nil, err
		}
	}
	return until, nil
}

// countryName is the English name of a country code for e-mails, or "".
func countryName(code string) string {
	if code == "" {
		return ""
	}
	r, err := language.ParseRegion(code)
	if err != nil {
		return ""
	}
	return display.English.Regions().Name(r)
}
