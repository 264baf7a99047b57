package newsletter

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/mail"
)

// Campaign statuses: a draft is written and tested; scheduled waits for its
// time; sending is being written to the outbox at the campaign rate; sent
// has reached every recipient's outbox.
const (
	CampaignDraft     = "draft"
	CampaignScheduled = "scheduled"
	CampaignSending   = "sending"
	CampaignSent      = "sent"
)

// Campaign is a campaign as the back office sees it, with its counts.
type Campaign struct {
	ID         int64      `json:"id"`
	Subject    string     `json:"subject"`
	Preview    string     `json:"preview"`
	Markdown   string     `json:"markdown"`
	Status     string     `json:"status"`
	SendAt     *time.Time `json:"sendAt"`
	Version    int64      `json:"version"`
	CreatedAt  time.Time  `json:"createdAt"`
	UpdatedAt  time.Time  `json:"updatedAt"`
	StartedAt  *time.Time `json:"startedAt"`
	FinishedAt *time.Time `json:"finishedAt"`
	Stats
}

// Stats are a campaign's counts: the recipients chosen when it started,
// the messages delivered and failing, those still waiting for the rate,
// those skipped (unsubscribed or suppressed before their turn), and the
// recipients who unsubscribed since it started. Nothing is counted about
// opening or clicking: there is no tracking.
type Stats struct {
	Recipients   int `json:"recipients"`
	Sent         int `json:"sent"`
	Failed       int `json:"failed"`
	Queued       int `json:"queued"`
	Skipped      int `json:"skipped"`
	Unsubscribed int `json:"unsubscribed"`
}

const campaignColumns = `id, subject, preview, markdown, status, send_at, version, created_at, updated_at, started_at, finished_at`

func scanCampaign(row interface{ Scan(...any) error }) (*Campaign, error) {
	var c Campaign
	if err := row.Scan(&c.ID, &c.Subject, &c.Preview, &c.Markdown, &c.Status, &c.SendAt, &c.Version, &c.CreatedAt, &c.UpdatedAt,
		&c.StartedAt, &c.FinishedAt); err != nil {
		return nil, err
	}
	c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
	for _, t := range []*time.Time{c.SendAt, c.StartedAt, c.FinishedAt} {
		if t != nil {
			*t = t.UTC()
		}
	}
	return &c, nil
}

var errNoCampaign = httpx.Errorf(httpx.CodeNotFound, "Campaign not found.")

func campaignByID(ctx context.Context, q db.Querier, raw string) (*Campaign, error) {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return nil, errNoCampaign
	}
	c, err := scanCampaign(q.QueryRowContext(ctx, `SELECT `+campaignColumns+` FROM newsletter_campaigns WHERE id = ?`, id))
	if db.IsNoRows(err) {
		return nil, errNoCampaign
	}
	if err != nil {
		return nil, fmt.Errorf("newsletter: read a campaign: %w", err)
	}
	return c, nil
}

