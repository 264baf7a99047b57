import type { Book } from './types'

/** The category filter options of spec 01 §3, in the order the panel shows them. */
export const categoryOptions = [
  { id: 'fiction', label: 'Fiction' },
  { id: 'non-fiction', label: 'Non-Fiction' },
  { id: 'mystery', label: 'Mystery & Thriller' },
  { id: 'fantasy', label: 'Fantasy & Sci-Fi' },
  { id: 'romance', label: 'Romance' },
  { id: 'self-help', label: 'Self-Help' },
  { id: 'education', label: 'Education' },
  { id: 'children', label: "Children's Books" },
] as const

/** One of the shop's 8 categories (spec 01 §3 'Category filter options'). */
export function isCategory(id: string): boolean {
  return categoryOptions.some((c) => c.id === id)
}

export function categoryLabel(id: string): string {
  return categoryOptions.find((c) => c.id === id)?.label ?? id
}

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

/** Search, price range, categories and the new-only flag, combined with AND. */
export function filterBooks(books: Book[], filters: BookFilters): Book[] {
  const needle = filters.search.trim().toLowerCase()
  const [min, max] = filters.price
  return books.filter(
    (book) =>
      (needle === '' || book.title.toLowerCase().includes(needle) || book.author.toLowerCase().includes(needle)) &&
      book.price >= min &&
      book.price <= max &&
      (filters.categories.length === 0 || filters.categories.includes(book.category)) &&
      (!filters.newOnly || book.isNewRelease),
  )
}

/** Up to `limit` other books of the same category. */
export function relatedBooks(books: Book[], book: Book, limit = 5): Book[] {
  return books.filter((b) => b.category === book.category && b.id !== book.id).slice(0, limit)
}

// The filters live in the URL query so a filtered list survives reload and can be shared:
//   ?q=siso&min=10&max=20&category=fiction&category=fantasy&new=1
// Defaults are left out; anything unreadable falls back to its default.

function clampPrice(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n)) return fallback
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, Math.round(n)))
}

export function filtersFromParams(params: URLSearchParams): BookFilters {
  let min = clampPrice(params.get('min'), PRICE_MIN)
  let max = clampPrice(params.get('max'), PRICE_MAX)
  if (min > max) [min, max] = [max, min]
  const known = new Set<string>(categoryOptions.map((c) => c.id))
  const categories = [...new Set(params.getAll('category').filter((c) => known.has(c)))]
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
