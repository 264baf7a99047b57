import { describe, expect, it } from 'vitest'
import { apiSearch, filtersFromSearch, isFiltered, pageCount, searchFromFilters, withFilters, type BookListFilters } from './list-params'

const plain: BookListFilters = { q: '', category: '', status: '', stock: '', sort: 'title', page: 1 }

describe('filtersFromSearch', () => {
  it('reads an empty query string as the plain list', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(plain)
  })

  it('reads every filter', () => {
    const search = new URLSearchParams('q=%20tiger%20&category=fantasy&status=draft&stock=low&sort=-priceCents&page=3')
    expect(filtersFromSearch(search)).toEqual({ q: 'tiger', category: 'fantasy', status: 'draft', stock: 'low', sort: '-priceCents', page: 3 })
  })

  it('drops values the list does not know', () => {
    const search = new URLSearchParams('status=sold&stock=plenty&sort=rating&page=-2')
    expect(filtersFromSearch(search)).toEqual(plain)
    expect(filtersFromSearch(new URLSearchParams('page=2.5')).page).toBe(1)
    expect(filtersFromSearch(new URLSearchParams('page=abc')).page).toBe(1)
  })
})

describe('searchFromFilters', () => {
  it('writes only what differs from the plain list', () => {
    expect(searchFromFilters(plain).toString()).toBe('')
    expect(searchFromFilters({ ...plain, q: ' owl ', stock: 'out', sort: '-updatedAt', page: 2 }).toString()).toBe('q=owl&stock=out&sort=-updatedAt&page=2')
  })

  it('round-trips through the URL', () => {
    const filters: BookListFilters = { q: 'Siso & friends', category: 'children', status: 'published', stock: 'untracked', sort: 'stock', page: 4 }
    expect(filtersFromSearch(new URLSearchParams(searchFromFilters(filters).toString()))).toEqual(filters)
  })
})

describe('apiSearch', () => {
  it('always names the sort, the page and the page size', () => {
    expect(apiSearch(plain)).toBe('sort=title&page=1&perPage=50')
    expect(apiSearch({ ...plain, q: 'a&b', category: 'fiction' })).toBe('q=a%26b&category=fiction&sort=title&page=1&perPage=50')
  })
})

describe('withFilters', () => {
  it('goes back to the first page when a filter changes', () => {
    expect(withFilters({ ...plain, page: 3 }, { status: 'draft' })).toEqual({ ...plain, status: 'draft' })
  })

  it('keeps the filters when the page changes', () => {
    expect(withFilters({ ...plain, stock: 'low' }, { page: 2 })).toEqual({ ...plain, stock: 'low', page: 2 })
  })
})

it('isFiltered ignores the sort and the page', () => {
  expect(isFiltered({ ...plain, sort: '-title', page: 2 })).toBe(false)
  expect(isFiltered({ ...plain, q: 'owl' })).toBe(true)
})

it('pageCount is at least one page', () => {
  expect(pageCount(0)).toBe(1)
  expect(pageCount(50)).toBe(1)
  expect(pageCount(51)).toBe(2)
})
