import { AdminHome } from '@/features/admin/components/admin-home'
import { useAdminMe } from '@/features/admin/context'

/** /admin: the back office's first page. */
export default function AdminHomeRoute() {
  return <AdminHome me={useAdminMe()} />
}
