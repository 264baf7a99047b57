// Staff roles and what each may do in the back office.

package auth

import (
	"context"
	"slices"

	"bookshop/internal/httpx"
)

// Role is a profile's role (profiles.role): a customer, or one of the four
// staff roles of the back office.
type Role string

const (
	RoleUser    Role = "user"
	RoleOwner   Role = "owner"
	RoleManager Role = "manager"
	RoleEditor  Role = "editor"
	RoleSupport Role = "support"
)

// StaffRoles are the staff roles, most powerful first.
var StaffRoles = []Role{RoleOwner, RoleManager, RoleEditor, RoleSupport}

// ParseRole returns the role named s, or false for any other word.
func ParseRole(s string) (Role, bool) {
	r := Role(s)
	return r, r == RoleUser || r.IsStaff()
}

// IsStaff tells a back-office role from a customer.
func (r Role) IsStaff() bool { return slices.Contains(StaffRoles, r) }

// Permission is one thing a role may do in the back office.
type Permission string

const (
	PermCatalog       Permission = "catalog"        // books, categories, covers, CSV import and export
	PermPosts         Permission = "posts"          // the blog
	PermGames         Permission = "games"          // the games' configuration
	PermOrdersRead    Permission = "orders.read"    // the order desk, read only
	PermOrdersWrite   Permission = "orders.write"   // ship, cancel
	PermRefunds       Permission = "refunds"        // refund in full or in part
	PermDiscounts     Permission = "discounts"      // discount codes
	PermSettings      Permission = "settings"       // shipping, tax and other shop settings
	PermCustomersRead Permission = "customers.read" // customers' accounts
	PermCustomersHelp Permission = "customers.help" // sign a customer out, remove their factors, ban, delete on request
	PermEmailsResend  Permission = "emails.resend"  // resend an order's or account's e-mail
	PermStaff         Permission = "staff"          // grant and change staff roles
	PermAudit         Permission = "audit"          // read the audit log
	// PermStorybooks writes, checks, publishes and imports the interactive
	// storybooks and uploads their pictures and narration.
	PermStorybooks Permission = "storybooks"
	// PermStorybookGrants gives a family a storybook's edition (gifts, complaints).
	PermStorybookGrants Permission = "storybooks.grants"
	// PermBackups makes, downloads and restores the shop's backups: the
	// owner's alone, as a backup holds every family's data and a restore
	// replaces everything.
	PermBackups Permission = "backups"
	// PermCampaigns writes newsletter campaigns as drafts, previews them
	// and sends a test to oneself.
	PermCampaigns Permission = "campaigns"
	// PermNewsletter sends campaigns to the subscribers, and reads,
	// exports and unsubscribes the subscribers (their addresses).
	PermNewsletter Permission = "newsletter"
)

// AllPermissions lists every permission, in the order the back office shows them.
var AllPermissions = []Permission{PermCatalog, PermPosts, PermGames, PermOrdersRead, PermOrdersWrite,
	PermRefunds, PermDiscounts, PermSettings, PermCustomersRead, PermCustomersHelp, PermEmailsResend, PermStaff, PermAudit, PermStorybooks, PermStorybookGrants, PermBackups, PermCampaigns, PermNewsletter}

// grants is the one table of who may do what. The owner may do everything;
// every staff role may read the audit log and give a family a storybook.
var grants = map[Role][]Permission{
	RoleOwner: AllPermissions,
	RoleManager: {PermCatalog, PermPosts, PermOrdersRead, PermOrdersWrite, PermRefunds, PermDiscounts,
		PermSettings, PermCustomersRead, PermEmailsResend, PermAudit, PermStorybooks, PermStorybookGrants, PermCampaigns, PermNewsletter},
	RoleEditor:  {PermCatalog, PermPosts, PermGames, PermAudit, PermStorybooks, PermStorybookGrants, PermCampaigns},
	RoleSupport: {PermOrdersRead, PermCustomersRead, PermCustomersHelp, PermEmailsResend, PermAudit, PermStorybookGrants},
}

// Can tells whether the role may do p.
func (r Role) Can(p Permission) bool { return slices.Contains(grants[r], p) }

// Permissions lists what the role may do (none for a customer).
func (r Role) Permissions() []Permission {
	out := []Permission{}
	for _, p := range AllPermissions {
		if r.Can(p) {
			out = append(out, p)
		}
	}
	return out
}

// The back office's refusals. A staff member without a two-step session is
// told how to get one: turn it on, or finish the sign-in they started.
var (
	errNotStaff      = httpx.Errorf(httpx.CodeForbidden, "Access Denied")
	errRoleDenies    = httpx.Errorf(httpx.CodeForbidden, "Your role does not allow this.")
	errTurnOnTwoStep = httpx.Errorf(httpx.CodeInsufficientAAL,
		"The back office needs two-step sign-in. Turn it on in your profile (Two-step sign-in), then sign in again with your code.")
)

// Permit tells whether the staff member c, already checked by
// RequireStaffSession, has a role that allows p (403 forbidden if not).
func Permit(c Caller, p Permission) error {
	if !c.Role.Can(p) {
		return errRoleDenies
	}
	return nil
}

// RequireStaffSession is the first half of every /api/admin/* route's gate
// (server's staffArea and staff): the caller must be signed in (401), have
// a staff role (403 Access Denied) and be at aal2 (403 insufficient_aal:
// the back office moves money, so two steps are required even of staff who
// never turned them on). Permit is the second half, the route's permission.
// Handlers read the checked caller with StaffFrom.
func RequireStaffSession(ctx context.Context) (Caller, error) {
	c, ok := CallerFrom(ctx)
	if !ok {
		return Caller{}, httpx.Errorf(httpx.CodeUnauthorized, "No user logged in")
	}
	if !c.Role.IsStaff() {
		return Caller{}, errNotStaff
	}
	if c.AAL != "aal2" {
		if c.HasVerifiedFactor {
			return Caller{}, errInsufficientAAL
		}
		return Caller{}, errTurnOnTwoStep
	}
	return c, nil
}

type staffKey struct{}

// WithStaff returns a context that carries c as the staff member the
// route's gate checked (RequireStaffSession, then Permit).
func WithStaff(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, staffKey{}, c)
}

// StaffFrom returns the staff member a back-office route's gate checked, for
// the audit log and the timelines. A handler reached without the gate (a
// route declared without a permission) gets 403 Access Denied: it fails
// closed.
func StaffFrom(ctx context.Context) (Caller, error) {
	c, ok := ctx.Value(staffKey{}).(Caller)
	if !ok || c.UserID == "" {
		return Caller{}, errNotStaff
	}
	return c, nil
}
