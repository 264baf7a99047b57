package account

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// newUser inserts a bare account row, the parent every account row hangs on.
func newUser(t *testing.T, d *db.DB) string {
	t.Helper()
	id := uuid.NewString()
	now := time.Now().UTC()
	if _, err := d.ExecContext(context.Background(), `INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`,
		id, id+"@example.com", now, now); err != nil {
		t.Fatalf("insert user: %v", err)
	}
	return id
}

// fieldError returns the message for field of a 400, failing if err is another error.
func fieldError(t *testing.T, err error, field string) string {
	t.Helper()
	e, ok := err.(*httpx.Error)
	if !ok || e.Code != httpx.CodeInvalid {
		t.Fatalf("want a 400 with fields, got %v", err)
	}
	return e.Fields[field]
}

func fixedClock(s *Service, at string) {
	now, _ := time.Parse(time.DateOnly, at)
	s.clock = func() time.Time { return now.Add(12 * time.Hour) }
}

// consent records the user's consent to the current notice, as POST
// /api/consents does.
func consent(t *testing.T, d *db.DB, userID string) {
	t.Helper()
	err := d.InTx(context.Background(), func(ctx context.Context, tx *db.Tx) error {
		return recordConsent(ctx, tx, userID, &Consent{Action: consentGiven, Scope: scopeAccount, NoticeVersion: NoticeVersion,
			Guardian: true, Method: consentMethod, At: time.Now().UTC()})
	})
	if err != nil {
		t.Fatalf("consent: %v", err)
	}
}
