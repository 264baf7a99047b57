import { describe, expect, it } from 'vitest'
import { apiSearch, filtersFromSearch, pageFrom, searchFromFilters, withFilters } from './list-params'

describe('order list filters', () => {
  it('reads the URL, dropping what the server would refuse', () => {
    const f = filtersFromSearch(
      new URLSearchParams('q=%20alice%20&fulfillmentStatus=shipped&paymentStatus=fulfilled&method=cash&from=2026-06-01&to=yesterday&sort=colour&page=-2'),
    )
    expect(f).toEqual({ q: 'alice', paymentStatus: '', fulfillmentStatus: 'shipped', method: '', from: '2026-06-01', to: '', sort: '-createdAt', page: 1, after: '', before: '' })
    expect(filtersFromSearch(new URLSearchParams('from=1999-12-31&to=9999-12-31'))).toMatchObject({ from: '', to: '' })
  })

  it('writes only what differs from the defaults, and asks the server for a page of 25', () => {
    const f = filtersFromSearch(new URLSearchParams('paymentStatus=partially_refunded&fulfillmentStatus=unfulfilled&page=3'))
    expect(searchFromFilters(f).toString()).toBe('paymentStatus=partially_refunded&fulfillmentStatus=unfulfilled&page=3')
    expect(apiSearch(f)).toBe('paymentStatus=partially_refunded&fulfillmentStatus=unfulfilled&page=3&sort=-createdAt&perPage=25')
  })

  it('goes back to the first page when a filter changes', () => {
    const f = filtersFromSearch(new URLSearchParams('page=4&after=SF-A'))
    expect(withFilters(f, { paymentStatus: 'refunded' })).toMatchObject({ page: 1, after: '', before: '' })
    expect(withFilters(f, { page: 5 })).toMatchObject({ page: 5, after: '' })
  })

  it("keeps a page's place: after the last order for Next, before the first for Previous", () => {
    const f = filtersFromSearch(new URLSearchParams('q=sato&page=3&after=SF-C'))
    const shown = { nextCursor: 'SF-E', prevCursor: 'SF-D' }
    expect(searchFromFilters(pageFrom(f, shown, 4)).toString()).toBe('q=sato&page=4&after=SF-E')
    expect(searchFromFilters(pageFrom(f, shown, 2)).toString()).toBe('q=sato&page=2&before=SF-D')
    expect(apiSearch(pageFrom(f, shown, 2))).toBe('q=sato&page=2&before=SF-D&sort=-createdAt&perPage=25')
    // The first page needs no place; a page of the last one has no next.
    expect(searchFromFilters(pageFrom(filtersFromSearch(new URLSearchParams('page=2&after=SF-A')), shown, 1)).toString()).toBe('')
    expect(pageFrom(f, { nextCursor: null, prevCursor: 'SF-D' }, 4)).toMatchObject({ page: 4, after: '', before: '' })
  })

  it('reads one place at most, and none on the first page', () => {
    expect(filtersFromSearch(new URLSearchParams('page=2&after=SF-A&before=SF-B'))).toMatchObject({ after: '', before: '' })
    expect(filtersFromSearch(new URLSearchParams('after=SF-A'))).toMatchObject({ page: 1, after: '' })
    expect(filtersFromSearch(new URLSearchParams('page=2&before=SF-B'))).toMatchObject({ page: 2, before: 'SF-B' })
  })
})
