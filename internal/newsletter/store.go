package newsletter

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/linktoken"
)

// The subscribers' and campaigns' reads and writes of the handlers in
// admin.go, campaigns.go and newsletter.go, each change in its
// transaction (audited when staff made it).

// subscriberCounts is how many addresses are in each status, suppressed
// apart.
func subscriberCounts(ctx context.Context, q db.Querier) (map[string]int, error) {
	counts := map[string]int{StatusPending: 0, StatusSubscribed: 0, StatusUnsubscribed: 0, StatusSuppressed: 0}
	rows, err := q.QueryContext(ctx, `SELECT CASE WHEN suppressed_at IS NOT NULL THEN 'suppressed' ELSE status END, COUNT(*)
		FROM newsletter GROUP BY CASE WHEN suppressed_at IS NOT NULL THEN 'suppressed' ELSE status END`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		counts[st] = n
	}
	return counts, rows.Err()
}

// subscriberRow is what the back office's changes read of an address's row.
type subscriberRow struct {
	id         int64
	status     string
	suppressed bool
	reason     *string // why it is suppressed, if it is
}

// subscriberByEmail reads email's row in tx; found is false when the list
// has none.
func subscriberByEmail(ctx context.Context, tx *db.Tx, email string) (sub subscriberRow, found bool, err error) {
	err = tx.QueryRowContext(ctx, `SELECT id, status, suppressed_at IS NOT NULL, suppressed_reason FROM newsletter WHERE email = ?`, email).
		Scan(&sub.id, &sub.status, &sub.suppressed, &sub.reason)
	if db.IsNoRows(err) {
		return sub, false, nil
	}
	return sub, err == nil, err
}

// unsubscribeByStaff takes email off the list at its owner's request,
// audited by row id; a 404 for an address that is not on it.
func (s *Service) unsubscribeByStaff(ctx context.Context, c auth.Caller, email string) error {
	now := s.now()
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		sub, found, err := subscriberByEmail(ctx, tx, email)
		if err != nil {
			return err
		}
		if !found {
			return httpx.Errorf(httpx.CodeNotFound, "No subscriber with that address.")
		}
		id, status := sub.id, sub.status
		if status == StatusUnsubscribed {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE newsletter SET status = 'unsubscribed', subscribed = FALSE, status_at = ?, updated_at = ?,
			confirm_token_hash = NULL, confirm_expires_at = NULL WHERE id = ?`, now, now, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: c.UserID, Action: "subscriber.unsubscribe", Entity: "subscriber",
			EntityID: fmt.Sprint(id), Before: map[string]string{"status": status}, After: map[string]string{"status": StatusUnsubscribed}, At: now})
	})
}

// liftSuppression lifts a bounce's or complaint's suppression of email,
// audited by row id; it returns the address's status, which it keeps.
func (s *Service) liftSuppression(ctx context.Context, c auth.Caller, email string) (string, error) {
	now := s.now()
	var status string
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		sub, found, err := subscriberByEmail(ctx, tx, email)
		if err != nil {
			return err
		}
		if !found || !sub.suppressed {
			return httpx.Errorf(httpx.CodeNotFound, "No suppressed subscriber with that address.")
		}
		status = sub.status
		if _, err := tx.ExecContext(ctx, `UPDATE newsletter SET suppressed_at = NULL, suppressed_reason = NULL, updated_at = ? WHERE id = ?`, now, sub.id); err != nil {
			return err
		}
		before := map[string]any{"status": StatusSuppressed, "reason": sub.reason}
		return audit.Record(ctx, tx, audit.Entry{ActorID: c.UserID, Action: "subscriber.unsuppress", Entity: "subscriber",
			EntityID: fmt.Sprint(sub.id), Before: before, After: map[string]string{"status": status}, At: now})
	})
	return status, err
}

// listCampaigns is the newest 200 campaigns, newest first, without their
// figures.
func listCampaigns(ctx context.Context, q db.Querier) ([]*Campaign, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+campaignColumns+` FROM newsletter_campaigns ORDER BY id DESC LIMIT 200`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []*Campaign{}
	for rows.Next() {
		c, err := scanCampaign(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, c)
	}
	return list, rows.Err()
}

// createCampaign saves c as a new draft, audited.
func (s *Service) createCampaign(ctx context.Context, caller auth.Caller, c *Campaign) error {
	now := s.now()
	c.CreatedAt, c.UpdatedAt = now, now
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := tx.QueryRowContext(ctx, `INSERT INTO newsletter_campaigns (subject, preview, markdown, status, version, created_by, created_at, updated_at)
			VALUES (?, ?, ?, 'draft', 1, ?, ?, ?) RETURNING id`, c.Subject, c.Preview, c.Markdown, caller.UserID, now, now).Scan(&c.ID); err != nil {
			return fmt.Errorf("newsletter: create a campaign: %w", err)
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "campaign.create", Entity: "campaign",
			EntityID: strconv.FormatInt(c.ID, 10), After: c.auditView(), At: now})
	})
}

// updateCampaign saves in over draft id if it is still at in's version,
// audited.
func (s *Service) updateCampaign(ctx context.Context, caller auth.Caller, id string, in campaignInput) (*Campaign, error) {
	now := s.now()
	var c *Campaign
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		before, err := campaignByID(ctx, tx, id)
		if err != nil {
			return err
		}
		fields := map[string]string{}
		version := versionOf(in.Version, fields)
		after := *before
		s.apply(in, &after, fields)
		if len(fields) > 0 {
			return httpx.Invalid(invalidCampaign, fields)
		}
		if before.Status != CampaignDraft {
			return httpx.Errorf(httpx.CodeConflict, "This campaign is %s: only a draft can be changed.", before.Status)
		}
		res, err := tx.ExecContext(ctx, `UPDATE newsletter_campaigns SET subject = ?, preview = ?, markdown = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND version = ? AND status = 'draft'`, after.Subject, after.Preview, after.Markdown, now, before.ID, version)
		if err != nil {
			return fmt.Errorf("newsletter: save a campaign: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errChanged
		}
		after.Version, after.UpdatedAt = version+1, now
		c = &after
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "campaign.update", Entity: "campaign",
			EntityID: strconv.FormatInt(c.ID, 10), Before: before.auditView(), After: c.auditView(), At: now})
	})
	return c, err
}

// unsubscribeToken is the unsubscribe token of email's subscription, ""
// when it has none (or it could not be read: a test then links nowhere).
func unsubscribeToken(ctx context.Context, q db.Querier, email string) string {
	var own string
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(unsubscribe_token, '') FROM newsletter WHERE email = ?`,
		strings.ToLower(email)).Scan(&own); err != nil {
		return ""
	}
	return own
}

