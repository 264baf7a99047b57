import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Dream } from '../types'
import { userKey } from '@/lib/user-data'

/** The parent's saved dreams, newest first (GET /api/dreams). */
export const dreamsQueryOptions = queryOptions({
  queryKey: userKey('dreams'),
  queryFn: async () => (await apiFetch<{ dreams: Dream[] }>('/api/dreams')).dreams,
})

export function useDreams() {
  return useQuery(dreamsQueryOptions)
}
