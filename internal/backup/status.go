package backup

import (
	"context"
	"database/sql"
	"time"

	"bookshop/internal/db"
)

// LastGood is the newest good backup known: the schedule's last success
// (backup_schedule) or the newest archive in dir, whichever is newer, with
// its size; zero when there is none. `bookshop backup` from cron records
// nothing in the table, hence the folder. For the metrics.
func LastGood(ctx context.Context, q db.Querier, dir string) (at time.Time, size int64, err error) {
	var success sql.NullTime
	var bytes sql.NullInt64
	err = q.QueryRowContext(ctx, `SELECT last_success_at, last_size FROM backup_schedule WHERE id = 1`).Scan(&success, &bytes)
	if err != nil && err != sql.ErrNoRows {
		return time.Time{}, 0, err
	}
	at, size = success.Time, bytes.Int64
	if dir == "" {
		return at, size, nil
	}
	if list, err := List(dir); err == nil && len(list) > 0 && list[0].CreatedAt.After(at) {
		at, size = list[0].CreatedAt, list[0].Size
	}
	return at, size, nil
}