// sendCampaign starts draft id at its version now, or schedules it for
// at; its recipients are chosen when it starts. Audited.
func (s *Service) sendCampaign(ctx context.Context, caller auth.Caller, id string, version int64, at, now time.Time) (*Campaign, error) {
	var c *Campaign
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		before, err := campaignByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if before.Status != CampaignDraft {
			return httpx.Errorf(httpx.CodeConflict, "This campaign is %s already.", before.Status)
		}
		if _, err := s.campaignMessage(before, "parent@example.com", "check"); err != nil {
			return err // a book of a card left the shop since it was written
		}
		status := CampaignScheduled
		if !at.After(now) {
			status = CampaignSending
		}
		res, err := tx.ExecContext(ctx, `UPDATE newsletter_campaigns SET status = ?, send_at = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND version = ? AND status = 'draft'`, status, at, now, before.ID, version)
		if err != nil {
			return fmt.Errorf("newsletter: send a campaign: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errChanged
		}
		if status == CampaignSending {
			if err := start(ctx, tx, before.ID, now); err != nil {
				return err
			}
		}
		if c, err = campaignByID(ctx, tx, strconv.FormatInt(before.ID, 10)); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "campaign.send", Entity: "campaign",
			EntityID: strconv.FormatInt(c.ID, 10), Before: before.auditView(), After: c.auditView(), At: now})
	})
	return c, err
}

// signUp records email as pending and queues its confirmation e-mail,
// in one transaction (askToConfirm).
func (s *Service) signUp(ctx context.Context, email, userID, source string) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		return s.askToConfirm(ctx, tx, email, userID, source)
	})
}

// confirm subscribes the pending address whose link's token hashes to
// hash, once; the consent's time is now. errBadLink for a link expired or
// used.
func (s *Service) confirm(ctx context.Context, hash string) (string, error) {
	now := s.now()
	var email string
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT email FROM newsletter WHERE confirm_token_hash = ? AND confirm_expires_at > ?
			AND status = 'pending'`, hash, now).Scan(&email)
		if db.IsNoRows(err) {
			return errBadLink
		}
		if err != nil {
			return err
		}
		unsub, _ := linktoken.New()
		res, err := tx.ExecContext(ctx, `UPDATE newsletter SET status = 'subscribed', subscribed = TRUE, consent_at = ?, status_at = ?,
			updated_at = ?, confirm_token_hash = NULL, confirm_expires_at = NULL,
			unsubscribe_token = COALESCE(unsubscribe_token, ?) WHERE email = ? AND status = 'pending'`, now, now, now, unsub, email)
		if err != nil {
			return fmt.Errorf("newsletter: confirm: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errBadLink
		}
		return nil
	})
	return email, err
}
