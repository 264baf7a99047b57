import type { AddressFormat } from '@/lib/address-format'
import { pricedItems } from '@/lib/discount'
import { centsToDecimal, orderTotals, type TaxRates } from '@/lib/money'
import type { PaymentItem } from './api/process-payment'
import type { CheckoutItem } from './types'

/**
 * How the buyer's order is priced beyond its books: the chosen shipping method, the applied code, the destination's
 * tax rates by class, and how its country writes an address (read again when PayPal asks for the address).
 */
export type CheckoutPricing = {
  shipping?: { id: string; name: string; deliveryTime: string; priceCents: number; freeOverCents: number | null }
  discount?: { code: string; cents: number }
  tax?: TaxRates
  format?: AddressFormat
}

/**
 * The payment order items, amount, shipping method and code for the payment function. The amount is what the
 * summary shows; the server prices the order itself and refuses it if the two differ.
 */
export function paymentRequest(items: CheckoutItem[], pricing: CheckoutPricing = {}): { items: PaymentItem[]; amount: number; shippingMethod?: string; discountCode?: string } {
  const totals = orderTotals(items, { shipping: pricing.shipping, discountCents: pricing.discount?.cents, tax: pricing.tax })
  return {
    items: pricedItems(items),
    amount: Number(centsToDecimal(totals.totalCents)),
    ...(pricing.shipping ? { shippingMethod: pricing.shipping.id } : {}),
    ...(pricing.discount ? { discountCode: pricing.discount.code } : {}),
  }
}
