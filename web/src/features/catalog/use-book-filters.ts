import { useCallback, useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { filtersFromParams, filtersToParams, type BookFilters } from './filters'

/**
 * The /books filters, kept in the URL query. On /categories/{id} the page's
 * category is the preset; choosing other categories there moves to /books
 * with the same filters, so the address always tells the truth.
 */
export function useBookFilters(presetCategory?: string) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()

  const filters = useMemo<BookFilters>(() => {
    const f = filtersFromParams(params)
    return presetCategory && f.categories.length === 0 ? { ...f, categories: [presetCategory] } : f
  }, [params, presetCategory])

  const setFilters = useCallback(
    (next: BookFilters) => {
      const onPreset = presetCategory && next.categories.length === 1 && next.categories[0] === presetCategory
      if (presetCategory && !onPreset) {
        const query = filtersToParams(next).toString()
        navigate(query ? `${paths.books}?${query}` : paths.books)
        return
      }
      const nextParams = filtersToParams(onPreset ? { ...next, categories: [] } : next)
      // Typing and sliding replace the entry instead of piling up history.
      setParams(nextParams, { replace: true, preventScrollReset: true })
    },
    [navigate, presetCategory, setParams],
  )

  return [filters, setFilters] as const
}
