import { cn } from '@/lib/cn'
import { statusNames, type OrderStatus } from '../types'

const tones: Record<OrderStatus, string> = {
  pending_payment: 'bg-line text-muted',
  paid: 'bg-sun-100 text-ink',
  fulfilled: 'bg-sky-100 text-sky-700',
  delivered: 'bg-leaf-100 text-leaf-800',
  cancelled: 'bg-line text-muted',
  partially_refunded: 'bg-tiger-100 text-tiger-800',
  refunded: 'bg-line text-muted',
  payment_failed: 'bg-red-50 text-red-700',
  expired: 'bg-line text-muted',
}

/** The order's status as a small pill: paid orders (waiting to ship) stand out. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-bold whitespace-nowrap', tones[status])}>{statusNames[status] ?? status}</span>
}
