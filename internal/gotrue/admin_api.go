// GoTrue's admin API (/auth/v1/admin/*, and /auth/v1/invite) for a server
// holding the service-role key (AUTH_SERVICE_ROLE_KEY), as
// @supabase/auth-js's GoTrueAdminApi calls it. The back office does not use
// it: its routes are session-based (customers.go).

package gotrue

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	bsmail "bookshop/internal/mail"
)

// serviceRole is the actor of the admin API's changes in the audit log.
const serviceRole = "service_role"

// typeInvite is the token of an invitation: opening its link confirms the
// address and signs in, as a sign-up's does.
const typeInvite = "invite"

// errNotAdmin is GoTrue's response to an admin call with a user's token.
var errNotAdmin = forbidden("not_admin", "User not allowed")

// requireServiceRole lets the service-role key through: no bearer or any
// other bearer is 401, a user's access token 403, as in GoTrue.
func (s *Service) requireServiceRole(r *http.Request) error {
	raw, ok := bearerToken(r)
	if !ok {
		return errNoAuthorization
	}
	key := s.cfg.AuthServiceRoleKey
	if key != "" && subtle.ConstantTimeCompare([]byte(raw), []byte(key)) == 1 {
		return nil
	}
	if _, err := s.parseAccessToken(raw); err == nil {
		return errNotAdmin
	}
	return errNoAuthorization
}

// ServiceRole is the admin API's middleware: a route runs only for the
// holder of AUTH_SERVICE_ROLE_KEY (routes.go declares it on each route).
func (s *Service) ServiceRole(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := s.requireServiceRole(r); err != nil {
			return err
		}
		return h(w, r)
	}
}

// adminUserJSON is the user object of the admin API: the user's, with its ban.
type adminUserJSON struct {
	*userJSON
	BannedUntil *time.Time `json:"banned_until,omitempty"`
}

func (s *Service) adminUser(ctx context.Context, q db.Querier, u *user) (*adminUserJSON, error) {
	uj, err := s.userResponse(ctx, q, u)
	if err != nil {
		return nil, err
	}
	until, err := bannedUntil(ctx, q, u.ID)
	if err != nil {
		return nil, err
	}
	if until != nil && !until.After(s.clock()) {
		until = nil
	}
	return &adminUserJSON{userJSON: uj, BannedUntil: until}, nil
}

var errAdminUserNotFound = notFound("user_not_found", "User not found")

// adminTarget is the user of the path's {id}.
func adminTarget(ctx context.Context, q db.Querier, r *http.Request) (*user, error) {
	u, err := userByID(ctx, q, r.PathValue("id"))
	if errors.Is(err, errNoUser) {
		return nil, errAdminUserNotFound
	}
	return u, err
}

// AdminListUsers handles GET /admin/users?page=&per_page=&filter=: a page
// of users, newest first, with X-Total-Count and Link as GoTrue sends them.
func (s *Service) AdminListUsers(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	page, perPage, err := pageParams(q.Get("page"), q.Get("per_page"))
	if err != nil {
		return err
	}
	filter := "%"
	if f := strings.TrimSpace(q.Get("filter")); f != "" {
		filter = db.LikeContaining(strings.ToLower(f))
	}
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE email LIKE ? ESCAPE '\'`, filter).Scan(&total); err != nil {
		return err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+userColumns+` FROM users WHERE email LIKE ? ESCAPE '\'
			ORDER BY created_at DESC, id LIMIT ? OFFSET ?`, filter, perPage, (page-1)*perPage)
	if err != nil {
		return err
	}
	var list []*user
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			rows.Close()
			return err
		}
		list = append(list, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	out := []*adminUserJSON{}
	for _, u := range list {
		aj, err := s.adminUser(ctx, s.db, u)
		if err != nil {
			return err
		}
		out = append(out, aj)
	}
	setPageHeaders(w, r, page, perPage, total)
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"users": out, "aud": audience})
}

// pageParams reads GoTrue's page (from 1) and per_page (default 50).
func pageParams(pageRaw, perPageRaw string) (page, perPage int, err error) {
	page, perPage = 1, 50
	if pageRaw != "" {
		if page, err = strconv.Atoi(pageRaw); err != nil || page < 1 {
			return 0, 0, badRequest("validation_failed", "Bad Pagination Parameters: page must be a positive number")
		}
	}
	if perPageRaw != "" {
		if perPage, err = strconv.Atoi(perPageRaw); err != nil || perPage < 1 {
			return 0, 0, badRequest("validation_failed", "Bad Pagination Parameters: per_page must be a positive number")
		}
	}
	if page > 1_000_000 {
		page = 1_000_000
	}
	return page, min(perPage, 1000), nil
}

