import { AuditLog } from '@/features/admin/components/audit-log'
import { RoleDenied } from '@/features/admin/components/gate-cards'
import { allows, useAdminMe } from '@/features/admin/context'

/** /admin/audit: the audit log, for every staff role. */
export default function AdminAuditRoute() {
  return allows(useAdminMe(), 'audit') ? <AuditLog /> : <RoleDenied />
}
