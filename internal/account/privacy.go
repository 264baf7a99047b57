package account

import (
	"context"
	"net/http"
	"strings"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/idempotency"
)

// Each child, whole (issue 30): the privacy center shows a parent
// everything held about one child, exports it as a file, and deletes it.

// ChildExport is everything the shop holds about one child: the child's
// fields, the dreams made for them, their progress in the storybooks, and
// the parent's consents under which they were added.
type ChildExport struct {
	ExportedAt time.Time `json:"exported_at"`
	Child      Kid       `json:"child"`
	AddedAt    time.Time `json:"added_at"`
	Dreams     any       `json:"dreams"`
	Storybooks any       `json:"storybook_progress"`
	Consents   []Consent `json:"consents"`
}

// childExportOf gathers one child's data, or ErrKidNotFound.
func (s *Service) childExportOf(ctx context.Context, userID, kidID string) (ChildExport, error) {
	k, err := kidOf(ctx, s.db, userID, kidID)
	if err != nil {
		return ChildExport{}, err
	}
	e := ChildExport{ExportedAt: s.clock(), Child: k}
	if e.AddedAt, err = kidAddedAt(ctx, s.db, userID, kidID); err != nil {
		return ChildExport{}, err
	}
	if e.Consents, err = consentsOf(ctx, s.db, userID); err != nil {
		return ChildExport{}, err
	}
	e.Dreams, e.Storybooks = []any{}, []any{}
	if s.owner != nil && s.owner.Dreams != nil {
		if e.Dreams, err = s.owner.Dreams.OfKid(ctx, userID, kidID); err != nil {
			return ChildExport{}, err
		}
	}
	if s.owner != nil && s.owner.Storybooks != nil {
		if e.Storybooks, err = s.owner.Storybooks.OfKid(ctx, userID, kidID); err != nil {
			return ChildExport{}, err
		}
	}
	return e, nil
}

// GetChildExport serves GET /api/kids/{id}/export: one child's data. The
// privacy center shows it, and downloads it as a file.
func (s *Service) GetChildExport(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	e, err := s.childExportOf(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+childFileName(e.Child.Name)+`"`)
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, e)
}

// childFileName names a child's download after the child, in the letters a
// header may carry.
func childFileName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
			b.WriteRune('-')
		}
	}
	slug := strings.Trim(b.String(), "-")
	if slug == "" {
		slug = "child"
	}
	return "siso-and-friends-" + slug + ".json"
}

// WithdrawConsent serves POST /api/kids/{id}/withdraw-consent with 204: the
// parent withdraws consent for one child, so the child goes with all their
// data, and the ledger records the withdrawal (without the child's name).
// When no child is left, the consent itself is withdrawn: a new child asks
// for it again.
func (s *Service) WithdrawConsent(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	if err := s.withdrawForKid(r.Context(), c.UserID, r.PathValue("id"), r.UserAgent()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Service) withdrawForKid(ctx context.Context, userID, kidID, userAgent string) error {
	now := s.clock()
	ua := stripControl(truncateRunes(strings.ToValidUTF8(userAgent, ""), maxUserAgent))
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := forgetKid(ctx, tx, userID, kidID); err != nil {
			return err
		}
		row := Consent{Action: consentWithdrawn, Scope: scopeChild, NoticeVersion: NoticeVersion, Method: withdrawMethod, UserAgent: ua, At: now}
		if err := recordConsent(ctx, tx, userID, &row); err != nil {
			return err
		}
		left, err := listKids(ctx, tx, userID)
		if err != nil || len(left) > 0 {
			return err
		}
		row = Consent{Action: consentWithdrawn, Scope: scopeAccount, NoticeVersion: NoticeVersion, Method: withdrawMethod, UserAgent: ua, At: now}
		return recordConsent(ctx, tx, userID, &row)
	})
}

// withdrawMethod says how a withdrawal was made.
const withdrawMethod = "privacy center: signed-in parent withdrew consent for a child; the child's data was deleted"

// forgetKid deletes a child of the parent with everything that hangs on
// them: their dreams (ON DELETE CASCADE) and the responses recorded for
// Idempotency-Keys that name them (their creation, their dreams).
func forgetKid(ctx context.Context, tx *db.Tx, userID, kidID string) error {
	if err := deleteKid(ctx, tx, userID, kidID); err != nil {
		return err
	}
	return idempotency.ForgetResponses(ctx, tx, userID, kidID)
}
