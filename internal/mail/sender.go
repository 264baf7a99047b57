package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strconv"
	"sync"
	"time"

	"bookshop/internal/db"
)

// Sender delivers the outbox: by SMTP when SMTP_URL is set, or, in
// development without SMTP, into the development mailbox (marked delivered,
// links logged). Without either, messages wait in the outbox until SMTP is
// configured: none is lost.
type Sender struct {
	db      *db.DB
	smtp    *smtpServer
	from    string
	dev     bool
	poll    time.Duration
	backoff time.Duration
	now     func() time.Time

	warnOnce sync.Once
}

// SenderOption changes a default of NewSender; tests use them.
type SenderOption func(*Sender)

// WithPollInterval sets how often the outbox is checked.
func WithPollInterval(d time.Duration) SenderOption { return func(s *Sender) { s.poll = d } }

// WithBackoff sets the wait after a first failed attempt; it doubles with
// each further failure, up to maxBackoff.
func WithBackoff(d time.Duration) SenderOption { return func(s *Sender) { s.backoff = d } }

const (
	// devPoll is how often development mode checks the outbox.
	devPoll = 200 * time.Millisecond
	// maxBackoff caps the wait between attempts, so mail flows again within
	// about a minute of the SMTP server coming back after a long outage.
	maxBackoff = 60 * time.Second
	batchSize  = 20
	// claimLease keeps other instances off a message while it is being sent.
	claimLease = 2 * time.Minute
)

// SenderSettings are the settings the sender reads.
type SenderSettings struct {
	SMTPURL string // SMTP_URL; "" means no SMTP delivery
	From    string // MAIL_FROM: the sender of every e-mail
	Dev     bool   // development mode: deliver into the development mailbox
}

// NewSender builds the sender.
func NewSender(set SenderSettings, d *db.DB, opts ...SenderOption) (*Sender, error) {
	s := &Sender{db: d, from: set.From, dev: set.Dev, poll: 2 * time.Second, backoff: 5 * time.Second, now: time.Now}
	if set.Dev {
		// The development mailbox is a table of this database: checking it
		// often costs nothing, and a developer or a journey waiting for a
		// confirmation link waited a second on average for the poll.
		s.poll = devPoll
	}
	if set.SMTPURL != "" {
		srv, err := parseSMTPURL(set.SMTPURL)
		if err != nil {
			return nil, err
		}
		s.smtp = srv
	}
	for _, o := range opts {
		o(s)
	}
	return s, nil
}

// Run delivers pending messages until ctx is cancelled.
func (s *Sender) Run(ctx context.Context) {
	t := time.NewTicker(s.poll)
	defer t.Stop()
	for {
		if _, err := s.DeliverPending(ctx); err != nil && ctx.Err() == nil {
			slog.ErrorContext(ctx, "mail: delivering the outbox", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// outboxRow is a message waiting in the outbox.
type outboxRow struct {
	ID       int64
	Attempts int
	Message
}

// DeliverPending makes one pass over the messages that are due and returns
// how many were delivered.
func (s *Sender) DeliverPending(ctx context.Context) (int, error) {
	if s.smtp == nil && !s.dev {
		s.warnOnce.Do(func() {
			slog.Warn("mail: SMTP_URL is not set; e-mails wait in the outbox until it is (use --dev for the development mailbox)")
		})
		return 0, nil
	}
	rows, err := s.due(ctx)
	if err != nil {
		return 0, err
	}
	delivered := 0
	for _, row := range rows {
		claimed, err := s.claim(ctx, row)
		if err != nil {
			return delivered, err
		}
		if !claimed {
			continue // another instance took it
		}
		if err := s.deliver(ctx, row.Message); err != nil {
			if ferr := s.markFailed(ctx, row, err); ferr != nil {
				return delivered, ferr
			}
			continue
		}
		if err := s.markSent(ctx, row.ID); err != nil {
			return delivered, err
		}
		delivered++
	}
	return delivered, nil
}

func (s *Sender) due(ctx context.Context) ([]outboxRow, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, attempts, to_address, subject, text_body, html_body, from_address, headers_json FROM mail_outbox
		WHERE sent_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT `+strconv.Itoa(batchSize), s.now().UTC())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []outboxRow
	for rows.Next() {
		var r outboxRow
		var headers string
		if err := rows.Scan(&r.ID, &r.Attempts, &r.To, &r.Subject, &r.Text, &r.HTML, &r.From, &headers); err != nil {
			return nil, err
		}
		r.Headers = parseHeaders(headers)
		out = append(out, r)
	}
	return out, rows.Err()
}

// claim takes a message for this instance: the attempts counter works as a
// version, so of several instances only one wins.
func (s *Sender) claim(ctx context.Context, r outboxRow) (bool, error) {
	now := s.now().UTC()
	res, err := s.db.ExecContext(ctx, `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?
		WHERE id = ? AND attempts = ? AND sent_at IS NULL`, now.Add(claimLease), r.ID, r.Attempts)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Sender) deliver(ctx context.Context, m Message) error {
	if s.smtp != nil {
		from := s.from
		if m.From != "" {
			from = m.From
		}
		return s.smtp.send(ctx, from, m, s.now())
	}
	slog.InfoContext(ctx, "mail: development mailbox", "to", m.To, "subject", m.Subject, "links", Links(m.Text))
	return nil
}

func (s *Sender) markSent(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE mail_outbox SET sent_at = ?, last_error = NULL WHERE id = ?`, s.now().UTC(), id)
	return err
}

func (s *Sender) markFailed(ctx context.Context, r outboxRow, cause error) error {
	wait := s.backoff << min(r.Attempts, 20)
	if wait <= 0 || wait > maxBackoff {
		wait = maxBackoff
	}
	slog.WarnContext(ctx, "mail: delivery failed, will retry", "id", r.ID, "attempt", r.Attempts+1, "retry_in", wait.String(), "err", cause)
	_, err := s.db.ExecContext(ctx, `UPDATE mail_outbox SET next_attempt_at = ?, last_error = ? WHERE id = ?`,
		s.now().UTC().Add(wait), truncateError(cause), r.ID)
	return err
}

func truncateError(err error) string {
	msg := err.Error()
	if len(msg) > 500 {
		msg = msg[:500]
	}
	return msg
}

var linkPattern = regexp.MustCompile(`https?://[^\s<>"']+`)

// Links returns the URLs in a text, for the log and the development mailbox.
func Links(text string) []string { return linkPattern.FindAllString(text, -1) }

// parseSMTPURL reads smtp://user:password@host:port (STARTTLS when the
// server offers it) or smtps:// (TLS from the start).
func parseSMTPURL(raw string) (*smtpServer, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("SMTP_URL: %q is not a valid URL", raw)
	}
	srv := &smtpServer{host: u.Hostname(), port: u.Port(), implicitTLS: u.Scheme == "smtps"}
	if srv.port == "" {
		srv.port = "587"
		if srv.implicitTLS {
			srv.port = "465"
		}
	}
	if u.User != nil {
		srv.username = u.User.Username()
		srv.password, _ = u.User.Password()
	}
	return srv, nil
}
