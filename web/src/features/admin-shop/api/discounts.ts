import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { idempotentPost } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'
import type { Discount } from '../types'

// Discount codes (GET/POST /api/admin/discounts, PATCH /api/admin/discounts/{id}).

const discountsKey = () => userKey('admin', 'discounts')

export const adminDiscountsQueryOptions = () =>
  queryOptions({ queryKey: discountsKey(), queryFn: async () => (await apiFetch<{ discounts: Discount[] }>('/api/admin/discounts')).discounts, staleTime: 0 })

export function useAdminDiscounts() {
  return useQuery(adminDiscountsQueryOptions())
}

/** What the form sends: every field, so a PATCH also sets a cleared one to null. */
/** What the form sends: the code's days as the shop's days (the server finds their midnights in SHOP_TIME_ZONE). */
export type DiscountFields = Pick<Discount, 'code' | 'percentOff' | 'amountOffCents' | 'minSubtotalCents' | 'firstDay' | 'lastDay' | 'usageLimit' | 'oncePerCustomer' | 'active'>

const postDiscount = idempotentPost<Discount>('/api/admin/discounts')

export function useCreateDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fields: DiscountFields) => postDiscount(fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsKey() }),
  })
}

export function useUpdateDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version, fields }: { id: number; version: number; fields: Partial<DiscountFields> }) =>
      apiFetch<Discount>(`/api/admin/discounts/${id}`, { method: 'PATCH', json: { version, ...fields } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsKey() }),
  })
}
