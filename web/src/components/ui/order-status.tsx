import { cn } from '@/lib/cn'
import { fulfillmentNames, fulfillmentTones, paymentNames, paymentTones, type FulfillmentStatus, type PaymentStatus } from '@/lib/order-status'

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 font-bold whitespace-nowrap'

/** An order's two statuses as two pills, the parcel first (the desk and My Orders). */
export function OrderStatusPills({ payment, fulfillment, small }: { payment: PaymentStatus; fulfillment: FulfillmentStatus; small?: boolean }) {
  const size = small ? 'text-xs' : 'text-sm'
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className={cn(pill, size, fulfillmentTones[fulfillment])}>{fulfillmentNames[fulfillment] ?? fulfillment}</span>
      <span className="sr-only"> · </span>
      <span className={cn(pill, size, paymentTones[payment])}>{paymentNames[payment] ?? payment}</span>
    </span>
  )
}
