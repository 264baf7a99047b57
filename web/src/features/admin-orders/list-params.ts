import { fulfillmentNames, paymentNames } from '@/lib/order-status'
import type { FulfillmentStatus, PaymentMethod, PaymentStatus } from './types'
import { methodNames } from './types'

/**
 * The order list's filters, kept in the page's URL
 * (?q=&paymentStatus=&fulfillmentStatus=&method=&from=&to=&sort=&page=&after=|before=).
 * `after` and `before` are where the page is (the number of the order it
 * starts after or ends before, from the page next to it): the server finds
 * it from there, as fast at the end of a year of orders as at its start.
 * Without either, the page is found by its number.
 */
export type OrderFilters = {
  q: string
  paymentStatus: PaymentStatus | ''
  fulfillmentStatus: FulfillmentStatus | ''
  method: PaymentMethod | ''
  from: string
  to: string
  sort: OrderSort
  page: number
  after: string
  before: string
}

export type OrderSort = '-createdAt' | 'createdAt' | '-totalCents' | 'totalCents' | 'number'

export const PER_PAGE = 25

export const sorts: { value: OrderSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-totalCents', label: 'Largest total' },
  { value: 'totalCents', label: 'Smallest total' },
  { value: 'number', label: 'Order number' },
]

export const paymentFilters = (Object.keys(paymentNames) as PaymentStatus[]).map((value) => ({ value, label: paymentNames[value] }))
export const fulfillmentFilters = (Object.keys(fulfillmentNames) as FulfillmentStatus[]).map((value) => ({ value, label: fulfillmentNames[value] }))
export const methodFilters = (Object.keys(methodNames) as PaymentMethod[]).map((value) => ({ value, label: methodNames[value] }))

// The server takes years 2000 to 2999 (the date inputs' min and max).
export const FIRST_DAY = '2000-01-01'
export const LAST_DAY = '2999-12-31'

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && s >= FIRST_DAY && s <= LAST_DAY

export function filtersFromSearch(search: URLSearchParams): OrderFilters {
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | '' => {
    const v = search.get(name) ?? ''
    return (allowed as readonly string[]).includes(v) ? (v as T) : ''
  }
  const page = Number(search.get('page'))
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  const after = search.get('after') ?? ''
  const before = search.get('before') ?? ''
  const onePlace = page > 1 && !(after && before)
  return {
    q: (search.get('q') ?? '').trim(),
    paymentStatus: pick('paymentStatus', Object.keys(paymentNames) as PaymentStatus[]),
    fulfillmentStatus: pick('fulfillmentStatus', Object.keys(fulfillmentNames) as FulfillmentStatus[]),
    method: pick('method', Object.keys(methodNames) as PaymentMethod[]),
    from: isDate(from) ? from : '',
    to: isDate(to) ? to : '',
    sort: pick('sort', sorts.map((s) => s.value)) || '-createdAt',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    after: onePlace ? after : '',
    before: onePlace ? before : '',
  }
}

/** The URL's search for filters: only what differs from the defaults. */
export function searchFromFilters(f: OrderFilters): URLSearchParams {
  const out = new URLSearchParams()
  if (f.q) out.set('q', f.q)
  if (f.paymentStatus) out.set('paymentStatus', f.paymentStatus)
  if (f.fulfillmentStatus) out.set('fulfillmentStatus', f.fulfillmentStatus)
  if (f.method) out.set('method', f.method)
  if (f.from) out.set('from', f.from)
  if (f.to) out.set('to', f.to)
  if (f.sort !== '-createdAt') out.set('sort', f.sort)
  if (f.page > 1) out.set('page', String(f.page))
  if (f.page > 1 && f.after) out.set('after', f.after)
  else if (f.page > 1 && f.before) out.set('before', f.before)
  return out
}

/** GET /api/admin/orders's query for filters. */
export function apiSearch(f: OrderFilters): string {
  const s = searchFromFilters(f)
  s.set('sort', f.sort)
  s.set('perPage', String(PER_PAGE))
  return s.toString()
}

/** New filters start again at page 1, unless the page is what changed. */
export function withFilters(f: OrderFilters, changes: Partial<OrderFilters>): OrderFilters {
  return { ...f, page: 1, after: '', before: '', ...changes }
}

/**
 * The filters of another page, from the page shown: the next one starts
 * after its last order, the one before ends before its first; the first
 * page needs no place, and a page further away is found by its number.
 */
export function pageFrom(f: OrderFilters, shown: { nextCursor: string | null; prevCursor: string | null }, page: number): OrderFilters {
  if (page === f.page + 1 && shown.nextCursor) return withFilters(f, { page, after: shown.nextCursor })
  if (page === f.page - 1 && page > 1 && shown.prevCursor) return withFilters(f, { page, before: shown.prevCursor })
  return withFilters(f, { page })
}

export function isFiltered(f: OrderFilters): boolean {
  return Boolean(f.q || f.paymentStatus || f.fulfillmentStatus || f.method || f.from || f.to)
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PER_PAGE))
