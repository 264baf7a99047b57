import { PermittedPage } from '@/features/admin/components/permitted-page'
import { OrdersList } from '@/features/admin-orders/components/orders-list'

/** /admin/orders: the order desk's list, for a role that may read orders. */
export default function AdminOrdersRoute() {
  return (
    <PermittedPage permission="orders.read" title="Orders" intro="Every order, newest first. Search by order number, e-mail or name, and open one to ship, cancel or refund it.">
      <OrdersList />
    </PermittedPage>
  )
}