// setPageHeaders writes X-Total-Count and the Link of the next and last pages.
func setPageHeaders(w http.ResponseWriter, r *http.Request, page, perPage, total int) {
	w.Header().Set("X-Total-Count", strconv.Itoa(total))
	last := max(1, (total+perPage-1)/perPage)
	link := func(p int, rel string) string {
		q := r.URL.Query()
		q.Set("page", strconv.Itoa(p))
		q.Set("per_page", strconv.Itoa(perPage))
		return fmt.Sprintf(`<%s?%s>; rel="%s"`, r.URL.Path, q.Encode(), rel)
	}
	links := []string{}
	if page < last {
		links = append(links, link(page+1, "next"))
	}
	links = append(links, link(last, "last"))
	w.Header().Set("Link", strings.Join(links, ", "))
}

// AdminGetUser handles GET /admin/users/{id}.
func (s *Service) AdminGetUser(w http.ResponseWriter, r *http.Request) error {
	u, err := adminTarget(r.Context(), s.db, r)
	if err != nil {
		return err
	}
	aj, err := s.adminUser(r.Context(), s.db, u)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, aj)
}

// adminUserParams is the body of the admin API's create and update.
type adminUserParams struct {
	Email        string         `json:"email"`
	Phone        string         `json:"phone"`
	Password     *string        `json:"password"`
	EmailConfirm bool           `json:"email_confirm"`
	UserMetadata map[string]any `json:"user_metadata"`
	AppMetadata  map[string]any `json:"app_metadata"`
	BanDuration  string         `json:"ban_duration"`
	Role         string         `json:"role"`
}

// adminUserInput is a create's or update's body, checked: the address
// normalised ("" for none), the ban and the password's hash (nil for none).
type adminUserInput struct {
	adminUserParams
	email string
	ban   *time.Duration
	hash  *string
}

// readAdminUser decodes and checks the body of a create (which needs an
// address) or an update, hashing the password before any transaction.
func (s *Service) readAdminUser(r *http.Request, create bool) (*adminUserInput, error) {
	in := &adminUserInput{}
	if err := httpx.DecodeJSON(r, &in.adminUserParams); err != nil {
		return nil, err
	}
	if create && strings.TrimSpace(in.Email) == "" {
		if in.Phone != "" {
			return nil, errPhoneSignupDisabled
		}
		return nil, badRequest("validation_failed", "Cannot create a user without either an email or phone")
	}
	var err error
	if in.Email != "" {
		if in.email, err = validEmail(in.Email); err != nil {
			return nil, err
		}
	}
	if err := checkMetadataSize(in.UserMetadata); err != nil {
		return nil, err
	}
	if in.ban, err = banDuration(in.BanDuration); err != nil {
		return nil, err
	}
	if in.hash, err = s.newPassword(in.Password); err != nil {
		return nil, err
	}
	return in, nil
}

// banDuration reads ban_duration as GoTrue does: a Go duration ("24h"), or
// "none" to lift a ban; nil when not given.
func banDuration(raw string) (*time.Duration, error) {
	if raw == "" {
		return nil, nil
	}
	var d time.Duration
	if raw != "none" {
		var err error
		if d, err = time.ParseDuration(raw); err != nil || d < 0 {
			return nil, badRequest("validation_failed", "invalid format for ban duration: %s", raw)
		}
	}
	return &d, nil
}

// newPassword checks and hashes the password of a create or update (before
// any transaction: hashing takes a while); nil for none given.
func (s *Service) newPassword(p *string) (*string, error) {
	if p == nil {
		return nil, nil
	}
	if err := checkPasswordStrength(*p); err != nil {
		return nil, err
	}
	hash, err := hashPassword(*p, s.hashParams)
	if err != nil {
		return nil, err
	}
	return &hash, nil
}

