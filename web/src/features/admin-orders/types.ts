import type { BookFormat } from '@/lib/formats'
import { fulfillmentNames, paymentNames, type FulfillmentStatus, type PaymentStatus } from '@/lib/order-status'

/** The order desk's shapes (internal/orders desk_store.go). Money is integer cents. */

export type { FulfillmentStatus, PaymentStatus }

/** The one status of before (the API's status field): old timeline entries still name it. */
export type OrderStatus =
  | 'pending_payment'
  | 'paid'
  | 'fulfilled'
  | 'delivered'
  | 'cancelled'
  | 'partially_refunded'
  | 'refunded'
  | 'payment_failed'
  | 'expired'

export type PaymentMethod = 'paypal' | 'demo_card' | 'demo_apple' | 'demo_google' | 'none'

export type DeskAction = 'fulfil' | 'deliver' | 'cancel' | 'refund'

export type OrderSummary = {
  number: string
  paymentStatus: PaymentStatus
  fulfillmentStatus: FulfillmentStatus
  provider: PaymentMethod
  email: string
  name: string
  items: number
  totalCents: number
  /** Completed refunds; pendingRefundCents: those still under way at PayPal. */
  refundedCents: number
  pendingRefundCents: number
  shipped: boolean
  createdAt: string
}

/** A page of the list; nextCursor and prevCursor are the places of the pages beside it (null at the ends). */
/** A page of the desk's list; with `totalCapped`, `total` is a lower bound (the server counts up to 400 pages). */
export type OrderPage = {
  orders: OrderSummary[]
  total: number
  totalCapped: boolean
  page: number
  perPage: number
  nextCursor: string | null
  prevCursor: string | null
}

export type AdminLine = {
  position: number
  bookId: number
  title: string
  quantity: number
  refundedQuantity: number
  unitPriceCents: number
  lineTotalCents: number
  /** The format bought (issue 37); absent on orders from before formats: print. */
  format?: BookFormat
  /** Delivered to the family's library at payment: never shipped. */
  digital?: boolean
}

export type Refund = {
  id: number
  amountCents: number
  reason?: string
  lines: { bookId: number; title: string; quantity: number }[]
  source: 'staff' | 'cancel' | 'paypal'
  status: 'pending' | 'completed' | 'failed'
  paypalRefundId?: string
  actor?: string
  createdAt: string
  completedAt: string | null
}

export type TimelineEntry = {
  id: number
  kind: 'status' | 'email' | 'refund' | 'note' | 'webhook'
  fromStatus: string
  toStatus: string
  message: string
  actor: string
  at: string
}

export type AdminOrder = {
  number: string
  paymentStatus: PaymentStatus
  fulfillmentStatus: FulfillmentStatus
  version: number
  currency: string
  items: AdminLine[]
  subtotalCents: number
  taxCents: number
  /** The rate the tax was taken at: "10%", or "0% print, 20% digital"; and the place it is of ("" for older orders). */
  taxRate?: string
  taxPlace?: string
  shippingCents: number
  totalCents: number
  discountCode: string
  discountCents: number
  shippingMethod: string
  /** What completed refunds gave back; pendingRefundCents is asked of PayPal and not answered yet; refundableCents is what is left after both. */
  refundedCents: number
  pendingRefundCents: number
  refundableCents: number
  buyer: { userId: string; email: string; name: string }
  shippingInfo: { fullName?: string; email?: string; address?: string; city?: string; state?: string; zipCode?: string; country?: string; notes?: string }
  payment: { provider: PaymentMethod; demo: boolean; paypalOrderId: string; captureId: string }
  fulfilment: { carrier: string; trackingNumber: string; trackingUrl: string; fulfilledAt: string; deliveredAt: string | null } | null
  cancelledAt: string | null
  createdAt: string
  paidAt: string | null
  refunds: Refund[]
  timeline: TimelineEntry[]
  actions: DeskAction[]
}

/**
 * A status a timeline entry names: one of the two statuses of a move, or,
 * in entries written before the two, the one status ('fulfilled' was shipped).
 */
export function stepName(status: string): string {
  const names: Record<string, string> = { ...paymentNames, ...fulfillmentNames, fulfilled: 'Shipped' }
  return names[status] ?? status
}

export const methodNames: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  demo_card: 'Card (demo)',
  demo_apple: 'Apple Pay (demo)',
  demo_google: 'Google Pay (demo)',
  none: 'None (nothing to pay)',
}
