import { AdminHome } from '@/features/admin/components/admin-home'
import { allows, useAdminMe } from '@/features/admin/context'
import { SalesDashboard } from '@/features/admin-sales/components/sales-dashboard'

/** /admin: the back office's first page; the day's sales first for a role that reads orders. */
export default function AdminHomeRoute() {
  const me = useAdminMe()
  return <AdminHome me={me} sales={allows(me, 'orders.read') ? <SalesDashboard showStock={allows(me, 'catalog')} /> : undefined} />
}
