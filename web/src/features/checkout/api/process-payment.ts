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

export function createPayPalOrder(body: { items: PaymentItem[]; amount: number }): Promise<{ id: string }> {
  return apiFetch<{ id: string }>(PATH, { method: 'POST', json: { action: 'create_order', ...body } })
}

export function capturePayPalOrder(body: { orderID: string; items: PaymentItem[]; amount: number; shippingInfo: ShippingInfo; userId?: string }): Promise<PaymentResult> {
  return apiFetch<PaymentResult>(PATH, { method: 'POST', json: { action: 'capture_order', ...body } })
}

/** Card, Apple Pay and Google Pay move no money, but the order is recorded as paid. */
export function recordDemoPayment(body: { method: DemoMethod; items: PaymentItem[]; amount: number; shippingInfo: ShippingInfo }): Promise<PaymentResult> {
  return apiFetch<PaymentResult>(PATH, { method: 'POST', json: { action: 'demo_payment', ...body } })
}

export function useCreatePayPalOrder() {
  return useMutation({ mutationFn: createPayPalOrder })
}

export function useCapturePayPalOrder() {
  return useMutation({ mutationFn: capturePayPalOrder })
}

export function useRecordDemoPayment() {
  return useMutation({ mutationFn: recordDemoPayment })
}
