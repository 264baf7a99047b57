import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { PricedItem } from '@/lib/discount'
import { idempotencyKeys } from '@/lib/idempotency'
import type { ShippingInfo } from '../shipping-info'

/** One payment line, priced from the cart (a book in a format): the server checks name and unit price against its catalogue. */
export type PaymentItem = PricedItem

export type PaymentResult = {
  success: boolean
  orderNumber: string
  status: string
  provider: string
  orderID?: string
  captureId?: string
  total: string
  currency: string
}

export type DemoMethod = 'card' | 'apple' | 'google'

/** The order as the buyer sees it priced: the server prices it again and refuses an amount that differs. */
export type PaymentOrder = { items: PaymentItem[]; amount: number; shippingMethod?: string; discountCode?: string }

const PATH = '/functions/v1/process-payment'

/**
 * Every payment call sends an Idempotency-Key of this page's checkout attempt and the call's body, so a
 * double submit of the same payment gets the first order in response. A paid order ends the attempt
 * (10 s later, so a late double submit still replays it); creating a PayPal order does not.
 */
const keys = idempotencyKeys({ settleAfterMs: 10_000 })

async function pay<T>(json: { action: string } & object): Promise<T> {
  const result = await apiFetch<T>(PATH, { method: 'POST', json, headers: { 'Idempotency-Key': keys.key(json) } })
  if (json.action !== 'create_order') keys.succeeded()
  return result
}

/** The address, when sent, prices the shipping to its country. */
export function createPayPalOrder(body: PaymentOrder & { shippingInfo?: ShippingInfo }): Promise<{ id: string }> {
  return pay<{ id: string }>({ action: 'create_order', ...body })
}

export function capturePayPalOrder(body: PaymentOrder & { orderID: string; shippingInfo: ShippingInfo; userId?: string }): Promise<PaymentResult> {
  return pay<PaymentResult>({ action: 'capture_order', ...body })
}

/** Card, Apple Pay and Google Pay move no money, but the order is recorded as paid. */
export function recordDemoPayment(body: PaymentOrder & { method: DemoMethod; shippingInfo: ShippingInfo }): Promise<PaymentResult> {
  return pay<PaymentResult>({ action: 'demo_payment', ...body })
}

/** An order whose total is $0.00 (a 100 % discount): placed without any payment method. */
export function placeFreeOrder(body: PaymentOrder & { shippingInfo: ShippingInfo }): Promise<PaymentResult> {
  return pay<PaymentResult>({ action: 'free_order', ...body })
}

export function usePlaceFreeOrder() {
  return useMutation({ mutationFn: placeFreeOrder })
}

export function useCreatePayPalOrder() {
  return useMutation({ mutationFn: createPayPalOrder })
}

export function useCapturePayPalOrder() {
  return useMutation({ mutationFn: capturePayPalOrder })
}

/** A simulated card, Apple Pay or Google Pay payment takes this long, like a real one. */
const DEMO_PAYMENT_MS = 2000

export function useRecordDemoPayment() {
  return useMutation({
    mutationFn: async (body: Parameters<typeof recordDemoPayment>[0]) => {
      await new Promise((resolve) => setTimeout(resolve, DEMO_PAYMENT_MS))
      return recordDemoPayment(body)
    },
  })
}
