import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Kid } from '../types'

export const kidsQueryOptions = queryOptions({
  queryKey: ['kids'],
  queryFn: async () => {
    const answer = await apiFetch<Kid[] | { kids: Kid[] }>('/api/kids')
    return Array.isArray(answer) ? answer : answer.kids
  },
})

export function useKids() {
  return useQuery(kidsQueryOptions)
}
