import type { Book } from './types'

/**
 * The shop's categories are the server's (GET /api/categories, which the
 * back office adds to): the panel, the category pages and the book page read
 * them there, never from a list of their own. Here they are their ids, in the
 * order the panel shows them.
 */
export type CategoryIds = readonly string[]

export const PRICE_MIN = 0
export const PRICE_MAX = 25
export const PRICE_STEP = 1

export type BookFilters = {
  search: string
  price: [number, number]
  categories: string[]
  newOnly: boolean
}

export const defaultFilters: BookFilters = { search: '', price: [PRICE_MIN, PRICE_MAX], categories: [], newOnly: false }

/** How many books of the same category a book's page suggests. */
export const RELATED_BOOKS = 5

/** Up to `limit` other books of the same category. */
export function relatedBooks(books: Book[], book: Book, limit = RELATED_BOOKS): Book[] {
  return books.filter((b) => b.category === book.category && b.id !== book.id).slice(0, limit)
}

// The list lives in the URL query so a filtered list survives reload, Back and
// Forward, and can be shared:
//   ?q=siso&min=10&max=20&category=fiction&category=fantasy&new=1&page=3
// page is how many pages of results are shown ("Load more" adds one).
// Defaults are left out; anything unreadable falls back to its default.

/** The most pages a URL may ask to show at once: a shared link cannot make the phone render thousands of cards. */
export const MAX_PAGES = 40

function clampPrice(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n)) return fallback
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, Math.round(n)))
}

/** The filters a URL query asks for; categories the shop does not have (`known`) are left out. */
export function filtersFromParams(params: URLSearchParams, known: CategoryIds): BookFilters {
  let min = clampPrice(params.get('min'), PRICE_MIN)
  let max = clampPrice(params.get('max'), PRICE_MAX)
  if (min > max) [min, max] = [max, min]
  const categories = [...new Set(params.getAll('category').filter((c) => known.includes(c)))]
  return { search: params.get('q') ?? '', price: [min, max], categories, newOnly: params.get('new') === '1' }
}

export function filtersToParams(filters: BookFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.price[0] !== PRICE_MIN) params.set('min', String(filters.price[0]))
  if (filters.price[1] !== PRICE_MAX) params.set('max', String(filters.price[1]))
  for (const c of filters.categories) params.append('category', c)
  if (filters.newOnly) params.set('new', '1')
  return params
}

export function isDefaultFilters(filters: BookFilters): boolean {
  return filtersToParams(filters).size === 0
}

/** What /books shows: the filters and how many pages of results. */
export type BooksView = { filters: BookFilters; pages: number }

/** Pages shown, from the URL: a whole number from 1 to MAX_PAGES, else 1. */
export function pagesFromParams(params: URLSearchParams): number {
  const raw = params.get('page')
  if (raw === null || !/^[1-9][0-9]{0,5}$/.test(raw)) return 1
  return Math.min(MAX_PAGES, Number(raw))
}

/**
 * The view a URL query asks for. On /categories/{id} (`presetCategory`) the
 * page's category is checked when the query names none.
 */
export function viewFromParams(params: URLSearchParams, known: CategoryIds, presetCategory?: string): BooksView {
  const filters = filtersFromParams(params, known)
  if (presetCategory && filters.categories.length === 0) filters.categories = [presetCategory]
  return { filters, pages: pagesFromParams(params) }
}

export function viewToParams(view: BooksView): URLSearchParams {
  const params = filtersToParams(view.filters)
  if (view.pages > 1) params.set('page', String(view.pages))
  return params
}

/**
 * Where a view lives, so the address always tells the truth: its query on
 * the page it is on (`stays`), except that /categories/{id} shows its own
 * category only; any other choice of categories there is /books's.
 */
export function viewLocation(view: BooksView, presetCategory?: string): { stays: boolean; query: string } {
  if (!presetCategory) return { stays: true, query: viewToParams(view).toString() }
  const { categories } = view.filters
  if (categories.length !== 1 || categories[0] !== presetCategory) return { stays: false, query: viewToParams(view).toString() }
  return { stays: true, query: viewToParams({ ...view, filters: { ...view.filters, categories: [] } }).toString() }
}
