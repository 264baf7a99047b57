import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Communications } from '../types'
import { userKey } from '@/lib/user-data'

export function getCommunications(): Promise<Communications> {
  return apiFetch<Communications>('/api/communications')
}

export const communicationsQueryOptions = () => queryOptions({ queryKey: userKey('communications'), queryFn: getCommunications })

export function useCommunications() {
  return useQuery(communicationsQueryOptions())
}
