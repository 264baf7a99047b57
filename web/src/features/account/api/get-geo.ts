import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

/** The detection lookup: the visitor's likely country (ISO code). */
export function getGeo(): Promise<{ countryCode?: string }> {
  return apiFetch<{ countryCode?: string }>('/api/geo')
}

export const geoQueryOptions = () => queryOptions({ queryKey: ['geo'], queryFn: getGeo, staleTime: Infinity, retry: false })

export function useGeo(enabled: boolean) {
  return useQuery({ ...geoQueryOptions(), enabled })
}
