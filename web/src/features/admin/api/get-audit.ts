import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { AuditFilters, AuditPage } from '../types'

/** How many entries a page of the log shows before "Load more". */
export const AUDIT_PAGE_SIZE = 50

/** The query string of GET /api/admin/audit: the reader's days become instants, so "to" includes their whole last day. */
export function auditSearch(filters: AuditFilters, before: string | null): string {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) })
  if (filters.actor.trim()) params.set('actor', filters.actor.trim())
  if (filters.kind) params.set('kind', filters.kind)
  if (filters.from) params.set('from', localDayStart(filters.from, 0))
  if (filters.to) params.set('to', localDayStart(filters.to, 1))
  if (before) params.set('before', before)
  return params.toString()
}

/** The instant the local day ymd (plus offset days) starts, in RFC 3339. */
function localDayStart(ymd: string, offset: number): string {
  const [y, m, d] = ymd.split('-').map(Number)
  return new Date(y, m - 1, d + offset).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export function getAuditPage(filters: AuditFilters, before: string | null): Promise<AuditPage> {
  return apiFetch<AuditPage>(`/api/admin/audit?${auditSearch(filters, before)}`)
}

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: userKey('admin', 'audit', filters),
    queryFn: ({ pageParam }) => getAuditPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  })

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters))
}
