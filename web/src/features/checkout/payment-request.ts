import { centsToDecimal, orderTotals } from '@/lib/money'
import type { PaymentItem } from './api/process-payment'
import type { CheckoutItem } from './types'

/** The payment order items and amount (subtotal + 10 % tax) for the payment function. */
export function paymentRequest(items: CheckoutItem[]): { items: PaymentItem[]; amount: number } {
  return {
    items: items.map((i) => ({ id: i.id, name: i.title, quantity: i.quantity, unitPrice: Number(centsToDecimal(i.priceCents)) })),
    amount: Number(centsToDecimal(orderTotals(items).totalCents)),
  }
}
