import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Kid } from '../types'

export function getKids(): Promise<Kid[]> {
  return apiFetch<Kid[]>('/api/kids')
}

export const kidsQueryOptions = () => queryOptions({ queryKey: ['kids'], queryFn: getKids })

export function useKids() {
  return useQuery(kidsQueryOptions())
}
