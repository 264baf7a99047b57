import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { PRICE_MIN, viewFromParams, type BookFilters, type BooksView, type CategoryIds } from '../filters'
import type { Book } from '../types'

/** A search of the catalogue on the server (GET /api/books with parameters); every condition given must hold. */
export type BookSearch = {
  q?: string
  minPrice?: number
  maxPrice?: number
  categories?: string[]
  newOnly?: boolean
  /** Only these books (a cart's). */
  ids?: number[]
  page?: number
  perPage?: number
}

/** One page of a search's results, and how many match in all. */
export type BookPage = { books: Book[]; total: number }

/** Books in a page of the search when none is asked: the server's (internal/catalog, shopPerPage). */
export const PAGE_SIZE = 24

/**
 * The search's URL, its parameters always in this order: it is also the
 * query's key, and the server inlines a page's search under the same URL
 * (internal/server/pages.go; the list of /books: catalog.ListPaths), so both
 * must spell it alike.
 */
export function searchPath(s: BookSearch): string {
  const params = new URLSearchParams()
  if (s.q) params.set('q', s.q)
  if (s.minPrice !== undefined) params.set('minPrice', String(s.minPrice))
  if (s.maxPrice !== undefined) params.set('maxPrice', String(s.maxPrice))
  if (s.categories?.length) params.set('categories', s.categories.join(','))
  if (s.newOnly) params.set('newOnly', '1')
  if (s.ids?.length) params.set('ids', s.ids.join(','))
  if (s.page !== undefined) params.set('page', String(s.page))
  if (s.perPage !== undefined) params.set('perPage', String(s.perPage))
  return `/api/books?${params}`
}

/** The key of the search at path (a searchPath). */
export const searchQueryKey = (path: string) => ['books', 'search', path] as const

export const searchBooksQueryOptions = (s: BookSearch) => {
  const path = searchPath(s)
  return queryOptions({ queryKey: searchQueryKey(path), queryFn: ({ signal }) => apiFetch<BookPage>(path, { signal }) })
}

export function useSearchBooks(s: BookSearch, enabled = true, options: { staleTime?: number; refetchOnWindowFocus?: boolean } = {}) {
  return useQuery({ ...searchBooksQueryOptions(s), enabled, ...options })
}

/**
 * The /books filters as the search of one page of results: the text as the
 * server reads it (trimmed: "siso " and "siso" are one search), no lowest
 * price at the slider's floor. The page /books opens on is
 * `/api/books?maxPrice=25&page=1`, which the server makes ahead of time.
 */
export function filtersSearch(filters: BookFilters, page: number): BookSearch {
  const { search, price, categories, newOnly } = filters
  const q = search.trim()
  return { q: q || undefined, minPrice: price[0] > PRICE_MIN ? price[0] : undefined, maxPrice: price[1], categories, newOnly, page }
}

/**
 * The searches the list of /books?{query} renders from (of /categories/{id}
 * with `presetCategory`), a page each, in a shop of the categories `known`:
 * what a page rendered on the server needs answered. catalog.ListPaths spells
 * the same in Go.
 */
export function listPaths(query: string, known: CategoryIds, presetCategory?: string): string[] {
  const { filters, pages } = viewFromParams(new URLSearchParams(query), known, presetCategory)
  return Array.from({ length: pages }, (_, i) => searchPath(filtersSearch(filters, i + 1)))
}

/**
 * The books of a view: its first page (the previous results stay on screen
 * while new filters are searched), then each further page it shows, asked
 * for once the first says how many there are. `books` runs up to the first
 * page that has not arrived.
 */
export function useBookList({ filters, pages }: BooksView) {
  const first = useQuery({ ...searchBooksQueryOptions(filtersSearch(filters, 1)), placeholderData: keepPreviousData })
  const total = first.data && !first.isPlaceholderData ? first.data.total : undefined
  const upTo = total === undefined ? 1 : Math.min(pages, Math.max(1, Math.ceil(total / PAGE_SIZE)))
  const more = useQueries({ queries: Array.from({ length: upTo - 1 }, (_, i) => searchBooksQueryOptions(filtersSearch(filters, i + 2))) })

  const books = [...(first.data?.books ?? [])]
  let arrived = true
  for (const page of more) {
    if (!page.data) {
      arrived = false
      break
    }
    books.push(...page.data.books)
  }
  const failed = more.find((page) => page.isError)
  return {
    first,
    books,
    total: first.data?.total ?? 0,
    /** A search for new filters is under way (the previous results show meanwhile). */
    searching: first.isPlaceholderData,
    loadingMore: !arrived && !failed,
    moreFailed: failed !== undefined,
    retryMore: () => void failed?.refetch(),
  }
}
