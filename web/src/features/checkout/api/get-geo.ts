import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

export type Geo = { countryCode: string; source: string }

export function getGeo(): Promise<Geo> {
  return apiFetch<Geo>('/api/geo')
}

export const geoQueryOptions = () => queryOptions({ queryKey: ['geo'], queryFn: getGeo, staleTime: Infinity, retry: false })

/** The visitor's likely country, to default the checkout's country. Failure simply means United States. */
export function useGeo() {
  return useQuery(geoQueryOptions())
}
