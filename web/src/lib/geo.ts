import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

/** The visitor's likely country (ISO 3166-1 alpha-2), from the server's location lookup. */
export type Geo = { countryCode?: string; source?: string }

export function getGeo(): Promise<Geo> {
  return apiFetch<Geo>('/api/geo')
}

export const geoQueryOptions = () => queryOptions({ queryKey: ['geo'], queryFn: getGeo, staleTime: Infinity, retry: false })

/** The checkout's and the profile's default country. A failed lookup simply means no default. */
export function useGeo(enabled = true) {
  return useQuery({ ...geoQueryOptions(), enabled })
}
