import { RoleDenied } from '@/features/admin/components/gate-cards'
import { StaffPage } from '@/features/admin/components/staff-page'
import { allows, useAdminMe } from '@/features/admin/context'

/** /admin/staff: owners manage who is on the staff. */
export default function AdminStaffRoute() {
  const me = useAdminMe()
  return allows(me, 'staff') ? <StaffPage me={me} /> : <RoleDenied />
}