// AdminCreateUser handles POST /admin/users: a user with an e-mail
// identity and profile, confirmed when email_confirm is set.
func (s *Service) AdminCreateUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	in, err := s.readAdminUser(r, true)
	if err != nil {
		return err
	}
	email, ban, hash := in.email, in.ban, in.hash
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*adminUserJSON, error) {
		u := newSignupUser(email, "", in.UserMetadata, s.clock())
		if hash != nil {
			u.PasswordHash = *hash
		}
		for k, v := range in.AppMetadata {
			u.AppMetadata[k] = v
		}
		if err := s.createUser(ctx, tx, u, "email", u.ID, emailIdentityData(u)); err != nil {
			var e *apiError
			if errors.As(err, &e) && e.Code == "user_already_exists" {
				return nil, errEmailExists
			}
			return nil, err
		}
		return s.finishAdminChange(ctx, tx, u, in.EmailConfirm, ban, "user.create", nil)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

var errEmailExists = unprocessable("email_exists", "A user with this email address has already been registered")

// finishAdminChange confirms, bans and audits a created or updated user and
// returns its admin JSON.
func (s *Service) finishAdminChange(ctx context.Context, tx *db.Tx, u *user, confirm bool, ban *time.Duration, action string, before any) (*adminUserJSON, error) {
	now := s.clock()
	if confirm && !u.confirmed() {
		if err := confirmEmail(ctx, tx, u, now); err != nil {
			return nil, err
		}
		u.EmailConfirmedAt = &now
	}
	if ban != nil {
		if _, err := s.setBan(ctx, tx, u.ID, *ban); err != nil {
			return nil, err
		}
	}
	fresh, err := userByID(ctx, tx, u.ID)
	if err != nil {
		return nil, err
	}
	aj, err := s.adminUser(ctx, tx, fresh)
	if err != nil {
		return nil, err
	}
	after := map[string]any{"confirmed": fresh.confirmed(), "banned_until": aj.BannedUntil}
	err = audit.Record(ctx, tx, audit.Entry{System: serviceRole, Action: action, Entity: "user", EntityID: u.ID,
		Before: before, After: after, At: now})
	return aj, err
}

// AdminUpdateUser handles PUT /admin/users/{id}: e-mail (moved at once),
// password, confirmation, metadata (merged) and ban.
func (s *Service) AdminUpdateUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	in, err := s.readAdminUser(r, false)
	if err != nil {
		return err
	}
	email, ban, hash := in.email, in.ban, in.hash
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*adminUserJSON, error) {
		u, err := adminTarget(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		before := map[string]any{"confirmed": u.confirmed()}
		now := s.clock()
		if email != "" && email != u.Email {
			err := moveToEmail(ctx, tx, u.ID, email, now)
			if db.IsUniqueViolation(err) {
				return nil, errEmailExists
			}
			if err != nil {
				return nil, err
			}
		}
		if hash != nil {
			if err := setUserColumn(ctx, tx, u.ID, "encrypted_password", *hash, now); err != nil {
				return nil, err
			}
		}
		if in.UserMetadata != nil {
			if err := s.mergeUserMetadata(ctx, tx, u, in.UserMetadata); err != nil {
				return nil, err
			}
		}
		if in.AppMetadata != nil {
			meta := u.appMetadata()
			for k, v := range in.AppMetadata {
				meta[k] = v
			}
			b, _ := jsonMarshal(meta)
			if err := setUserColumn(ctx, tx, u.ID, "app_metadata", b, now); err != nil {
				return nil, err
			}
		}
		return s.finishAdminChange(ctx, tx, u, in.EmailConfirm, ban, "user.update", before)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// AccountEraser deletes an account in tx as the parent's own deletion does
// (every holder of internal/personal: the orders lose the buyer, the mail
// and sign-ups go). Wired by internal/server (Shop).
type AccountEraser func(ctx context.Context, tx *db.Tx, userID string) error

// eraseAccount deletes userID's account, with record (its audit entry) in
// the same transaction.
func (s *Service) eraseAccount(ctx context.Context, userID string, record func(ctx context.Context, tx *db.Tx) error) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := record(ctx, tx); err != nil {
			return err
		}
		return s.shop.EraseAccount(ctx, tx, userID)
	})
}

// AdminDeleteUser handles DELETE /admin/users/{id} with 200 {}.
func (s *Service) AdminDeleteUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u, err := adminTarget(ctx, s.db, r)
	if err != nil {
		return err
	}
	err = s.eraseAccount(ctx, u.ID, func(ctx context.Context, tx *db.Tx) error {
		return audit.Record(ctx, tx, audit.Entry{System: serviceRole, Action: "user.delete", Entity: "user", EntityID: u.ID,
			At: s.clock()})
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, emptyObject)
}

// generateLinkResponse is GoTrue's: the user, and the link's parts.
type generateLinkResponse struct {
	*adminUserJSON
	ActionLink       string `json:"action_link"`
	EmailOTP         string `json:"email_otp"`
	HashedToken      string `json:"hashed_token"`
	VerificationType string `json:"verification_type"`
	RedirectTo       string `json:"redirect_to"`
}

