import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { AccountProfile } from '../types'

export function getProfile(): Promise<AccountProfile> {
  return apiFetch<AccountProfile>('/api/profile')
}

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile, retry: 1 })

export function useProfile() {
  return useQuery(profileQueryOptions())
}
