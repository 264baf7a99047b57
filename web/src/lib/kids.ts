import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'

/** A child kept on the profile (GET /api/kids): a first name or nickname and the birth month (YYYY-MM), nothing more. */
export type Kid = { id: string; name: string; birth_month: string; updated_at: string }

export function getKids(): Promise<Kid[]> {
  return apiFetch<Kid[]>('/api/kids')
}

/** The children, read at sign-in (spec 01 §4), by the account area and by Dream Maker. */
export const kidsQueryOptions = () => queryOptions({ queryKey: userKey('kids'), queryFn: getKids })

/** The one kids query for components; features share it here since they may not import each other. */
export function useKids() {
  return useQuery(kidsQueryOptions())
}
