// A back-office list's search, filters, sort and page, kept in the page's
// URL (?q=&status=&sort=&page=), so a reload, a shared link or Back shows
// the same list. Values the list does not know are dropped. A list whose
// server pages by place (`cursors`) also keeps where the page is: `after`
// (the key of the row it starts after) or `before` (the row it ends before),
// from the page next to it; without either the page is found by its number.

/** How one filter is read from the URL: its value, or '' for a value the list does not know. */
export type ListParam<T extends string> = (raw: string) => T | ''

/** Words typed in a search box (or a free value): trimmed. */
export const text: ListParam<string> = (raw) => raw.trim()

/** One of a list's known values. */
export const oneOf =
  <T extends string>(values: readonly T[]): ListParam<T> =>
  (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : ''

/** A day (YYYY-MM-DD) from `first` to `last`. */
export const day =
  (first: string, last: string): ListParam<string> =>
  (raw) =>
    /^\d{4}-\d{2}-\d{2}$/.test(raw) && raw >= first && raw <= last ? raw : ''

type Place = { after: string; before: string }
/** The names of a list's filters: all but the sort, the page and the place. */
type FilterName<F> = Exclude<keyof F, 'sort' | 'page' | 'after' | 'before'>

/**
 * The URL state of a list whose filters are `F` (its filters, `sort` and
 * `page`, and `after`/`before` when `cursors`): `filters` reads each filter,
 * in the order the URL writes them.
 */
export function defineListParams<F extends { sort: string; page: number }>(spec: {
  filters: { [K in FilterName<F>]: ListParam<F[K] & string> }
  sorts: readonly F['sort'][]
  defaultSort: F['sort']
  perPage: number
  cursors?: F extends Place ? true : never
}) {
  const names = Object.keys(spec.filters) as FilterName<F>[]
  const cursors = Boolean(spec.cursors)
  const readSort = oneOf(spec.sorts)

  /** The list's filters from the page's query string. */
  function filtersFromSearch(search: URLSearchParams): F {
    const page = Number(search.get('page'))
    const out: Record<string, unknown> = {}
    for (const name of names) out[name as string] = spec.filters[name](search.get(name as string) ?? '')
    out.sort = readSort(search.get('sort') ?? '') || spec.defaultSort
    out.page = Number.isSafeInteger(page) && page > 1 ? page : 1
    if (cursors) {
      const after = search.get('after') ?? ''
      const before = search.get('before') ?? ''
      // One place at most, and none on the first page.
      const onePlace = out.page !== 1 && !(after && before)
      out.after = onePlace ? after : ''
      out.before = onePlace ? before : ''
    }
    return out as F
  }

  /** The page's query string for the filters: only what differs from the plain list. */
  function searchFromFilters(filters: F): URLSearchParams {
    const search = new URLSearchParams()
    for (const name of names) {
      const value = (filters[name] as string).trim()
      if (value) search.set(name as string, value)
    }
    if (filters.sort !== spec.defaultSort) search.set('sort', filters.sort)
    if (filters.page > 1) search.set('page', String(filters.page))
    const place = filters as Partial<Place>
    if (cursors && filters.page > 1 && place.after) search.set('after', place.after)
    else if (cursors && filters.page > 1 && place.before) search.set('before', place.before)
    return search
  }

  /** The list API's query string: the URL's, always naming the sort and the page size (and the page, where it goes by number). */
  function apiSearch(filters: F): string {
    const search = searchFromFilters(filters)
    search.set('sort', filters.sort)
    if (!cursors) search.set('page', String(filters.page))
    search.set('perPage', String(spec.perPage))
    return search.toString()
  }

  /** The filters with some changed; any change but the page's own goes back to the first page. */
  function withFilters(filters: F, changes: Partial<F>): F {
    const next: F = { ...filters, ...(cursors ? { after: '', before: '' } : {}), page: 1, ...changes }
    if (next.page === undefined) next.page = 1
    return next
  }

  /**
   * The filters of another page, from the page shown: the next one starts
   * after its last row, the one before ends before its first; the first
   * page needs no place, and a page further away is found by its number.
   */
  function pageFrom(filters: F, shown: { nextCursor: string | null; prevCursor: string | null }, page: number): F {
    if (cursors && page === filters.page + 1 && shown.nextCursor) return withFilters(filters, { page, after: shown.nextCursor } as unknown as Partial<F>)
    if (cursors && page === filters.page - 1 && page > 1 && shown.prevCursor) return withFilters(filters, { page, before: shown.prevCursor } as unknown as Partial<F>)
    return withFilters(filters, { page } as unknown as Partial<F>)
  }

  /** Whether the list is narrowed by a search or a filter (the sort only orders it). */
  function isFiltered(filters: F): boolean {
    return names.some((name) => Boolean(filters[name]))
  }

  /** How many pages `total` rows fill. */
  function pageCount(total: number): number {
    return Math.max(1, Math.ceil(total / spec.perPage))
  }

  return { filtersFromSearch, searchFromFilters, apiSearch, withFilters, pageFrom, isFiltered, pageCount }
}
