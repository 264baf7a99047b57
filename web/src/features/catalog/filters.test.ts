import { describe, expect, it } from 'vitest'
import { defaultFilters, filtersFromParams, filtersToParams, MAX_PAGES, pagesFromParams, relatedBooks, viewFromParams, viewLocation, viewToParams, type BookFilters } from './filters'
import type { Book } from './types'

/** The shop's categories as the server lists them, one made in the back office among them. */
const known = ['fiction', 'non-fiction', 'mystery', 'fantasy', 'bedtime-stories']

const book = (id: number, over: Partial<Book>): Book => ({
  id,
  title: `Book ${id}`,
  author: 'Someone',
  description: '',
  coverImage: `/covers/book-${id}.svg`,
  price: 15,
  priceCents: 1500,
  rating: 4.5,
  isNewRelease: false,
  category: 'fiction',
  pages: 32,
  isbn: '',
  publicationDate: '2024-01-01',
  ...over,
})

describe('relatedBooks', () => {
  it('lists up to the limit of the books found, leaving the book itself out', () => {
    const found = [book(1, {}), book(2, {}), book(3, {}), book(4, {}), book(5, {}), book(6, {})]
    expect(relatedBooks(found, found[2]).map((b) => b.id)).toEqual([1, 2, 4, 5, 6])
    expect(relatedBooks(found, book(9, {})).map((b) => b.id)).toEqual([1, 2, 3, 4, 5])
    expect(relatedBooks([found[0]], found[0])).toEqual([])
  })
})

describe('filters in the URL', () => {
  it('round-trips', () => {
    const f: BookFilters = { search: 'siso', price: [10, 20], categories: ['fiction', 'fantasy'], newOnly: true }
    expect(filtersToParams(f).toString()).toBe('q=siso&min=10&max=20&category=fiction&category=fantasy&new=1')
    expect(filtersFromParams(filtersToParams(f), known)).toEqual(f)
  })

  it('leaves defaults out', () => {
    expect(filtersToParams(defaultFilters).toString()).toBe('')
  })

  it('falls back to defaults for nonsense', () => {
    expect(filtersFromParams(new URLSearchParams('min=abc&max=99&category=nope&category=fiction&new=yes'), known)).toEqual({
      search: '',
      price: [0, 25],
      categories: ['fiction'],
      newOnly: false,
    })
    expect(filtersFromParams(new URLSearchParams('min=20&max=5'), known).price).toEqual([5, 20])
  })
})

describe('categories in the URL', () => {
  it("keeps the server's categories, a new one among them, and nothing else", () => {
    const asked = new URLSearchParams('category=bedtime-stories&category=zzz&category=Fiction&category=__proto__&category=constructor&category=fiction&category=fiction')
    expect(filtersFromParams(asked, known).categories).toEqual(['bedtime-stories', 'fiction'])
    expect(filtersFromParams(asked, []).categories).toEqual([])
  })
})

describe('the list in the URL', () => {
  const f: BookFilters = { search: 'siso', price: [10, 20], categories: ['fiction'], newOnly: false }

  it('holds the pages shown beside the filters, and leaves one page out', () => {
    expect(viewToParams({ filters: f, pages: 3 }).toString()).toBe('q=siso&min=10&max=20&category=fiction&page=3')
    expect(viewToParams({ filters: defaultFilters, pages: 1 }).toString()).toBe('')
    expect(viewFromParams(new URLSearchParams('q=siso&min=10&max=20&category=fiction&page=3'), known)).toEqual({ filters: f, pages: 3 })
    expect(viewFromParams(new URLSearchParams(''), known)).toEqual({ filters: defaultFilters, pages: 1 })
  })

  it.each(['0', '-2', '2.5', 'two', '', '02', '1e3'])('reads page=%j as the first page', (raw) => {
    expect(pagesFromParams(new URLSearchParams({ page: raw }))).toBe(1)
  })

  it('caps the pages a shared link can ask for', () => {
    expect(pagesFromParams(new URLSearchParams('page=7'))).toBe(7)
    expect(pagesFromParams(new URLSearchParams('page=999999'))).toBe(MAX_PAGES)
  })

  it("checks a category page's own category when the query names none", () => {
    expect(viewFromParams(new URLSearchParams('page=2'), known, 'fantasy')).toEqual({ filters: { ...defaultFilters, categories: ['fantasy'] }, pages: 2 })
    expect(viewFromParams(new URLSearchParams('category=mystery'), known, 'fantasy').filters.categories).toEqual(['mystery'])
  })

  it('keeps a category page on its address while only its own category is chosen, else moves to /books', () => {
    const own = { filters: { ...defaultFilters, categories: ['fantasy'], newOnly: true }, pages: 2 }
    expect(viewLocation(own, 'fantasy')).toEqual({ stays: true, query: 'new=1&page=2' })
    const more = { filters: { ...defaultFilters, categories: ['mystery', 'fantasy'] }, pages: 1 }
    expect(viewLocation(more, 'fantasy')).toEqual({ stays: false, query: 'category=mystery&category=fantasy' })
    expect(viewLocation(more)).toEqual({ stays: true, query: 'category=mystery&category=fantasy' })
  })
})
