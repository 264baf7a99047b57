import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiBlob, apiFetch } from '@/lib/api'
import { idempotentPost } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'
import type { Campaign, CampaignDraft, CampaignPreview, SubscribersResponse } from '../types'

// The newsletter's back office: subscribers (/api/admin/newsletter) and campaigns (/api/admin/campaigns).

const subscribersKey = (q: string) => userKey('admin', 'newsletter', 'subscribers', q)
const campaignsKey = () => userKey('admin', 'campaigns')
const campaignKey = (id: number) => userKey('admin', 'campaigns', id)

export function useSubscribers(q: string) {
  return useQuery(
    queryOptions({
      queryKey: subscribersKey(q),
      queryFn: () => apiFetch<SubscribersResponse>(`/api/admin/newsletter/subscribers?q=${encodeURIComponent(q)}`),
      placeholderData: keepPreviousData,
    }),
  )
}

/** Unsubscribes an address on its owner's request (audited). */
export function useUnsubscribeSubscriber() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: string) => apiFetch('/api/admin/newsletter/unsubscribe', { method: 'POST', json: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey('admin', 'newsletter') }),
  })
}

/** Lifts the suppression a bounce or a complaint put on an address (audited); it keeps its status. */
export function useLiftSuppression() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: string) => apiFetch('/api/admin/newsletter/unsuppress', { method: 'POST', json: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey('admin', 'newsletter') }),
  })
}

/** Downloads the subscribers matching q as CSV. */
export async function downloadSubscribers(q: string) {
  const url = URL.createObjectURL(await apiBlob(`/api/admin/newsletter/subscribers.csv?q=${encodeURIComponent(q)}`))
  const a = document.createElement('a')
  a.href = url
  a.download = 'newsletter-subscribers.csv'
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function useCampaigns() {
  return useQuery(queryOptions({ queryKey: campaignsKey(), queryFn: () => apiFetch<{ campaigns: Campaign[] }>('/api/admin/campaigns') }))
}

/** Whether a campaign's counts may still move: it is waiting or sending, or its mail is still being delivered. */
function moving(c: Campaign | undefined): boolean {
  if (!c) return false
  return c.status === 'sending' || c.status === 'scheduled' || (c.status === 'sent' && c.sent + c.failed + c.skipped < c.recipients)
}

/** A campaign; asked again every 2 s while its counts may move. */
export function useCampaign(id: number) {
  return useQuery(
    queryOptions({
      queryKey: campaignKey(id),
      queryFn: () => apiFetch<Campaign>(`/api/admin/campaigns/${id}`),
      enabled: Number.isInteger(id) && id > 0,
      refetchInterval: (query) => (moving(query.state.data) ? 2000 : false),
    }),
  )
}

const create = idempotentPost<Campaign>('/api/admin/campaigns')

/** Saves a draft: a new one, or over the version it was based on. */
export function useSaveCampaign() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version, draft }: { id?: number; version?: number; draft: CampaignDraft }) =>
      id ? apiFetch<Campaign>(`/api/admin/campaigns/${id}`, { method: 'PATCH', json: { ...draft, version } }) : create(draft),
    onSuccess: (c) => {
      queryClient.setQueryData(campaignKey(c.id), c)
      void queryClient.invalidateQueries({ queryKey: campaignsKey(), exact: true })
    },
  })
}

export function usePreviewCampaign() {
  return useMutation({
    mutationFn: (draft: CampaignDraft) => apiFetch<CampaignPreview>('/api/admin/campaigns/preview', { method: 'POST', json: draft }),
  })
}

export function useTestCampaign() {
  return useMutation({ mutationFn: (id: number) => apiFetch<{ sentTo: string }>(`/api/admin/campaigns/${id}/test`, { method: 'POST' }) })
}

/** Sends now, or at a time (ISO). */
export function useSendCampaign() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version, at }: { id: number; version: number; at?: string }) =>
      apiFetch<Campaign>(`/api/admin/campaigns/${id}/send`, { method: 'POST', json: at ? { version, at } : { version } }),
    onSuccess: (c) => {
      queryClient.setQueryData(campaignKey(c.id), c)
      void queryClient.invalidateQueries({ queryKey: campaignsKey(), exact: true })
    },
  })
}
