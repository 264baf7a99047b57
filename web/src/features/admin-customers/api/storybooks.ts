import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { idempotencyKeys } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'
import { adminCustomersKey } from './customers'

/** A published storybook on a customer's page: whether the family has it, since when and how (docs/storybooks.md). */
export type CustomerStorybook = { id: number; title: string; bookTitle: string; entitled: boolean; source?: 'grant' | 'purchase'; since?: string }

export const customerStorybooksQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...adminCustomersKey(), 'one', customerId, 'storybooks'],
    queryFn: async () => (await apiFetch<{ storybooks: CustomerStorybook[] }>(`/api/admin/customers/${encodeURIComponent(customerId)}/storybooks`)).storybooks,
    staleTime: 0,
  })

export function useCustomerStorybooks(customerId: string) {
  return useQuery(customerStorybooksQueryOptions(customerId))
}

const grantKeys = idempotencyKeys()

/**
 * Gives the family of the account at `email` a storybook's edition: the
 * storybooks' own grant (POST /api/admin/storybooks/{id}/grants, audited),
 * once however often it is clicked.
 */
export function useGiveStorybook(customerId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ storybookId, email }: { storybookId: number; email: string }) => {
      const grant = await apiFetch<{ email: string; grantedAt: string }>(`/api/admin/storybooks/${storybookId}/grants`, {
        method: 'POST',
        json: { email },
        headers: { 'Idempotency-Key': grantKeys.key({ storybookId, email }) },
      })
      grantKeys.succeeded()
      return grant
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: customerStorybooksQueryOptions(customerId).queryKey }),
        client.invalidateQueries({ queryKey: userKey('admin', 'audit') }),
      ]),
  })
}
