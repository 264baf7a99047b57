import { describe, expect, it } from 'vitest'
import { defaultFilters, RELATED_BOOKS } from '../filters'
import { filtersSearch, listPaths, searchBooksQueryOptions, searchPath } from './search-books'

describe('the search of /books on the server', () => {
  it('opens on the price slider’s whole range, first page: the response the server makes ahead of time', () => {
    expect(searchPath(filtersSearch(defaultFilters, 1))).toBe('/api/books?maxPrice=25&page=1')
  })

  it('sends every filter, in one order, so one search is one query key', () => {
    const filters = { search: '  Siso & co ', price: [10, 20] as [number, number], categories: ['fiction', 'fantasy'], newOnly: true }
    const path = '/api/books?q=Siso+%26+co&minPrice=10&maxPrice=20&categories=fiction%2Cfantasy&newOnly=1&page=2'
    expect(searchPath(filtersSearch(filters, 2))).toBe(path)
    expect(searchBooksQueryOptions(filtersSearch(filters, 2)).queryKey).toEqual(['books', 'search', path])
  })

  it('asks for a cart’s books by their ids', () => {
    expect(searchPath({ ids: [3, 9], perPage: 2 })).toBe('/api/books?ids=3%2C9&perPage=2')
  })

  it('finds a book page’s related books in its category at any price, one more than shown', () => {
    expect(searchPath({ categories: ['mystery'], perPage: RELATED_BOOKS + 1 })).toBe('/api/books?categories=mystery&perPage=6')
  })
})

// The same cases as internal/catalog's TestListPaths: the server inlines the
// answers of these paths into the page it renders, and the app finds them there.
describe('the searches a URL of /books renders from', () => {
  it.each([
    ['', undefined, ['/api/books?maxPrice=25&page=1']],
    ['q=+Moon+&page=2', undefined, ['/api/books?q=Moon&maxPrice=25&page=1', '/api/books?q=Moon&maxPrice=25&page=2']],
    ['min=20&max=5&category=mystery&category=nope&category=fiction&new=1', undefined, ['/api/books?minPrice=5&maxPrice=20&categories=mystery%2Cfiction&newOnly=1&page=1']],
    ['new=1', 'fantasy', ['/api/books?maxPrice=25&categories=fantasy&newOnly=1&page=1']],
    ['q=%C3%A9t%C3%A9+%2A~&min=0&max=25&page=0', undefined, ['/api/books?q=%C3%A9t%C3%A9+*%7E&maxPrice=25&page=1']],
    ['page=999', undefined, Array.from({ length: 40 }, (_, i) => `/api/books?maxPrice=25&page=${i + 1}`)],
    ['min=12.5&max=abc', undefined, ['/api/books?minPrice=13&maxPrice=25&page=1']],
  ])('%j on %s', (query, preset, want) => {
    expect(listPaths(query, ['fiction', 'mystery', 'fantasy'], preset)).toEqual(want)
  })
})
