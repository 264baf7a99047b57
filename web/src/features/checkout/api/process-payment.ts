import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { ShippingInfo } from '../schema'

/** One payment line, priced from the cart: the server checks name and unit price against its catalogue. */
export type PaymentItem = { id: number; name: string; quantity: number; unitPrice: number }

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

const PATH = '/functions/v1/process-payment'

/**
 * This page's checkout attempt. Every payment call sends an Idempotency-Key made of the attempt and
 * the call's body, so a double submit of the same payment is answered with the first order instead of
 * making a second one; a different cart or address is a different key. After a paid order the attempt
 * is over: buying the same again later is a new order.
 */
let attempt = newAttempt()

function newAttempt(): string {
  // getRandomValues works on plain http too, unlike randomUUID and crypto.subtle.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** cyrb53: a fast 53-bit string hash; the key only has to tell bodies apart, not keep secrets. */
function hash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16)
}

async function pay<T>(json: { action: string } & object): Promise<T> {
  const result = await apiFetch<T>(PATH, { method: 'POST', json, headers: { 'Idempotency-Key': `${attempt}-${hash(JSON.stringify(json))}` } })
  if (json.action !== 'create_order') {
    const ended = attempt
    setTimeout(() => {
      if (attempt === ended) attempt = newAttempt()
    }, 10_000) // late double submits of this payment still replay it
  }
  return result
}

export function createPayPalOrder(body: { items: PaymentItem[]; amount: number }): Promise<{ id: string }> {
  return pay<{ id: string }>({ action: 'create_order', ...body })
}

export function capturePayPalOrder(body: { orderID: string; items: PaymentItem[]; amount: number; shippingInfo: ShippingInfo; userId?: string }): Promise<PaymentResult> {
  return pay<PaymentResult>({ action: 'capture_order', ...body })
}

/** Card, Apple Pay and Google Pay move no money, but the order is recorded as paid. */
export function recordDemoPayment(body: { method: DemoMethod; items: PaymentItem[]; amount: number; shippingInfo: ShippingInfo }): Promise<PaymentResult> {
  return pay<PaymentResult>({ action: 'demo_payment', ...body })
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
