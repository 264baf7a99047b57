/**
 * An order's two statuses, side by side (internal/orders/state.go): what
 * became of the money and of the parcel. The words are the server's
 * (state.go's paymentWords and fulfilmentWords, which the e-mails use), and
 * the order desk and My Orders both show them, the parcel first:
 * "Shipped · Partly refunded".
 */
export type PaymentStatus = 'pending_payment' | 'paid' | 'partially_refunded' | 'refunded' | 'payment_failed' | 'expired'
export type FulfillmentStatus = 'awaiting_release' | 'unfulfilled' | 'shipped' | 'delivered' | 'cancelled'

export const paymentNames: Record<PaymentStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  payment_failed: 'Payment failed',
  expired: 'Expired',
}

export const fulfillmentNames: Record<FulfillmentStatus, string> = {
  awaiting_release: 'Awaiting release',
  unfulfilled: 'Not shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

/** Each status's pill: what needs the staff's eye stands out; what is over is grey. */
export const paymentTones: Record<PaymentStatus, string> = {
  pending_payment: 'bg-line text-muted',
  paid: 'bg-leaf-100 text-leaf-800',
  partially_refunded: 'bg-tiger-100 text-tiger-800',
  refunded: 'bg-line text-muted',
  payment_failed: 'bg-red-50 text-red-700',
  expired: 'bg-line text-muted',
}

export const fulfillmentTones: Record<FulfillmentStatus, string> = {
  awaiting_release: 'bg-sky-100 text-ink',
  unfulfilled: 'bg-sun-100 text-ink',
  shipped: 'bg-sky-100 text-sky-700',
  delivered: 'bg-leaf-100 text-leaf-800',
  cancelled: 'bg-line text-muted',
}
