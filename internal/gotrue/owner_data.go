package gotrue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/personal"
)

// PersonalData is the account itself: the profile and sessions in the
// export; in the deletion, what is kept by its address (e-mail cooldowns)
// and then the user row, whose deletion cascades to every row that
// references users. It is last in the server's list of holders.
var PersonalData = personal.Holder{
	Name: "auth",
	Columns: []string{"users.email", "profiles.email", "identities.user_id", "identities.email", "sessions.user_id",
		"refresh_tokens.user_id", "one_time_tokens.user_id", "flow_states.user_id", "mfa_factors.user_id",
		"mfa_recovery_codes.user_id", "webauthn_challenges.user_id", "webauthn_credentials.user_id",
		"sign_in_events.user_id", "known_devices.user_id", "email_cooldowns.email", "users_search.user_id",
		"profiles_search.user_id"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		profile, err := profileByID(ctx, q, p.UserID)
		if errors.Is(err, errNoProfile) {
			return nil, httpx.NotFound("Profile")
		}
		if err != nil {
			return nil, err
		}
		sessions, err := SessionsOf(ctx, q, p.UserID)
		return personal.Data{"profile": profile, "sessions": sessions}, err
	},
	Erase: func(ctx context.Context, q db.Querier, p personal.Person) error {
		if err := ForgetAddress(ctx, q, p.Email); err != nil {
			return err
		}
		return DeleteAccount(ctx, q, p.UserID)
	},
}

// SessionSummary is a session as the data export shows it: where and how
// the account is signed in, without its tokens.
type SessionSummary struct {
	ID        string          `json:"id"`
	AAL       string          `json:"aal"`
	AMR       json.RawMessage `json:"amr"` // the sign-in methods, as GoTrue lists them
	UserAgent string          `json:"user_agent"`
	IP        string          `json:"ip"`
	CreatedAt time.Time       `json:"created_at"`
	UpdatedAt time.Time       `json:"updated_at"`
}

// SessionsOf returns userID's sessions, oldest first.
func SessionsOf(ctx context.Context, q db.Querier, userID string) ([]SessionSummary, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, aal, amr, user_agent, ip, created_at, updated_at FROM sessions
		WHERE user_id = ? ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("auth: sessions of a user: %w", err)
	}
	defer rows.Close()
	list := []SessionSummary{}
	for rows.Next() {
		var s SessionSummary
		var amr string
		if err := rows.Scan(&s.ID, &s.AAL, &amr, &s.UserAgent, &s.IP, &s.CreatedAt, &s.UpdatedAt); err != nil {
			return nil, err
		}
		s.AMR = json.RawMessage(amr)
		if !json.Valid(s.AMR) {
			s.AMR = json.RawMessage("[]")
		}
		list = append(list, s)
	}
	return list, rows.Err()
}

// EmailOf returns the address of userID's account.
func EmailOf(ctx context.Context, q db.Querier, userID string) (string, error) {
	var email string
	err := q.QueryRowContext(ctx, `SELECT email FROM users WHERE id = ?`, userID).Scan(&email)
	if db.IsNoRows(err) {
		return "", httpx.NotFound("Account")
	}
	if err != nil {
		return "", fmt.Errorf("auth: address of a user: %w", err)
	}
	return email, nil
}

// ForgetAddress deletes what auth keeps by an address beside the account
// (the e-mail cooldowns, keyed "type:address"), for the account's deletion.
func ForgetAddress(ctx context.Context, q db.Querier, email string) error {
	// Keys that end in ":address", whatever their type: the pattern without
	// its trailing %.
	pattern := db.LikeContaining(":" + strings.ToLower(email))
	if _, err := q.ExecContext(ctx, `DELETE FROM email_cooldowns WHERE LOWER(email) LIKE ? ESCAPE '\'`, strings.TrimSuffix(pattern, "%")); err != nil {
		return fmt.Errorf("auth: forget an address: %w", err)
	}
	return nil
}
