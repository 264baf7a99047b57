// The back office's staff: who has a role, granting and changing it
// (GET/PUT /api/admin/staff, `bookshop admin`), and the caller's own role
// (GET /api/admin/me).

package gotrue

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	bsmail "bookshop/internal/mail"
)

// ErrUnknownEmail is returned by SetRole for an address with no account.
var ErrUnknownEmail = errors.New("no account with that e-mail address")

// ErrLastOwner refuses a change that would leave the shop without an owner.
var ErrLastOwner = errors.New("the shop needs at least one owner")

// CommandLine is the actor of the audit entries of `bookshop admin`.
const CommandLine = "command line (bookshop admin)"

// StaffMember is an account with its role, as the staff list shows it:
// whether two-step sign-in is on (the back office opens only then), and
// whether an invitation still waits to be accepted.
type StaffMember struct {
	UserID  string    `json:"userId"`
	Email   string    `json:"email"`
	Name    string    `json:"name"`
	Role    auth.Role `json:"role"`
	TwoStep bool      `json:"twoStep"`
	Invited bool      `json:"invited"`
}

// SetRole gives the account with the given e-mail the role (RoleUser takes
// a staff role away), recorded in the audit log as done from the command
// line. It needs only the database, so the CLI can use it. Unlike the back
// office, it may remove the last owner: the command line is the way back in.
func SetRole(ctx context.Context, d *db.DB, email string, role auth.Role) error {
	if _, ok := auth.ParseRole(string(role)); !ok {
		return fmt.Errorf("set role: unknown role %q", role)
	}
	return d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		_, err := changeRole(ctx, tx, audit.Entry{System: CommandLine, At: time.Now()}, email, role, false)
		return err
	})
}

// changeRole sets the role of the account with the given e-mail in tx and
// records it under the actor's name. keepOwner refuses to demote the last
// owner.
func changeRole(ctx context.Context, tx *db.Tx, actor audit.Entry, email string, role auth.Role, keepOwner bool) (StaffMember, error) {
	if tx.Dialect() == db.Postgres {
		// Two owners demoting each other at once must not both see the
		// other still in place: role changes take turns (SQLite's write
		// lock already makes them).
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(7283100)"); err != nil {
			return StaffMember{}, err
		}
	}
	m, err := memberByEmail(ctx, tx, email)
	if err != nil {
		return m, err
	}
	if m.Role == role {
		return m, nil
	}
	if keepOwner && m.Role == auth.RoleOwner {
		var owners int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM profiles WHERE role = ?`, auth.RoleOwner).Scan(&owners); err != nil {
			return m, err
		}
		if owners <= 1 {
			return m, ErrLastOwner
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE profiles SET role = ?, updated_at = ? WHERE id = ?`, role, actor.At.UTC(), m.UserID); err != nil {
		return m, fmt.Errorf("set role: %w", err)
	}
	before := m
	m.Role = role
	actor.Action, actor.Entity, actor.EntityID = "staff.role", "user", m.UserID
	actor.Before = map[string]any{"role": before.Role}
	actor.After = map[string]any{"role": m.Role}
	return m, audit.Record(ctx, tx, actor)
}

func memberByEmail(ctx context.Context, q db.Querier, email string) (StaffMember, error) {
	var m StaffMember
	var first, last string
	err := q.QueryRowContext(ctx, `SELECT p.id, u.email, p.first_name, p.last_name, p.role
		FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = ?`, normalizeEmail(email)).
		Scan(&m.UserID, &m.Email, &first, &last, &m.Role)
	if db.IsNoRows(err) {
		return m, fmt.Errorf("%w: %s", ErrUnknownEmail, email)
	}
	m.Name = strings.TrimSpace(first + " " + last)
	return m, err
}

// GetAdminMe responds to GET /api/admin/me: the caller's role and what it
// allows, so the app shows only what the role may do. Any staff member at
// aal2 may ask; the app learns from the refusal whether to show the
// two-step card.
func (s *Service) GetAdminMe(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"userId": c.UserID, "email": c.Email, "role": c.Role, "permissions": c.Role.Permissions()})
}

// ListStaff responds to GET /api/admin/staff: every account with a staff
// role, the most powerful roles first.
func (s *Service) ListStaff(w http.ResponseWriter, r *http.Request) error {
	staff, err := listStaff(r.Context(), s.db)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"staff": staff})
}

