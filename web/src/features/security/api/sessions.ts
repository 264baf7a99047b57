import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { SessionInfo } from '../types'

const sessionsKey = userKey('security', 'sessions')

export function getSessions(): Promise<SessionInfo[]> {
  return apiFetch<{ sessions: SessionInfo[] }>('/api/security/sessions').then((r) => r.sessions)
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsKey, queryFn: getSessions })

export function useSessions() {
  return useQuery(sessionsQueryOptions())
}

/** Signs one session out (id), or every session but this browser's (no id). */
export function revokeSessions(id?: string): Promise<void> {
  const path = id ? `/api/security/sessions/${encodeURIComponent(id)}` : '/api/security/sessions'
  return apiFetch<void>(path, { method: 'DELETE' })
}

export function useRevokeSessions() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: revokeSessions,
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  })
}
