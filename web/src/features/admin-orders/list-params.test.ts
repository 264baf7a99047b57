import { describe, expect, it } from 'vitest'
import { apiSearch, filtersFromSearch, searchFromFilters, withFilters } from './list-params'

describe('order list filters', () => {
  it('reads the URL, dropping what the server would refuse', () => {
    const f = filtersFromSearch(new URLSearchParams('q=%20alice%20&status=fulfilled&method=cash&from=2026-06-01&to=yesterday&sort=colour&page=-2'))
    expect(f).toEqual({ q: 'alice', status: 'fulfilled', method: '', from: '2026-06-01', to: '', sort: '-createdAt', page: 1 })
    expect(filtersFromSearch(new URLSearchParams('from=1999-12-31&to=9999-12-31'))).toMatchObject({ from: '', to: '' })
  })

  it('writes only what differs from the defaults, and asks the server for a page of 25', () => {
    const f = filtersFromSearch(new URLSearchParams('status=paid&page=3'))
    expect(searchFromFilters(f).toString()).toBe('status=paid&page=3')
    expect(apiSearch(f)).toBe('status=paid&page=3&sort=-createdAt&perPage=25')
  })

  it('goes back to the first page when a filter changes', () => {
    const f = filtersFromSearch(new URLSearchParams('page=4'))
    expect(withFilters(f, { status: 'refunded' }).page).toBe(1)
    expect(withFilters(f, { page: 5 }).page).toBe(5)
  })
})
