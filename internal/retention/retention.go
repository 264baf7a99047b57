// Package retention runs the shop's one deletion schedule: the retention
// schedule of issue 30 (nothing about a family is kept for ever) and the
// clean-up of what can no longer be used (expired links, flows and dead
// sessions, old Idempotency-Keys). Each instance runs it on a timer, one
// job; every step deletes only what is past its period, in statements that
// are safe to run twice and on several instances at once.
//
// Accounts not signed in to for a period are warned by e-mail, then
// deleted after a second period unless the parent signs in meanwhile (the
// warnings are this package's table). Other features' old rows go through
// the Sweeps and Expiries the server hands in (devices, sign-in history,
// contact messages, delivered e-mails' bodies, dreams not kept, GoTrue's
// expired rows, ...), each a plain function of the feature that owns the
// table.
package retention

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/background"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/mail"
	"bookshop/internal/personal"
)

// Schedule is how long each kind of data is kept; the server reads it from
// the configuration, and /privacy publishes it.
type Schedule struct {
	UnusedAccountMonths int `json:"unusedAccountMonths"` // not signed in for this long: warned
	DeletionWarningDays int `json:"deletionWarningDays"` // then deleted this long after the warning
	DeviceMonths        int `json:"deviceMonths"`        // a device not signed in from
	SignInDays          int `json:"signInDays"`          // sign-in history
	ContactMonths       int `json:"contactMonths"`       // contact-form messages
	SentMailDays        int `json:"sentMailDays"`        // e-mail bodies, after delivery
	DreamMonths         int `json:"dreamMonths"`         // dreams the parent did not keep
}

// Sweep deletes one kind of data from before its cutoff and says how many
// rows it deleted (or emptied).
type Sweep struct {
	Name   string
	Cutoff func(s Schedule, now time.Time) time.Time
	Delete func(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error)
}

// Expiry deletes, table by table, what a feature can no longer use by its
// own lifetimes rather than the published schedule (GoTrue's expired links,
// flows, cooldowns, counters and dead sessions), and says how many rows per
// table.
type Expiry func(ctx context.Context) (map[string]int64, error)

// MonthsAgo and DaysAgo are the cutoffs of periods counted in months and days.
func MonthsAgo(now time.Time, months int) time.Time { return now.AddDate(0, -months, 0) }
func DaysAgo(now time.Time, days int) time.Time     { return now.AddDate(0, 0, -days) }

// EraseAccount deletes an account with everything of it, as the owner's
// own deletion does (internal/personal's holders), in the caller's
// transaction.
type EraseAccount func(ctx context.Context, tx *db.Tx, userID string) error

// PersonalData is the warnings sent before deleting an unused account; they
// go with the account by cascade.
var PersonalData = personal.Holder{Name: "retention", Columns: []string{"inactivity_warnings.user_id"}}

// Service runs the schedule.
type Service struct {
	db       *db.DB
	schedule Schedule
	erase    EraseAccount
	sweeps   []Sweep
	expiries []Expiry
	siteURL  string
	clock    func() time.Time
}

// New runs schedule, sweeps and expiries on d; now (nil: time.Now) is the
// clock, siteURL the shop's address for the warning's sign-in link.
func New(d *db.DB, schedule Schedule, erase EraseAccount, sweeps []Sweep, expiries []Expiry, siteURL string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, schedule: schedule, erase: erase, sweeps: sweeps, expiries: expiries, siteURL: siteURL,
		clock: func() time.Time { return now().UTC() }}
}

// Schedule is the schedule the service runs.
func (s *Service) Schedule() Schedule { return s.schedule }

// Run makes one pass of every step and returns how many rows each touched;
// a step that fails does not stop the others.
func (s *Service) Run(ctx context.Context) (map[string]int64, error) {
	now := s.clock()
	done := map[string]int64{}
	var errs []error
	count := func(step string, n int64, err error) {
		if err != nil {
			errs = append(errs, fmt.Errorf("retention: %s: %w", step, err))
		}
		if n > 0 {
			done[step] = n
		}
	}
	n, err := s.warnUnused(ctx, now)
	count("accounts_warned", n, err)
	n, err = s.deleteUnused(ctx, now)
	count("accounts_deleted", n, err)
	for _, sw := range s.sweeps {
		n, err := sw.Delete(ctx, s.db, sw.Cutoff(s.schedule, now))
		count(sw.Name, n, err)
	}
	for _, expire := range s.expiries {
		tables, err := expire(ctx)
		if err != nil {
			errs = append(errs, fmt.Errorf("retention: %w", err))
		}
		for table, n := range tables {
			done[table] += n
		}
	}
	return done, errors.Join(errs...)
}

