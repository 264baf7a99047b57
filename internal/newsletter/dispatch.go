package newsletter

import (
	"context"
	"fmt"
	"time"

	"bookshop/internal/background"
	"bookshop/internal/db"
	"bookshop/internal/mail"
)

// DispatchInterval is how often each instance writes campaign mail to the
// outbox; the rate, not this, decides how much per minute.
const DispatchInterval = 2 * time.Second

// RunDispatcher runs DispatchPass every interval until ctx ends.
func (s *Service) RunDispatcher(ctx context.Context, interval time.Duration) {
	background.Every(ctx, interval, "newsletter: send campaigns", func(ctx context.Context) error {
		_, err := s.DispatchPass(ctx)
		return err
	})
}

// DispatchPass starts the scheduled campaigns whose time has come, writes
// the next queued messages to the outbox within CAMPAIGN_RATE_PER_MINUTE,
// and marks the campaigns with nothing left as sent. It returns how many
// messages it wrote.
//
// Each message is written in the transaction that marks its send row
// enqueued, so a process killed at any point (kill -9) has written a
// message exactly for the rows marked: the next pass, on any instance,
// carries on from there. The transaction first locks the one dispatch row,
// so of several instances one dispatches at a time and the rate is the
// shop's, not each instance's.
func (s *Service) DispatchPass(ctx context.Context) (int, error) {
	now := s.now()
	if err := s.startDue(ctx, now); err != nil {
		return 0, err
	}
	var sending int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM newsletter_campaigns WHERE status = 'sending'`).Scan(&sending); err != nil {
		return 0, fmt.Errorf("newsletter: campaigns sending: %w", err)
	}
	if sending == 0 {
		return 0, nil
	}
	written := 0
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		written = 0
		if _, err := tx.ExecContext(ctx, `UPDATE newsletter_dispatch SET at = ? WHERE id = 1`, now); err != nil {
			return fmt.Errorf("newsletter: lock the dispatch: %w", err)
		}
		var recent int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM newsletter_sends WHERE enqueued_at > ?`, now.Add(-time.Minute)).Scan(&recent); err != nil {
			return err
		}
		allowed := s.set.RatePerMinute - recent
		if allowed > 0 {
			n, err := s.writeQueued(ctx, tx, allowed, now)
			if err != nil {
				return err
			}
			written = n
		}
		_, err := tx.ExecContext(ctx, `UPDATE newsletter_campaigns SET status = 'sent', finished_at = ?
			WHERE status = 'sending' AND NOT EXISTS (SELECT 1 FROM newsletter_sends s
				WHERE s.campaign_id = newsletter_campaigns.id AND s.status = 'queued')`, now)
		return err
	})
	return written, err
}

// startDue starts each scheduled campaign whose time has come, each in its
// own transaction; of two instances, the conditional update lets one.
func (s *Service) startDue(ctx context.Context, now time.Time) error {
	due, err := db.Column[int64](s.db.QueryContext(ctx, `SELECT id FROM newsletter_campaigns WHERE status = 'scheduled' AND send_at <= ?`, now))
	if err != nil {
		return fmt.Errorf("newsletter: due campaigns: %w", err)
	}
	for _, id := range due {
		err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			res, err := tx.ExecContext(ctx, `UPDATE newsletter_campaigns SET status = 'sending' WHERE id = ? AND status = 'scheduled'`, id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return nil
			}
			return start(ctx, tx, id, now)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// queuedSend is a send row waiting, with its subscriber's state now.
type queuedSend struct {
	ID, CampaignID int64
	Email          string
	Status         *string // nil: the subscriber is gone (erased)
	Suppressed     bool
	Token          *string
}

// writeQueued writes up to limit queued sends, oldest first: a message for
// a subscriber still subscribed and not suppressed, a skip for the others.
func (s *Service) writeQueued(ctx context.Context, tx *db.Tx, limit int, now time.Time) (int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT s.id, s.campaign_id, s.email, n.status, n.suppressed_at IS NOT NULL, n.unsubscribe_token
		FROM newsletter_sends s LEFT JOIN newsletter n ON n.email = s.email
		WHERE s.status = 'queued' ORDER BY s.id LIMIT ?`, limit)
	if err != nil {
		return 0, fmt.Errorf("newsletter: queued sends: %w", err)
	}
	var queued []queuedSend
	for rows.Next() {
		var q queuedSend
		var suppressed *bool
		if err := rows.Scan(&q.ID, &q.CampaignID, &q.Email, &q.Status, &suppressed, &q.Token); err != nil {
			rows.Close()
			return 0, err
		}
		q.Suppressed = suppressed != nil && *suppressed
		queued = append(queued, q)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	contents := map[int64]campaignContent{}
	written := 0
	for _, q := range queued {
		if q.Status == nil || *q.Status != StatusSubscribed || q.Suppressed || q.Token == nil {
			if _, err := tx.ExecContext(ctx, `UPDATE newsletter_sends SET status = 'skipped' WHERE id = ? AND status = 'queued'`, q.ID); err != nil {
				return written, err
			}
			continue
		}
		content, ok := contents[q.CampaignID]
		if !ok {
			c, err := campaignByID(ctx, tx, fmt.Sprint(q.CampaignID))
			if err != nil {
				return written, err
			}
			b, fields, err := s.renderBody(c.Markdown)
			if err != nil {
				return written, err
			}
			if len(fields) > 0 {
				// A card's book left the shop after the campaign started:
				// send the rest of it rather than nothing.
				b, err = s.renderWithoutMissing(c.Markdown)
				if err != nil {
					return written, err
				}
			}
			content = campaignContent{ID: c.ID, Subject: c.Subject, Preview: c.Preview, Body: b}
			contents[q.CampaignID] = content
		}
		res, err := tx.ExecContext(ctx, `UPDATE newsletter_sends SET status = 'enqueued', enqueued_at = ? WHERE id = ? AND status = 'queued'`, now, q.ID)
		if err != nil {
			return written, err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue
		}
		m, err := s.message(content, q.Email, *q.Token)
		if err != nil {
			return written, err
		}
		outboxID, err := mail.EnqueueReturningID(ctx, tx, m)
		if err != nil {
			return written, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE newsletter_sends SET outbox_id = ? WHERE id = ?`, outboxID, q.ID); err != nil {
			return written, err
		}
		written++
	}
	return written, nil
}

// renderWithoutMissing renders markdown with the cards of books no longer
// in the shop left out.
func (s *Service) renderWithoutMissing(markdown string) (body, error) {
	kept := bookTag.ReplaceAllStringFunc(markdown, func(tag string) string {
		m := bookTag.FindStringSubmatch(tag)
		var id int
		fmt.Sscan(m[1], &id)
		if s.books != nil {
			if _, ok := s.books.Card(id); ok {
				return tag
			}
		}
		return ""
	})
	b, _, err := s.renderBody(kept)
	return b, err
}
