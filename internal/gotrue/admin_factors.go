// The admin API's factors and passkeys of a user (GoTrue's
// /admin/users/{id}/factors and /admin/users/{id}/passkeys, as
// @supabase/auth-js's admin.mfa and admin.passkey call them), for the
// holder of the service-role key: a lost phone or security key removed for
// its owner. Each change is audited as the service role's.

package gotrue

import (
	"context"
	"net/http"
	"strings"

	"bookshop/internal/audit"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// adminFactor is the path's {factorId} among the factors of the path's {id}.
func adminFactor(ctx context.Context, q db.Querier, r *http.Request) (*user, *factor, error) {
	u, err := adminTarget(ctx, q, r)
	if err != nil {
		return nil, nil, err
	}
	f, err := factorOf(ctx, q, u.ID, r.PathValue("factorId"))
	return u, f, err
}

// AdminListFactors handles GET /admin/users/{id}/factors: every factor of
// the user, verified or not, oldest first.
func (s *Service) AdminListFactors(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u, err := adminTarget(ctx, s.db, r)
	if err != nil {
		return err
	}
	fs, err := factorsOf(ctx, s.db, u.ID)
	if err != nil {
		return err
	}
	out := make([]factorJSON, len(fs))
	for i, f := range fs {
		out[i] = f.json()
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// AdminUpdateFactor handles PUT /admin/users/{id}/factors/{factorId}
// {friendly_name}: the factor, renamed (an empty name changes nothing, as
// in GoTrue).
func (s *Service) AdminUpdateFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in struct {
		FriendlyName string `json:"friendly_name"`
		Phone        string `json:"phone"` // GoTrue's, for phone factors, which the shop has none of
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	name := truncate(strings.TrimSpace(in.FriendlyName), 100)
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*factorJSON, error) {
		u, f, err := adminFactor(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		before := f.FriendlyName
		if name != "" {
			f.UpdatedAt = s.clock()
			f.FriendlyName = name
			if _, err := tx.ExecContext(ctx, `UPDATE mfa_factors SET friendly_name = ?, updated_at = ? WHERE id = ?`,
				name, f.UpdatedAt, f.ID); err != nil {
				return nil, err
			}
		}
		out := f.json()
		return &out, audit.Record(ctx, tx, audit.Entry{System: serviceRole, Action: "factor.update", Entity: "user", EntityID: u.ID,
			Before: map[string]any{"factor_id": f.ID, "friendly_name": before},
			After:  map[string]any{"factor_id": f.ID, "friendly_name": f.FriendlyName}, At: s.clock()})
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// AdminDeleteFactor handles DELETE /admin/users/{id}/factors/{factorId}:
// the removed factor. The user's sessions fall back to aal1, as GoTrue's
// that used it do (the shop does not keep which factor a session used),
// and the recovery codes go with the last verified factor.
func (s *Service) AdminDeleteFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*factorJSON, error) {
		u, f, err := adminFactor(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		if err := deleteFactor(ctx, tx, f.ID); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE sessions SET aal = 'aal1' WHERE user_id = ?`, u.ID); err != nil {
			return nil, err
		}
		fs, err := factorsOf(ctx, tx, u.ID)
		if err != nil {
			return nil, err
		}
		if !hasVerifiedFactor(fs) {
			if err := deleteRecoveryCodes(ctx, tx, u.ID); err != nil {
				return nil, err
			}
		}
		out := f.json()
		return &out, audit.Record(ctx, tx, audit.Entry{System: serviceRole, Action: "factor.delete", Entity: "user", EntityID: u.ID,
			Before: map[string]any{"factor_id": f.ID, "factor_type": f.Type, "friendly_name": f.FriendlyName}, At: s.clock()})
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// AdminListPasskeys handles GET /admin/users/{id}/passkeys: the user's
// passkeys as the user's own list shows them.
func (s *Service) AdminListPasskeys(w http.ResponseWriter, r *http.Request) error {
	u, err := adminTarget(r.Context(), s.db, r)
	if err != nil {
		return err
	}
	return writePasskeys(w, r, s.db, u.ID)
}

// AdminDeletePasskey handles DELETE /admin/users/{id}/passkeys/{passkeyId}:
// 204, or 404 for a passkey that is not that user's.
func (s *Service) AdminDeletePasskey(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		u, err := adminTarget(ctx, tx, r)
		if err != nil {
			return err
		}
		id := r.PathValue("passkeyId")
		ok, err := deletePasskey(ctx, tx, u.ID, id)
		if err != nil {
			return err
		}
		if !ok {
			return errPasskeyNotFound
		}
		return audit.Record(ctx, tx, audit.Entry{System: serviceRole, Action: "passkey.delete", Entity: "user", EntityID: u.ID,
			Before: map[string]any{"passkey_id": id}, At: s.clock()})
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
