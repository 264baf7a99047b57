package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"bookshop/internal/background"
	"bookshop/internal/db"
	"bookshop/internal/mail"
)

// Schedule makes the shop's periodic backups. Every instance runs it; the
// one row of backup_schedule decides which instance makes each period's
// backup, so several instances on one PostgreSQL make one, not one each.
type Schedule struct {
	Keeper  *Keeper
	DB      *db.DB
	Every   time.Duration
	Now     func() time.Time
	Owners  func(ctx context.Context, q db.Querier) ([]string, error) // the addresses alerts go to
	PageURL string                                                    // the Backups page, linked from alerts

	mu sync.Mutex // this instance makes one backup at a time
}

const (
	// leaseFor is how long an instance may take over a backup before
	// another may try (it died meanwhile).
	leaseFor = 2 * time.Hour
	// StaleAfter is the age of the last good backup that e-mails the owners.
	StaleAfter = 26 * time.Hour
	// remindEvery spaces the alerts of a problem that lasts.
	remindEvery = 24 * time.Hour
)

// ErrBusy is the error of a backup asked for while one is being made.
var ErrBusy = errors.New("a backup is being made: wait for it to finish")

// Pass is one tick of the schedule: the period's backup if it is due and
// no other instance took it, then the alert if the last good one is old.
func (s *Schedule) Pass(ctx context.Context) error {
	now := s.Now().UTC()
	retry := min(s.Every, time.Hour) // after a failure, try again sooner than a period
	won, err := s.claim(ctx, now, `AND (last_success_at IS NULL OR last_success_at <= ?)
		AND (last_failure_at IS NULL OR last_failure_at <= ?)`, now.Add(-s.Every), now.Add(-retry))
	if err != nil {
		return err
	}
	var made error
	if won {
		_, made = s.run(ctx)
	}
	return errors.Join(made, s.alertIfStale(ctx, now))
}

// BackupNow makes a backup at once (the back office's "Back up now"),
// unless one is being made: ErrBusy.
func (s *Schedule) BackupNow(ctx context.Context) (Archive, error) {
	won, err := s.claim(ctx, s.Now().UTC(), "")
	if err != nil {
		return Archive{}, err
	}
	if !won {
		return Archive{}, ErrBusy
	}
	return s.run(ctx)
}

