import { describe, expect, it } from 'vitest'
import { defaultFilters, filterBooks, filtersFromParams, filtersToParams, isCategory, relatedBooks, type BookFilters } from './filters'
import type { Book } from './types'

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

const books = [
  book(1, { title: 'Siso and the Stripe', author: 'Amara Okafor', price: 14.99, isNewRelease: true, category: 'fiction' }),
  book(2, { title: 'Nainni Counts', author: 'Priya Raman', price: 12.99, category: 'non-fiction' }),
  book(3, { title: 'Our First Adventure', author: 'Hannah Lindqvist', price: 19.99, isNewRelease: true, category: 'fantasy' }),
  book(4, { title: 'Lizzie and the Hat', author: 'Tomás Ferreira', price: 13, category: 'mystery' }),
  book(5, { title: 'Kind Words', author: 'Amara Okafor', price: 20, category: 'self-help' }),
]
const ids = (f: Partial<BookFilters>) => filterBooks(books, { ...defaultFilters, ...f }).map((b) => b.id)

describe('filterBooks', () => {
  it('passes everything with the default filters', () => {
    expect(ids({})).toEqual([1, 2, 3, 4, 5])
  })

  it('searches title or author, case-insensitive substring', () => {
    expect(ids({ search: 'SISO' })).toEqual([1])
    expect(ids({ search: 'okafor' })).toEqual([1, 5])
    expect(ids({ search: '  adventure ' })).toEqual([3])
    expect(ids({ search: 'zzz' })).toEqual([])
  })

  it('keeps prices inside the range, both ends inclusive', () => {
    expect(ids({ price: [13, 20] })).toEqual([1, 3, 4, 5])
    expect(ids({ price: [0, 13] })).toEqual([2, 4])
    expect(ids({ price: [20, 20] })).toEqual([5])
    expect(ids({ price: [15, 19] })).toEqual([])
  })

  it('passes all books when no category is checked, else only the checked ones', () => {
    expect(ids({ categories: [] })).toHaveLength(5)
    expect(ids({ categories: ['fantasy', 'mystery'] })).toEqual([3, 4])
    expect(ids({ categories: ['romance'] })).toEqual([])
  })

  it('keeps only new releases when asked', () => {
    expect(ids({ newOnly: true })).toEqual([1, 3])
  })

  it('combines every filter with AND', () => {
    expect(ids({ search: 'a', price: [14, 25], categories: ['fiction', 'fantasy', 'self-help'], newOnly: true })).toEqual([1, 3])
    expect(ids({ search: 'okafor', newOnly: true, categories: ['self-help'] })).toEqual([])
  })
})

describe('relatedBooks', () => {
  it('lists up to the limit of other books in the same category', () => {
    const many = [book(1, {}), book(2, {}), book(3, {}), book(4, {}), book(5, {}), book(6, {}), book(7, {}), book(8, { category: 'mystery' })]
    expect(relatedBooks(many, many[0]).map((b) => b.id)).toEqual([2, 3, 4, 5, 6])
    expect(relatedBooks(many, many[7])).toEqual([])
  })
})

describe('filters in the URL', () => {
  it('round-trips', () => {
    const f: BookFilters = { search: 'siso', price: [10, 20], categories: ['fiction', 'fantasy'], newOnly: true }
    expect(filtersToParams(f).toString()).toBe('q=siso&min=10&max=20&category=fiction&category=fantasy&new=1')
    expect(filtersFromParams(filtersToParams(f))).toEqual(f)
  })

  it('leaves defaults out', () => {
    expect(filtersToParams(defaultFilters).toString()).toBe('')
  })

  it('falls back to defaults for nonsense', () => {
    expect(filtersFromParams(new URLSearchParams('min=abc&max=99&category=nope&category=fiction&new=yes'))).toEqual({
      search: '',
      price: [0, 25],
      categories: ['fiction'],
      newOnly: false,
    })
    expect(filtersFromParams(new URLSearchParams('min=20&max=5')).price).toEqual([5, 20])
  })
})

describe('isCategory', () => {
  it('knows the 8 categories and nothing else', () => {
    for (const id of ['fiction', 'non-fiction', 'mystery', 'fantasy', 'romance', 'self-help', 'education', 'children']) expect(isCategory(id)).toBe(true)
    for (const id of ['zzz', '', 'Fiction', 'constructor', '__proto__']) expect(isCategory(id)).toBe(false)
  })
})