func listStaff(ctx context.Context, q db.Querier) ([]StaffMember, error) {
	rows, err := q.QueryContext(ctx, `SELECT p.id, u.email, p.first_name, p.last_name, p.role,
			EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = u.id AND f.status = ?),
			u.invited_at IS NOT NULL AND u.email_confirmed_at IS NULL
		FROM profiles p JOIN users u ON u.id = p.id WHERE p.role IN (?, ?, ?, ?)
		ORDER BY CASE p.role WHEN ? THEN 0 WHEN ? THEN 1 WHEN ? THEN 2 ELSE 3 END, u.email`,
		factorVerified, auth.RoleOwner, auth.RoleManager, auth.RoleEditor, auth.RoleSupport, auth.RoleOwner, auth.RoleManager, auth.RoleEditor)
	if err != nil {
		return nil, fmt.Errorf("list staff: %w", err)
	}
	defer rows.Close()
	staff := []StaffMember{}
	for rows.Next() {
		var m StaffMember
		var first, last string
		if err := rows.Scan(&m.UserID, &m.Email, &first, &last, &m.Role, &m.TwoStep, &m.Invited); err != nil {
			return nil, fmt.Errorf("list staff: %w", err)
		}
		m.Name = strings.TrimSpace(first + " " + last)
		staff = append(staff, m)
	}
	return staff, rows.Err()
}

// UpdateStaffRole responds to PUT /api/admin/staff {email, role}: an owner gives
// an account a staff role, changes it, or takes it away (role "user"). The
// change is audited as "staff.role"; the last owner cannot be demoted (409).
func (s *Service) UpdateStaffRole(w http.ResponseWriter, r *http.Request) error {
	c, in, err := staffChangeOf(r)
	if err != nil {
		return err
	}
	fields := map[string]string{}
	email := strings.TrimSpace(in.Email)
	if email == "" {
		fields["email"] = "Enter the e-mail address of the person's account"
	}
	role, ok := auth.ParseRole(in.Role)
	if !ok {
		fields["role"] = "Choose owner, manager, editor, support or user"
	}
	if len(fields) > 0 {
		return httpx.Invalid("The staff change is not valid.", fields)
	}
	actor := audit.Entry{ActorID: c.UserID, At: s.clock()}
	m, err := db.InTxValue(r.Context(), s.db, func(ctx context.Context, tx *db.Tx) (StaffMember, error) {
		return changeRole(ctx, tx, actor, email, role, true)
	})
	switch {
	case errors.Is(err, ErrUnknownEmail):
		return httpx.Invalid("No account uses that e-mail address.",
			map[string]string{"email": "No account uses this address: the person must sign up first"})
	case errors.Is(err, ErrLastOwner):
		return httpx.Errorf(httpx.CodeConflict, "The shop needs at least one owner: make someone else owner first.")
	case err != nil:
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, m)
}

// InviteStaff responds to POST /api/admin/staff/invite {email, role}: the
// owner invites someone without an account to the staff (GoTrue's invite:
// an account without a password, its address confirmed by the e-mailed
// link, which signs in to /update-password to choose one). The role is
// given at once, audited as "staff.invite"; the back office still opens
// only at aal2, so the new member turns two-step sign-in on first. An
// address that already has an account is given a role on the list instead.
func (s *Service) InviteStaff(w http.ResponseWriter, r *http.Request) error {
	c, in, err := staffChangeOf(r)
	if err != nil {
		return err
	}
	fields := map[string]string{}
	email, emailErr := validEmail(in.Email)
	if emailErr != nil {
		fields["email"] = "Enter the person's e-mail address"
	}
	role, ok := auth.ParseRole(in.Role)
	if !ok || role == auth.RoleUser {
		fields["role"] = "Choose owner, manager, editor or support"
	}
	if len(fields) > 0 {
		return httpx.Invalid("The invitation is not valid.", fields)
	}
	now := s.clock()
	m, err := db.InTxValue(r.Context(), s.db, func(ctx context.Context, tx *db.Tx) (StaffMember, error) {
		u, _, _, err := s.linkTarget(ctx, tx, typeInvite, email, "", "", nil)
		if err != nil {
			return StaffMember{}, err
		}
		tok, err := s.issueEmailToken(ctx, tx, u, typeInvite, u.Email, "", s.redirectTarget(strings.TrimSuffix(s.cfg.SiteURL, "/")+"/update-password"))
		if err != nil {
			return StaffMember{}, err
		}
		if err := s.sendAccountEmail(ctx, tx, bsmail.StaffInvite, u.Email, tok); err != nil {
			return StaffMember{}, err
		}
		if err := audit.Record(ctx, tx, audit.Entry{ActorID: c.UserID, Action: "staff.invite", Entity: "user", EntityID: u.ID,
			After: map[string]any{"role": role}, At: now}); err != nil {
			return StaffMember{}, err
		}
		m, err := changeRole(ctx, tx, audit.Entry{ActorID: c.UserID, At: now}, u.Email, role, true)
		m.Invited = true
		return m, err
	})
	if errors.Is(err, errEmailExists) {
		return httpx.Invalid("That address already has an account.",
			map[string]string{"email": "This address already has an account: give it a role in the list below"})
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, m)
}

// staffChange is the body of a staff change or invitation: {email, role}.
type staffChange struct {
	Email string `json:"email"`
	Role  string `json:"role"`
}

// staffChangeOf checks the caller may manage the staff and reads the change.
func staffChangeOf(r *http.Request) (auth.Caller, staffChange, error) {
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		return auth.Caller{}, staffChange{}, err
	}
	var in staffChange
	err = httpx.DecodeJSON(r, &in)
	return c, in, err
}
