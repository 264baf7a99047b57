package mail

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"bookshop/internal/db"
)

// Backlog is how many messages of the outbox are not delivered yet and when
// the oldest of them was written (zero without any): a queue that grows or
// ages means mail is not going out (SMTP down, a bad password).
func Backlog(ctx context.Context, q db.Querier) (unsent int, oldest time.Time, err error) {
	// Both read the pending messages through the partial index of the
	// unsent ones (mail_outbox_pending), never the sent history.
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL`).Scan(&unsent); err != nil {
		return 0, time.Time{}, fmt.Errorf("mail: outbox backlog: %w", err)
	}
	if unsent == 0 {
		return 0, time.Time{}, nil
	}
	err = q.QueryRowContext(ctx, `SELECT created_at FROM mail_outbox WHERE sent_at IS NULL ORDER BY created_at LIMIT 1`).Scan(&oldest)
	if err == sql.ErrNoRows { // delivered in between
		return unsent, time.Time{}, nil
	}
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("mail: outbox oldest message: %w", err)
	}
	return unsent, oldest, nil
}

// DeliveryCounts counts, of the messages whose ids the subquery ids
// selects (with args), those delivered and those whose last attempt
// failed and that are not delivered yet (they are still retried).
func DeliveryCounts(ctx context.Context, q db.Querier, ids string, args ...any) (sent, failed int, err error) {
	err = q.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN sent_at IS NULL AND last_error IS NOT NULL THEN 1 ELSE 0 END), 0)
		FROM mail_outbox WHERE id IN (`+ids+`)`, args...).Scan(&sent, &failed)
	if err != nil {
		return 0, 0, fmt.Errorf("mail: delivery counts: %w", err)
	}
	return sent, failed, nil
}
