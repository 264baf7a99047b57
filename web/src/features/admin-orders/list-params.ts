import { day, defineListParams, oneOf, text } from '@/lib/list-params'
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

export const { filtersFromSearch, searchFromFilters, apiSearch, withFilters, pageFrom, isFiltered, pageCount } = defineListParams<OrderFilters>({
  filters: {
    q: text,
    paymentStatus: oneOf(Object.keys(paymentNames) as PaymentStatus[]),
    fulfillmentStatus: oneOf(Object.keys(fulfillmentNames) as FulfillmentStatus[]),
    method: oneOf(Object.keys(methodNames) as PaymentMethod[]),
    from: day(FIRST_DAY, LAST_DAY),
    to: day(FIRST_DAY, LAST_DAY),
  },
  sorts: sorts.map((s) => s.value),
  defaultSort: '-createdAt',
  perPage: PER_PAGE,
  cursors: true,
})
