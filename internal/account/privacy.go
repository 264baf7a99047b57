package account

import (
	"context"
	"net/http"
	"strings"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/personal"
)

// Each child, whole (issue 30): the privacy center shows a parent
// everything held about one child, exports it as a file, and deletes it.

// childExportOf gathers everything the shop holds about one child k: the
// child's fields, when they were added, the parent's
// consents under which they were, and every holder's part (the dreams made
// for them, their progress in the storybooks).
func (s *Service) childExportOf(ctx context.Context, userID string, k Kid) (personal.Data, error) {
	added, err := kidAddedAt(ctx, s.db, userID, k.ID)
	if err != nil {
		return nil, err
	}
	consents, err := consentsOf(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	e, err := s.holders.ExportChild(ctx, s.db, personal.Person{UserID: userID}, k.ID)
	if err != nil {
		return nil, err
	}
	e["exported_at"], e["child"], e["added_at"], e["consents"] = s.clock(), k, added, consents
	return e, nil
}

// GetChildExport serves GET /api/kids/{id}/export: one child's data. The
// privacy center shows it, and downloads it as a file.
func (s *Service) GetChildExport(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	k, err := kidOf(r.Context(), s.db, c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	e, err := s.childExportOf(r.Context(), c.UserID, k)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+childFileName(k.Name)+`"`)
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
		if err := s.forgetKid(ctx, tx, userID, kidID); err != nil {
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
// them: their dreams and progress (ON DELETE CASCADE) and what the holders
// erase of them (the responses recorded for Idempotency-Keys that name
// them: their creation, their dreams).
func (s *Service) forgetKid(ctx context.Context, tx *db.Tx, userID, kidID string) error {
	if err := deleteKid(ctx, tx, userID, kidID); err != nil {
		return err
	}
	return s.holders.EraseChild(ctx, tx, personal.Person{UserID: userID}, kidID)
}
