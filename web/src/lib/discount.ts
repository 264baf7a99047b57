import { useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { apiFetch } from '@/lib/api'
import type { BookFormat } from '@/lib/formats'
import { centsToDecimal } from '@/lib/money'

/** A cart line as the server prices it: the book id and format, and the name and unit price shown, which it checks. */
export type PricedItem = { id: number; format: BookFormat; name: string; quantity: number; unitPrice: number }

export function pricedItems(lines: { id: number; format?: BookFormat; title: string; priceCents: number; quantity: number }[]): PricedItem[] {
  return lines.map((l) => ({ id: l.id, format: l.format ?? 'print', name: l.title, quantity: l.quantity, unitPrice: Number(centsToDecimal(l.priceCents)) }))
}

/** POST /api/discounts/check: the cart priced by the server with a code. */
export type DiscountQuote = {
  code: string
  subtotalCents: number
  discountCents: number
  shippingMethod: string
  shippingCents: number
  taxCents: number
  totalCents: number
}

export type QuoteWhere = { country?: string; state?: string; shippingMethod?: string }

export function checkDiscount(code: string, items: PricedItem[], where: QuoteWhere = {}): Promise<DiscountQuote> {
  return apiFetch<DiscountQuote>('/api/discounts/check', { method: 'POST', json: { code, items, ...where } })
}

/**
 * The applied code's reduction of this cart, asked of the server again
 * whenever the cart or where it ships changes: a refusal (used up meanwhile,
 * below the minimum after a book was removed) is the query's error.
 */
export function useDiscountQuote(code: string | null, lines: Parameters<typeof pricedItems>[0] | undefined, where: QuoteWhere = {}) {
  const items = lines ? pricedItems(lines) : []
  return useQuery({
    queryKey: ['discount', code, items, where],
    queryFn: () => checkDiscount(code!, items, where),
    enabled: !!code && items.length > 0,
    retry: false,
    staleTime: 30_000,
  })
}

// The code the buyer applied in the cart, kept in this browser for the checkout.
const KEY = 'discountCode'
const listeners = new Set<() => void>()

function read(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  window.addEventListener('storage', onChange)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** Applies a code (or removes it with null) for the cart and the checkout. */
export function setAppliedCode(code: string | null) {
  try {
    if (code) localStorage.setItem(KEY, code)
    else localStorage.removeItem(KEY)
  } catch {
    // storage refused (private mode): the code lasts this page only
  }
  listeners.forEach((fn) => fn())
}

/** The applied code; none on a page rendered ahead of time, so the first render is everyone's. */
export function useAppliedCode(): string | null {
  return useSyncExternalStore(subscribe, read, () => null)
}
