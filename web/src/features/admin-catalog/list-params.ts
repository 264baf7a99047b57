import { defineListParams, oneOf, text } from '@/lib/list-params'
import type { BookStatus } from './types'

// The books list's search, filters, sort and page live in the page's URL
// (?q=&category=&status=&stock=&sort=&page=): see lib/list-params.

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

export const { filtersFromSearch, searchFromFilters, apiSearch, withFilters, isFiltered, pageCount } = defineListParams<BookListFilters>({
  filters: { q: text, category: text, status: oneOf(statusFilters.map((s) => s.value)), stock: oneOf(stockFilters.map((s) => s.value)) },
  sorts: sorts.map((s) => s.value),
  defaultSort,
  perPage: PER_PAGE,
})
