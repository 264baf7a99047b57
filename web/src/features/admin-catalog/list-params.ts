import type { BookStatus } from './types'

// The books list's search, filters, sort and page live in the page's URL
// (?q=&category=&status=&stock=&sort=&page=), so a reload, a shared link or
// Back shows the same list. Values the list does not know are dropped.

export type StockFilter = 'tracked' | 'untracked' | 'out' | 'low'
export type BookSort = 'title' | '-title' | 'priceCents' | '-priceCents' | 'updatedAt' | '-updatedAt' | 'stock' | '-stock'

export type BookListFilters = {
  q: string
  category: string
  status: BookStatus | ''
  stock: StockFilter | ''
  sort: BookSort
  page: number
}

/** The books a page of the list shows. */
export const PER_PAGE = 50

export const defaultSort: BookSort = 'title'

export const statusFilters: { value: BookStatus; label: string }[] = [
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
  { value: 'archived', label: 'Archived' },
]

export const stockFilters: { value: StockFilter; label: string }[] = [
  { value: 'tracked', label: 'Tracked' },
  { value: 'untracked', label: 'Not tracked' },
  { value: 'low', label: 'Low (5 or fewer)' },
  { value: 'out', label: 'Out of stock' },
]

export const sorts: { value: BookSort; label: string }[] = [
  { value: 'title', label: 'Title, A to Z' },
  { value: '-title', label: 'Title, Z to A' },
  { value: '-updatedAt', label: 'Recently changed' },
  { value: 'updatedAt', label: 'Longest unchanged' },
  { value: 'priceCents', label: 'Price, low to high' },
  { value: '-priceCents', label: 'Price, high to low' },
  { value: 'stock', label: 'Fewest copies first' },
  { value: '-stock', label: 'Most copies first' },
]

const oneOf = <T extends string>(value: string | null, options: { value: T }[]): T | '' =>
  options.find((o) => o.value === value)?.value ?? ''

/** The list's filters from the page's query string. */
export function filtersFromSearch(search: URLSearchParams): BookListFilters {
  const page = Number(search.get('page'))
  return {
    q: (search.get('q') ?? '').trim(),
    category: (search.get('category') ?? '').trim(),
    status: oneOf(search.get('status'), statusFilters),
    stock: oneOf(search.get('stock'), stockFilters),
    sort: oneOf(search.get('sort'), sorts) || defaultSort,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  }
}

/** The page's query string for the filters: only what differs from the plain list. */
export function searchFromFilters(filters: BookListFilters): URLSearchParams {
  const search = new URLSearchParams()
  if (filters.q.trim()) search.set('q', filters.q.trim())
  if (filters.category) search.set('category', filters.category)
  if (filters.status) search.set('status', filters.status)
  if (filters.stock) search.set('stock', filters.stock)
  if (filters.sort !== defaultSort) search.set('sort', filters.sort)
  if (filters.page > 1) search.set('page', String(filters.page))
  return search
}

/** The query string of GET /api/admin/books for the filters. */
export function apiSearch(filters: BookListFilters): string {
  const search = searchFromFilters(filters)
  search.set('sort', filters.sort)
  search.set('page', String(filters.page))
  search.set('perPage', String(PER_PAGE))
  return search.toString()
}

/** The filters with some changed; any change but the page's own goes back to the first page. */
export function withFilters(filters: BookListFilters, changes: Partial<BookListFilters>): BookListFilters {
  const next = { ...filters, ...changes }
  if (changes.page === undefined) next.page = 1
  return next
}

/** Whether the list is narrowed by a search or a filter (the sort only orders it). */
export function isFiltered(filters: BookListFilters): boolean {
  return Boolean(filters.q || filters.category || filters.status || filters.stock)
}

/** How many pages `total` books fill. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PER_PAGE))
}
