import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { idempotentPost } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'

/** One row of the consent ledger (GET /api/consents). */
export type ConsentEntry = {
  id: number
  action: 'given' | 'withdrawn'
  /** account: the parent's consent for their children; child: a withdrawal for one child, whose data went with it. */
  scope: 'account' | 'child'
  noticeVersion: string
  guardian: boolean
  method: string
  userAgent: string
  at: string
}

export type Consents = {
  /** The children's privacy notice's current version. */
  noticeVersion: string
  /** The parent's consent covers the current version. */
  current: boolean
  consents: ConsentEntry[]
}

export const consentsQueryOptions = () =>
  queryOptions({ queryKey: userKey('consents'), queryFn: () => apiFetch<Consents>('/api/consents') })

export function useConsents() {
  return useQuery(consentsQueryOptions())
}

const postConsent = idempotentPost<ConsentEntry>('/api/consents')

/** Records that the parent is the parent or legal guardian and accepts this version of the notice (a double click records it once). */
export function giveConsent(noticeVersion: string): Promise<ConsentEntry> {
  return postConsent({ noticeVersion, guardian: true })
}

export function useGiveConsent() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: giveConsent, onSuccess: () => queryClient.invalidateQueries(consentsQueryOptions()) })
}
