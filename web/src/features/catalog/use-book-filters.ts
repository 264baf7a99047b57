import { useCallback, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { viewFromParams, viewLocation, type BookFilters, type BooksView, type CategoryIds } from './filters'

/** Marks the history entries the list writes itself. */
export const FILTERS_STATE = { fromBookFilters: true, keepScroll: true } as const

/**
 * A key that changes on every navigation except the list's own writes, so
 * the list re-reads the URL after a link, Back or reload, but not while the
 * user types or slides (the URL catches up asynchronously; reading it back
 * would drop keystrokes).
 */
export function useExternalNavigationKey(): string {
  const location = useLocation()
  const own = (location.state as { fromBookFilters?: boolean } | null)?.fromBookFilters === true
  const [key, setKey] = useState(location.key)
  if (!own && location.key !== key) setKey(location.key)
  return key
}

/**
 * What /books shows, the filters and how many pages of results: read from
 * the URL query when the list mounts, then held here and written back to the
 * URL on every change (replacing the entry), so the list survives reload and
 * Back, and can be shared. New filters show their first page. On
 * /categories/{id} the page's category is the preset; choosing other
 * categories there moves to /books with the same filters.
 */
export function useBooksView(known: CategoryIds, presetCategory?: string) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const [view, setLocal] = useState<BooksView>(() => viewFromParams(params, known, presetCategory))

  const show = useCallback(
    (next: BooksView) => {
      const { stays, query } = viewLocation(next, presetCategory)
      if (!stays) {
        navigate(query ? `${paths.books}?${query}` : paths.books)
        return
      }
      setLocal(next)
      setParams(new URLSearchParams(query), { replace: true, preventScrollReset: true, state: FILTERS_STATE })
    },
    [navigate, presetCategory, setParams],
  )
  const setFilters = useCallback((filters: BookFilters) => show({ filters, pages: 1 }), [show])
  return { view, show, setFilters }
}