// AdminGenerateLink handles POST /admin/generate_link: the link (and code)
// an e-mail of type would carry, without sending it. signup and invite
// create the user; magiclink too when there is none; recovery and
// email_change_new need one.
func (s *Service) AdminGenerateLink(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in struct {
		Type       string         `json:"type"`
		Email      string         `json:"email"`
		NewEmail   string         `json:"new_email"`
		Password   string         `json:"password"`
		Data       map[string]any `json:"data"`
		RedirectTo string         `json:"redirect_to"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	email, err := validEmail(in.Email)
	if err != nil {
		return err
	}
	if err := checkMetadataSize(in.Data); err != nil {
		return err
	}
	var hash string
	switch in.Type {
	case typeSignup:
		if err := checkPasswordStrength(in.Password); err != nil {
			return err
		}
		if hash, err = hashPassword(in.Password, s.hashParams); err != nil {
			return err
		}
	case typeInvite, typeMagicLink, typeRecovery, "email_change_new":
	case "email_change_current":
		return badRequest("validation_failed", "Enable secure email change to generate link for current email")
	default:
		return badRequest("validation_failed", "Invalid email action link type requested: %s", in.Type)
	}
	redirect := s.redirectTarget(in.RedirectTo)
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*generateLinkResponse, error) {
		u, tokenType, sentTo, err := s.linkTarget(ctx, tx, in.Type, email, in.NewEmail, hash, in.Data)
		if err != nil {
			return nil, err
		}
		tok, err := s.issueEmailToken(ctx, tx, u, tokenType, sentTo, "", redirect)
		if err != nil {
			return nil, err
		}
		if err := audit.Record(ctx, tx, audit.Entry{System: serviceRole, Action: "user.generate_link", Entity: "user", EntityID: u.ID,
			After: map[string]any{"type": in.Type}, At: s.clock()}); err != nil {
			return nil, err
		}
		aj, err := s.adminUser(ctx, tx, u)
		if err != nil {
			return nil, err
		}
		link, _ := url.Parse(tok.Link)
		return &generateLinkResponse{adminUserJSON: aj, ActionLink: tok.Link, EmailOTP: tok.Code,
			HashedToken: link.Query().Get("token"), VerificationType: tokenType, RedirectTo: redirect}, nil
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// linkTarget finds or makes the user of a generated link and names the
// token's type and address.
func (s *Service) linkTarget(ctx context.Context, tx *db.Tx, typ, email, newEmail, hash string, data map[string]any) (*user, string, string, error) {
	u, err := userByEmail(ctx, tx, email)
	if err != nil && !errors.Is(err, errNoUser) {
		return nil, "", "", err
	}
	exists := err == nil
	switch typ {
	case typeRecovery, "email_change_new":
		if !exists {
			return nil, "", "", notFound("user_not_found", "User with this email not found")
		}
		if typ == typeRecovery {
			return u, typeRecovery, u.Email, nil
		}
		to, err := validEmail(newEmail)
		if err != nil {
			return nil, "", "", err
		}
		if _, err := userByEmail(ctx, tx, to); err == nil {
			return nil, "", "", errEmailExists
		}
		if err := setPendingEmail(ctx, tx, u.ID, to, s.clock()); err != nil {
			return nil, "", "", err
		}
		u.EmailChange = to
		return u, typeEmailChange, to, nil
	case typeMagicLink:
		if exists {
			return u, typeMagicLink, u.Email, nil
		}
		typ = typeSignup // GoTrue: a magic link for no user is a sign-up's
	}
	if exists && u.confirmed() {
		return nil, "", "", errEmailExists
	}
	if !exists {
		u = newSignupUser(email, hash, data, s.clock())
		if err := s.createUser(ctx, tx, u, "email", u.ID, emailIdentityData(u)); err != nil {
			return nil, "", "", err
		}
	}
	if typ == typeInvite {
		now := s.clock()
		if err := setUserColumn(ctx, tx, u.ID, "invited_at", now, now); err != nil {
			return nil, "", "", err
		}
		u.InvitedAt = &now
	}
	return u, typ, u.Email, nil
}

// Invite handles POST /invite {email, data} (auth-js inviteUserByEmail): a
// user without a password, e-mailed a link that confirms the address and
// signs in; an address of a confirmed account is 422.
func (s *Service) Invite(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in struct {
		Email string         `json:"email"`
		Data  map[string]any `json:"data"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	email, err := validEmail(in.Email)
	if err != nil {
		return err
	}
	if err := checkMetadataSize(in.Data); err != nil {
		return err
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	out, err := db.InTxValue(ctx, s.db, func(ctx context.Context, tx *db.Tx) (*adminUserJSON, error) {
		u, _, _, err := s.linkTarget(ctx, tx, typeInvite, email, "", "", in.Data)
		if err != nil {
			return nil, err
		}
		tok, err := s.issueEmailToken(ctx, tx, u, typeInvite, u.Email, "", redirect)
		if err != nil {
			return nil, err
		}
		if err := s.sendAccountEmail(ctx, tx, bsmail.Invite, u.Email, tok); err != nil {
			return nil, err
		}
		if err := audit.Record(ctx, tx, audit.Entry{System: serviceRole, Action: "user.invite", Entity: "user", EntityID: u.ID,
			At: s.clock()}); err != nil {
			return nil, err
		}
		return s.adminUser(ctx, tx, u)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}
