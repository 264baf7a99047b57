import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { AdminMe } from '../types'

export function getAdminMe(): Promise<AdminMe> {
  return apiFetch<AdminMe>('/api/admin/me')
}

/**
 * The caller's role and permissions. Asked again each time the back office
 * opens (staleTime 0): a role changed, or two-step sign-in just turned on,
 * shows at once. A refusal is a response (not signed in, not staff, no
 * two-step session), so it is not retried.
 */
export const adminMeQueryOptions = () =>
  queryOptions({ queryKey: userKey('admin', 'me'), queryFn: getAdminMe, staleTime: 0, retry: false })

export function useAdminMeQuery(enabled = true) {
  return useQuery({ ...adminMeQueryOptions(), enabled })
}
