/** A back-office role (internal/auth/roles.go); "user" is a customer. */
export type StaffRole = 'owner' | 'manager' | 'editor' | 'support'
export type Role = StaffRole | 'user'

/** What a role may do, as GET /api/admin/me lists it (internal/auth/roles.go). */
export type Permission =
  | 'catalog'
  | 'posts'
  | 'games'
  | 'orders.read'
  | 'orders.write'
  | 'refunds'
  | 'discounts'
  | 'settings'
  | 'customers.read'
  | 'customers.help'
  | 'emails.resend'
  | 'staff'
  | 'audit'
  | 'storybooks'
  | 'storybooks.grants'
  | 'backups'
  | 'campaigns'
  | 'newsletter'

export const staffRoles: readonly StaffRole[] = ['owner', 'manager', 'editor', 'support']

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return staffRoles.includes(role as StaffRole)
}

export const roleNames: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  editor: 'Editor',
  support: 'Support',
  user: 'Customer',
}

/** One line on what each role may do, shown where a role is chosen. */
export const roleSummaries: Record<StaffRole, string> = {
  owner: 'Everything, including who is on the staff.',
  manager: 'Catalog, posts, storybooks, orders, refunds, discounts and settings.',
  editor: 'Catalog, posts, storybooks and the games.',
  support: 'Reads orders and customers, resends e-mails, helps customers (sign-outs, two-step resets, bans).',
}

/** GET /api/admin/me */
export type AdminMe = { userId: string; email: string; role: StaffRole; permissions: Permission[] }

/** A staff member (GET /api/admin/staff). */
/** A staff member: twoStep says two-step sign-in is on (the back office opens only then), invited that the invitation waits. */
export type StaffMember = { userId: string; email: string; name: string; role: Role; twoStep: boolean; invited: boolean }

/** One audit log entry (GET /api/admin/audit). */
export type AuditEntry = {
  id: number
  at: string
  /** The staff member's account as it is now (deleted: gone, no address kept), or what acted without one (its name in email). */
  actor: { id: string; email: string; deleted?: boolean }
  action: string
  entity: string
  entityId: string
  /** For an entry about an account: its address now (none once it is deleted); the log keeps no address. */
  entityEmail?: string
  before: unknown
  after: unknown
}

export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null }

/** The audit log's filters, as the page's URL carries them. Dates are YYYY-MM-DD in the reader's time zone. */
export type AuditFilters = { actor: string; kind: string; from: string; to: string }