// statsOf counts what the campaign's sends have become.
func statsOf(ctx context.Context, q db.Querier, c *Campaign) (Stats, error) {
	var st Stats
	err := q.QueryRowContext(ctx, `SELECT COUNT(*),
		COALESCE(SUM(CASE WHEN status = 'queued' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN status = 'skipped' THEN 1 ELSE 0 END), 0)
		FROM newsletter_sends WHERE campaign_id = ?`, c.ID).Scan(&st.Recipients, &st.Queued, &st.Skipped)
	if err != nil {
		return Stats{}, fmt.Errorf("newsletter: count sends: %w", err)
	}
	if st.Recipients == 0 {
		return st, nil
	}
	st.Sent, st.Failed, err = mail.DeliveryCounts(ctx, q, `SELECT outbox_id FROM newsletter_sends WHERE campaign_id = ? AND outbox_id IS NOT NULL`, c.ID)
	if err != nil {
		return Stats{}, err
	}
	if c.StartedAt != nil {
		err = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM newsletter_sends s JOIN newsletter n ON n.email = s.email
			WHERE s.campaign_id = ? AND s.status = 'enqueued' AND n.status = 'unsubscribed' AND n.status_at >= ?`, c.ID, *c.StartedAt).Scan(&st.Unsubscribed)
		if err != nil {
			return Stats{}, fmt.Errorf("newsletter: count unsubscribes: %w", err)
		}
	}
	return st, nil
}

// campaignInput is the body of a create or a change.
type campaignInput struct {
	Subject  *string      `json:"subject"`
	Preview  *string      `json:"preview"`
	Markdown *string      `json:"markdown"`
	Version  *json.Number `json:"version"`
}

const invalidCampaign = "Please check the highlighted fields."

// apply copies the given fields onto c and checks them.
func (s *Service) apply(in campaignInput, c *Campaign, fields map[string]string) {
	if in.Subject != nil {
		c.Subject = strings.TrimSpace(*in.Subject)
	}
	if in.Preview != nil {
		c.Preview = strings.TrimSpace(*in.Preview)
	}
	if in.Markdown != nil {
		c.Markdown = *in.Markdown
	}
	switch {
	case c.Subject == "":
		fields["subject"] = "A subject is required"
	case utf8.RuneCountInString(c.Subject) > 150:
		fields["subject"] = "At most 150 characters"
	case strings.ContainsAny(c.Subject, "\r\n"):
		fields["subject"] = "A subject is one line"
	}
	switch {
	case utf8.RuneCountInString(c.Preview) > 200:
		fields["preview"] = "At most 200 characters"
	case strings.ContainsAny(c.Preview, "\r\n"):
		fields["preview"] = "The preview text is one line"
	}
	if len(c.Markdown) > 100_000 {
		fields["markdown"] = "At most 100,000 characters"
	}
	if _, ok := fields["markdown"]; !ok {
		if _, bad, err := s.renderBody(c.Markdown); err == nil {
			for k, v := range bad {
				fields[k] = v
			}
		}
	}
}

// ListCampaigns serves GET /api/admin/campaigns: every campaign, newest first.
func (s *Service) ListCampaigns(w http.ResponseWriter, r *http.Request) error {
	list, err := listCampaigns(r.Context(), s.db)
	if err != nil {
		return err
	}
	for _, c := range list {
		if c.Stats, err = statsOf(r.Context(), s.db, c); err != nil {
			return err
		}
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"campaigns": list})
}

// GetCampaign serves GET /api/admin/campaigns/{id}.
func (s *Service) GetCampaign(w http.ResponseWriter, r *http.Request) error {
	c, err := campaignByID(r.Context(), s.db, r.PathValue("id"))
	if err != nil {
		return err
	}
	if c.Stats, err = statsOf(r.Context(), s.db, c); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

// CreateCampaign serves POST /api/admin/campaigns {subject, preview,
// markdown} → 201 the draft (editors, managers, owners).
func (s *Service) CreateCampaign(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	var in campaignInput
	if err := httpx.DecodeStrictJSON(r, &in, invalidCampaign); err != nil {
		return err
	}
	fields := map[string]string{}
	if in.Version != nil {
		fields["version"] = "A new campaign has no version yet"
	}
	c := &Campaign{Status: CampaignDraft, Version: 1}
	s.apply(in, c, fields)
	if len(fields) > 0 {
		return httpx.Invalid(invalidCampaign, fields)
	}
	if err := s.createCampaign(r.Context(), caller, c); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, c)
}

// auditView is what the log keeps of a campaign.
func (c *Campaign) auditView() map[string]any {
	return map[string]any{"subject": c.Subject, "preview": c.Preview, "markdown": c.Markdown, "status": c.Status, "sendAt": c.SendAt}
}

func versionOf(v *json.Number, fields map[string]string) int64 {
	if v == nil {
		fields["version"] = "Send the version you changed"
		return 0
	}
	n, err := v.Int64()
	if err != nil || n < 1 {
		fields["version"] = "A whole number from 1"
		return 0
	}
	return n
}

var errChanged = httpx.Errorf(httpx.CodeConflict, "Someone changed this campaign since you opened it. Reload to see their version.")

// UpdateCampaign serves PATCH /api/admin/campaigns/{id} {version, subject?,
// preview?, markdown?}: a draft only, over the version it was based on.
func (s *Service) UpdateCampaign(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	var in campaignInput
	if err := httpx.DecodeStrictJSON(r, &in, invalidCampaign); err != nil {
		return err
	}
	c, err := s.updateCampaign(r.Context(), caller, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

// Preview is a campaign's e-mail as a subscriber would get it.
type Preview struct {
	Subject string `json:"subject"`
	From    string `json:"from"`
	HTML    string `json:"html"`
	Text    string `json:"text"`
}

// PreviewCampaign serves POST /api/admin/campaigns/preview {subject,
// preview, markdown}: the e-mail as sent (the unsubscribe link aside),
// which the screen shows at a phone's and a desktop's width.
func (s *Service) PreviewCampaign(w http.ResponseWriter, r *http.Request) error {
	var in campaignInput
	if err := httpx.DecodeStrictJSON(r, &in, invalidCampaign); err != nil {
		return err
	}
	c := &Campaign{}
	fields := map[string]string{}
	s.apply(in, c, fields)
	delete(fields, "subject") // a preview may come before the subject
	if c.Subject == "" {
		c.Subject = "(no subject yet)"
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidCampaign, fields)
	}
	m, err := s.campaignMessage(c, "parent@example.com", "preview")
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, Preview{Subject: m.Subject, From: m.From, HTML: m.HTML, Text: m.Text})
}

// campaignMessage renders c's e-mail to one address.
func (s *Service) campaignMessage(c *Campaign, to, token string) (mail.Message, error) {
	b, fields, err := s.renderBody(c.Markdown)
	if err != nil {
		return mail.Message{}, err
	}
	if len(fields) > 0 {
		return mail.Message{}, httpx.Invalid(invalidCampaign, fields)
	}
	return s.message(campaignContent{ID: c.ID, Subject: c.Subject, Preview: c.Preview, Body: b}, to, token)
}

// TestCampaign serves POST /api/admin/campaigns/{id}/test: "Send me a
// test", to the caller's own address only, with the campaign's sender and
// headers and "[Test]" before its subject.
func (s *Service) TestCampaign(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	c, err := campaignByID(r.Context(), s.db, r.PathValue("id"))
	if err != nil {
		return err
	}
	if caller.Email == "" {
		return httpx.Errorf(httpx.CodeConflict, "Your account has no e-mail address to send the test to.")
	}
	token := "test"
	if own := unsubscribeToken(r.Context(), s.db, caller.Email); own != "" {
		token = own
	}
	test := *c
	test.Subject = "[Test] " + c.Subject
	m, err := s.campaignMessage(&test, caller.Email, token)
	if err != nil {
		return err
	}
	if err := mail.Enqueue(r.Context(), s.db, m); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"sentTo": caller.Email})
}

// SendCampaign serves POST /api/admin/campaigns/{id}/send {version, at?}
// (managers and owners): now, or at a time (RFC 3339, within a year). The
// recipients are the confirmed, not suppressed subscribers when it starts.
func (s *Service) SendCampaign(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	var in struct {
		Version *json.Number `json:"version"`
		At      *string      `json:"at"`
	}
	if err := httpx.DecodeStrictJSON(r, &in, invalidCampaign); err != nil {
		return err
	}
	fields := map[string]string{}
	version := versionOf(in.Version, fields)
	now := s.now()
	at := now
	if in.At != nil && strings.TrimSpace(*in.At) != "" {
		t, err := time.Parse(time.RFC3339, strings.TrimSpace(*in.At))
		switch {
		case err != nil:
			fields["at"] = "A date and time such as 2026-12-24T09:00:00Z"
		case t.After(now.AddDate(1, 0, 0)):
			fields["at"] = "Within a year"
		case t.After(now):
			at = t.UTC()
		}
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidCampaign, fields)
	}
	c, err := s.sendCampaign(r.Context(), caller, r.PathValue("id"), version, at, now)
	if err != nil {
		return err
	}
	if c.Stats, err = statsOf(r.Context(), s.db, c); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

// start moves the campaign to sending and chooses its recipients: one row
// per confirmed, not suppressed subscriber, which the unique (campaign,
// address) keeps from ever being two.
func start(ctx context.Context, tx *db.Tx, id int64, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `UPDATE newsletter_campaigns SET status = 'sending', started_at = ? WHERE id = ?`, now, id); err != nil {
		return fmt.Errorf("newsletter: start a campaign: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO newsletter_sends (campaign_id, email, status)
		SELECT ?, email, 'queued' FROM newsletter WHERE status = 'subscribed' AND suppressed_at IS NULL
		ON CONFLICT (campaign_id, email) DO NOTHING`, id); err != nil {
		return fmt.Errorf("newsletter: choose the recipients: %w", err)
	}
	return nil
}
