/** The shapes of the account area's API (internal/account, /api/profile, /api/orders). */
import type { FulfillmentStatus, PaymentStatus } from '@/lib/order-status'
export type { Kid } from '@/lib/kids'
export type KidInput = { name: string; birth_month: string }

export type Device = {
  id: string
  device_type: string
  device_model: string
  operating_system: string
  os_version: string
  browser_info: string
  login_timestamp: string
}

export type Communications = { subscribed: boolean; updated_at: string | null }

export type OrderLine = { bookId: number; title: string; quantity: number; unitPriceCents: number; lineTotalCents: number }
export type Order = {
  number: string
  /** The order's two statuses, side by side (internal/orders/state.go). */
  paymentStatus: PaymentStatus
  fulfillmentStatus: FulfillmentStatus
  items: OrderLine[]
  subtotalCents: number
  /** What a discount code took off the subtotal (0 without one). */
  discountCode?: string
  discountCents?: number
  taxCents: number
  /** The rate the tax was taken at: "10%", or "0% print, 20% digital"; and the place it is of ("" for older orders). */
  taxRate?: string
  taxPlace?: string
  shippingCents: number
  totalCents: number
  shippingInfo: { fullName?: string; address?: string; city?: string; state?: string; zipCode?: string; country?: string }
  createdAt: string
  /** The parcel, once shipped (the order desk). */
  fulfilment?: { carrier: string; trackingNumber: string; trackingUrl: string; fulfilledAt: string; deliveredAt: string | null } | null
  cancelledAt?: string | null
  refundedCents?: number
  refunds?: { amountCents: number; at: string }[]
}
