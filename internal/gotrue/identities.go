// Linked sign-ins: GoTrue's identities API, with which a signed-in parent
// links a Google account to theirs and unlinks it again, never removing
// the last way in.

package gotrue

import (
	"context"
	"errors"
	"net/http"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// linkIdentityMethod is the flow's authentication method of a Google
// account being linked to a signed-in user.
const linkIdentityMethod = "link_identity"

// LinkIdentity handles GET /user/identities/authorize?provider=google, as
// auth-js linkIdentity calls it: the caller is sent to Google (or, with
// skip_http_redirect, given the URL), and Google's callback links that
// Google account to the caller instead of signing in with it.
func (s *Service) LinkIdentity(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	b, err := s.requireBearer(ctx, s.db, r)
	if err != nil {
		return err
	}
	if err := s.requireSecondStep(ctx, s.db, b, "link an identity"); err != nil {
		return err
	}
	return s.startGoogle(w, r, b.user.ID, linkIdentityMethod)
}

// linkGoogleTo links the Google account of c to userID, GoTrue's
// linkIdentityToUser: a Google account already linked (to this user or
// another) is refused.
func (s *Service) linkGoogleTo(ctx context.Context, tx db.Querier, userID string, c *googleClaims) (*user, error) {
	u, err := userByID(ctx, tx, userID)
	if errors.Is(err, errNoUser) {
		return nil, errUserNotFound
	}
	if err != nil {
		return nil, err
	}
	owner, err := touchIdentity(ctx, tx, "google", c.Subject, s.clock())
	switch {
	case err == nil && owner == userID:
		return nil, unprocessable("identity_already_exists", "Identity is already linked")
	case err == nil:
		return nil, unprocessable("identity_already_exists", "Identity is already linked to another user")
	case !errors.Is(err, errNoUser):
		return nil, err
	}
	now := s.clock()
	data := map[string]any{"sub": c.Subject, "email": c.Email, "email_verified": c.EmailVerified, "name": c.Name,
		"full_name": c.Name, "avatar_url": c.Picture, "iss": s.cfg.GoogleIssuer, "provider_id": c.Subject}
	err = insertIdentity(ctx, tx, &identity{ID: newID(), UserID: userID, Provider: "google", ProviderID: c.Subject,
		Email: normalizeEmail(c.Email), IdentityData: data, LastSignInAt: &now, CreatedAt: now, UpdatedAt: now})
	if db.IsUniqueViolation(err) {
		return nil, unprocessable("identity_already_exists", "Identity is already linked to another user")
	}
	if err != nil {
		return nil, err
	}
	return u, s.syncProviders(ctx, tx, u)
}

// UnlinkIdentity handles DELETE /user/identities/{id} with 200 {}: the
// caller's identity goes, unless it is their only one (GoTrue's
// single_identity_not_deletable) or the e-mail identity, which is the
// account's own address and its password: the way back in when Google is gone.
func (s *Service) UnlinkIdentity(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	b, err := s.requireBearer(ctx, s.db, r)
	if err != nil {
		return err
	}
	if err := s.requireSecondStep(ctx, s.db, b, "unlink an identity"); err != nil {
		return err
	}
	id := r.PathValue("id")
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		ids, err := identitiesOf(ctx, tx, b.user.ID)
		if err != nil {
			return err
		}
		if len(ids) <= 1 {
			return unprocessable("single_identity_not_deletable", "User must have at least 1 identity after unlinking")
		}
		var target *identity
		for i := range ids {
			if ids[i].ID == id {
				target = &ids[i]
			}
		}
		if target == nil {
			return unprocessable("identity_not_found", "Identity doesn't exist")
		}
		if target.Provider == "email" {
			return unprocessable("single_identity_not_deletable", "The e-mail sign-in is the account's own address and cannot be unlinked")
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM identities WHERE id = ? AND user_id = ?`, target.ID, b.user.ID); err != nil {
			return err
		}
		return s.syncProviders(ctx, tx, b.user)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{})
}

// syncProviders sets app_metadata.providers to the providers of u's
// identities, as GoTrue's UpdateAppMetaDataProviders.
func (s *Service) syncProviders(ctx context.Context, tx db.Querier, u *user) error {
	ids, err := identitiesOf(ctx, tx, u.ID)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	providers := []any{}
	for _, i := range ids {
		if !seen[i.Provider] {
			seen[i.Provider] = true
			providers = append(providers, i.Provider)
		}
	}
	meta := u.appMetadata()
	meta["providers"] = providers
	if _, ok := meta["provider"]; !ok && len(providers) > 0 {
		meta["provider"] = providers[0]
	}
	u.AppMetadata = meta
	b, _ := jsonMarshal(meta)
	return setUserColumn(ctx, tx, u.ID, "app_metadata", b, s.clock())
}
