import { useCallback, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { filtersFromParams, filtersToParams, type BookFilters } from './filters'

/** Marks the history entries the filters write themselves. */
export const FILTERS_STATE = { fromBookFilters: true, keepScroll: true } as const

/**
 * A key that changes on every navigation except the filters' own writes, so
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
 * The /books filters: read from the URL query when the list mounts, then held
 * here and written back to the URL on every change (replacing the entry), so
 * a filtered list survives reload and can be shared. On /categories/{id} the
 * page's category is the preset; choosing other categories there moves to
 * /books with the same filters, so the address always tells the truth.
 */
export function useBookFilters(presetCategory?: string) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const [filters, setLocal] = useState<BookFilters>(() => {
    const f = filtersFromParams(params)
    return presetCategory && f.categories.length === 0 ? { ...f, categories: [presetCategory] } : f
  })

  const setFilters = useCallback(
    (next: BookFilters) => {
      const onPreset = presetCategory && next.categories.length === 1 && next.categories[0] === presetCategory
      if (presetCategory && !onPreset) {
        const query = filtersToParams(next).toString()
        navigate(query ? `${paths.books}?${query}` : paths.books)
        return
      }
      setLocal(next)
      setParams(filtersToParams(onPreset ? { ...next, categories: [] } : next), { replace: true, preventScrollReset: true, state: FILTERS_STATE })
    },
    [navigate, presetCategory, setParams],
  )

  return [filters, setFilters] as const
}
