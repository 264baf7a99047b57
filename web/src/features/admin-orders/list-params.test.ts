import { describe, expect, it } from 'vitest'
import { apiSearch, filtersFromSearch, searchFromFilters, withFilters } from './list-params'

describe('order list filters', () => {
  it('reads the URL, dropping what the server would refuse', () => {
    const f = filtersFromSearch(
      new URLSearchParams('q=%20alice%20&fulfillmentStatus=shipped&paymentStatus=fulfilled&method=cash&from=2026-06-01&to=yesterday&sort=colour&page=-2'),
    )
    expect(f).toEqual({ q: 'alice', paymentStatus: '', fulfillmentStatus: 'shipped', method: '', from: '2026-06-01', to: '', sort: '-createdAt', page: 1 })
    expect(filtersFromSearch(new URLSearchParams('from=1999-12-31&to=9999-12-31'))).toMatchObject({ from: '', to: '' })
  })

  it('writes only what differs from the defaults, and asks the server for a page of 25', () => {
    const f = filtersFromSearch(new URLSearchParams('paymentStatus=partially_refunded&fulfillmentStatus=unfulfilled&page=3'))
    expect(searchFromFilters(f).toString()).toBe('paymentStatus=partially_refunded&fulfillmentStatus=unfulfilled&page=3')
    expect(apiSearch(f)).toBe('paymentStatus=partially_refunded&fulfillmentStatus=unfulfilled&page=3&sort=-createdAt&perPage=25')
  })

  it('goes back to the first page when a filter changes', () => {
    const f = filtersFromSearch(new URLSearchParams('page=4'))
    expect(withFilters(f, { paymentStatus: 'refunded' }).page).toBe(1)
    expect(withFilters(f, { page: 5 }).page).toBe(5)
  })
})