// claim takes the lease when it is free and cond holds; only one instance's
// UPDATE can match.
func (s *Schedule) claim(ctx context.Context, now time.Time, cond string, args ...any) (bool, error) {
	res, err := s.DB.ExecContext(ctx, `UPDATE backup_schedule SET lease_until = ?
		WHERE id = 1 AND (lease_until IS NULL OR lease_until < ?) `+cond,
		append([]any{now.Add(leaseFor), now}, args...)...)
	if err != nil {
		return false, fmt.Errorf("backup schedule: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// run makes the backup the lease was taken for and records how it went;
// a failure after a success e-mails the owners at once.
func (s *Schedule) run(ctx context.Context) (Archive, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	start := time.Now()
	a, err := s.Keeper.Backup(ctx)
	now := s.Now().UTC()
	if err == nil {
		slog.InfoContext(ctx, "backup: made", "id", a.ID, "bytes", a.Size, "took", time.Since(start).Round(time.Millisecond))
		_, dbErr := s.DB.ExecContext(ctx, `UPDATE backup_schedule SET lease_until = NULL, last_success_at = ?, last_size = ?, last_error = '' WHERE id = 1`, now, a.Size)
		return a, dbErr
	}
	slog.ErrorContext(ctx, "backup: failed", "err", err)
	alertErr := s.DB.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		var st state
		if err := st.read(ctx, tx); err != nil {
			return err
		}
		firstFailure := !st.failure.Valid || (st.success.Valid && st.failure.Time.Before(st.success.Time))
		if _, err := tx.ExecContext(ctx, `UPDATE backup_schedule SET lease_until = NULL, last_failure_at = ?, last_error = ? WHERE id = 1`, now, truncate(err.Error())); err != nil {
			return err
		}
		if !firstFailure {
			return nil // the owners know; the daily reminder of a stale backup goes on
		}
		return s.alert(ctx, tx, now, "The shop's last backup failed.", st.success, err.Error())
	})
	return a, errors.Join(err, alertErr)
}

// alertIfStale e-mails the owners, once a day at most and from one
// instance, while the last good backup is older than StaleAfter.
func (s *Schedule) alertIfStale(ctx context.Context, now time.Time) error {
	last, err := s.lastGood(ctx)
	if err != nil || last.IsZero() || now.Sub(last) <= StaleAfter {
		return err
	}
	return s.DB.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE backup_schedule SET alerted_at = ? WHERE id = 1 AND (alerted_at IS NULL OR alerted_at <= ?)`, now, now.Add(-remindEvery))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		var st state
		if err := st.read(ctx, tx); err != nil {
			return err
		}
		problem := fmt.Sprintf("The shop has had no good backup for %d hours.", int(now.Sub(last).Hours()))
		return s.alert(ctx, tx, now, problem, sql.NullTime{Time: last, Valid: true}, st.lastError)
	})
}

// lastGood is the newest of the recorded success and the folder's newest
// archive (`bookshop backup` on the command line records nothing).
func (s *Schedule) lastGood(ctx context.Context) (time.Time, error) {
	var st state
	if err := st.read(ctx, s.DB); err != nil {
		return time.Time{}, err
	}
	var last time.Time
	if st.success.Valid {
		last = st.success.Time
	}
	if list, err := List(s.Keeper.Dir); err == nil && len(list) > 0 && list[0].CreatedAt.After(last) {
		last = list[0].CreatedAt
	}
	return last, nil
}

// alert writes the e-mail to every owner through tx.
func (s *Schedule) alert(ctx context.Context, tx *db.Tx, now time.Time, problem string, lastGood sql.NullTime, cause string) error {
	owners, err := s.Owners(ctx, tx)
	if err != nil {
		return err
	}
	a := mail.BackupAlert{Problem: problem, LastGood: "never", Error: truncate(cause), PageURL: s.PageURL}
	if lastGood.Valid {
		a.LastGood = lastGood.Time.UTC().Format("Monday 2 January 2006, 15:04 UTC")
	}
	for _, to := range owners {
		m, err := mail.BackupAlertEmail(to, a)
		if err != nil {
			return err
		}
		if err := mail.Enqueue(ctx, tx, m); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE backup_schedule SET alerted_at = ? WHERE id = 1`, now)
	return err
}

// state is what backup_schedule says.
type state struct {
	success, failure sql.NullTime
	lastError        string
}

func (st *state) read(ctx context.Context, q db.Querier) error {
	return q.QueryRowContext(ctx, `SELECT last_success_at, last_failure_at, last_error FROM backup_schedule WHERE id = 1`).
		Scan(&st.success, &st.failure, &st.lastError)
}

// AfterRestore frees the schedule's lease: a scheduled backup's archive
// was snapshotted while its instance held it.
func AfterRestore(ctx context.Context, d *db.DB) error {
	_, err := d.ExecContext(ctx, `UPDATE backup_schedule SET lease_until = NULL WHERE id = 1`)
	return err
}

func truncate(s string) string {
	if len(s) > 500 {
		return s[:500] + "…"
	}
	return s
}

// Run checks every few minutes whether the period's backup is due, until
// ctx ends. The first check waits one interval: an instance that only
// starts and stops (a test, a crash loop) makes no backup of its own.
func (s *Schedule) Run(ctx context.Context) {
	check := min(s.Every, 5*time.Minute)
	select {
	case <-ctx.Done():
		return
	case <-time.After(check):
	}
	background.Every(ctx, check, "backup: scheduled", s.Pass)
}