// Job names the deletion schedule in the log and in /metrics'
// bookshop_background_job_last_success_timestamp_seconds.
const Job = "retention: deletion schedule"

// RunEvery runs the deletion schedule at once and then every interval until
// ctx ends: the shop's one job that deletes.
func (s *Service) RunEvery(ctx context.Context, interval time.Duration) {
	background.Every(ctx, interval, Job, func(ctx context.Context) error {
		done, err := s.Run(ctx)
		if len(done) > 0 {
			slog.InfoContext(ctx, "retention: old data deleted", "rows", done)
		}
		return err
	})
}

// warnUnused e-mails each account unused for the period, once: the warning
// row is written only when there is none from after the account's last
// sign-in, and the e-mail goes in the same transaction, so a second run or
// another instance sends nothing more.
func (s *Service) warnUnused(ctx context.Context, now time.Time) (int64, error) {
	list, err := auth.UnusedSince(ctx, s.db, MonthsAgo(now, s.schedule.UnusedAccountMonths))
	if err != nil {
		return 0, err
	}
	var warned int64
	for _, a := range list {
		err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			res, err := tx.ExecContext(ctx, `INSERT INTO inactivity_warnings (user_id, warned_at) VALUES (?, ?)
				ON CONFLICT (user_id) DO UPDATE SET warned_at = excluded.warned_at WHERE inactivity_warnings.warned_at < ?`,
				a.ID, now, a.LastActive)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return nil // warned already
			}
			msg, err := mail.InactiveAccountEmail(a.Email, mail.InactiveAccount{Name: a.FirstName, Months: s.schedule.UnusedAccountMonths,
				DeleteOn: now.AddDate(0, 0, s.schedule.DeletionWarningDays).Format("2 January 2006"), SignInURL: s.siteURL + "/login"})
			if err != nil {
				return err
			}
			if err := mail.Enqueue(ctx, tx, msg); err != nil {
				return err
			}
			warned++
			return nil
		})
		if db.IsForeignKeyViolation(err) {
			continue // deleted meanwhile (by another instance's pass)
		}
		if err != nil {
			return warned, err
		}
	}
	return warned, nil
}

// deleteUnused deletes each account warned longer ago than the warning
// period and not signed in to since; one signed in to since keeps going,
// and its warning is dropped. Each account is claimed by deleting its
// warning row, so two instances never delete one account twice.
func (s *Service) deleteUnused(ctx context.Context, now time.Time) (int64, error) {
	deadline := DaysAgo(now, s.schedule.DeletionWarningDays)
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, warned_at FROM inactivity_warnings WHERE warned_at < ? ORDER BY warned_at`, deadline)
	if err != nil {
		return 0, err
	}
	type warning struct {
		userID string
		at     time.Time
	}
	var due []warning
	for rows.Next() {
		var w warning
		if err := rows.Scan(&w.userID, &w.at); err != nil {
			rows.Close()
			return 0, err
		}
		due = append(due, w)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	var deleted int64
	for _, w := range due {
		err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			res, err := tx.ExecContext(ctx, `DELETE FROM inactivity_warnings WHERE user_id = ? AND warned_at < ?`, w.userID, deadline)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return nil // another instance has it
			}
			last, err := auth.LastActive(ctx, tx, w.userID)
			var gone *httpx.Error
			if errors.As(err, &gone) && gone.Code == httpx.CodeNotFound {
				return nil
			}
			if err != nil {
				return err
			}
			if last.After(w.at) {
				return nil // signed in since the warning: the account stays
			}
			if err := s.erase(ctx, tx, w.userID); err != nil {
				return err
			}
			deleted++
			return nil
		})
		if err != nil {
			return deleted, err
		}
	}
	return deleted, nil
}
