import { OrderStatusPills } from '@/components/ui/order-status'
import type { AdminOrder, OrderSummary } from '../types'

/** The order's two statuses as pills: paid orders waiting to ship stand out. */
export function OrderStatusBadge({ order }: { order: Pick<OrderSummary | AdminOrder, 'paymentStatus' | 'fulfillmentStatus'> }) {
  return <OrderStatusPills payment={order.paymentStatus} fulfillment={order.fulfillmentStatus} />
}
