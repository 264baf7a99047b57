import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import { idempotencyKeys } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'
import { apiSearch, type OrderFilters } from '../list-params'
import type { AdminOrder, OrderPage } from '../types'
import type { BookFormat } from '@/lib/formats'

// The order desk (GET /api/admin/orders, GET /api/admin/orders/{number} and
// its actions). Keys are made by userKey: dropped when the staff member signs out.

export const adminOrdersKey = () => userKey('admin', 'orders')

export const adminOrdersQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...adminOrdersKey(), 'list', filters],
    queryFn: async () => {
      try {
        return await apiFetch<OrderPage>(`/api/admin/orders?${apiSearch(filters)}`)
      } catch (error) {
        // The order a page's place names is gone: find the page by its number.
        if (!(error instanceof ApiError && error.status === 400 && (filters.after || filters.before))) throw error
        return apiFetch<OrderPage>(`/api/admin/orders?${apiSearch({ ...filters, after: '', before: '' })}`)
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useAdminOrders(filters: OrderFilters) {
  return useQuery(adminOrdersQueryOptions(filters))
}

export const adminOrderQueryOptions = (number: string) =>
  queryOptions({
    queryKey: [...adminOrdersKey(), 'one', number],
    queryFn: () => apiFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(number)}`),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  })

export function useAdminOrder(number: string) {
  return useQuery(adminOrderQueryOptions(number))
}

/** The bodies of the desk's actions; each carries the version the staff member saw. */
export type ActionRequest =
  | { action: 'fulfil'; body: { carrier: string; trackingNumber: string; trackingUrl: string } }
  | { action: 'deliver'; body: Record<string, never> }
  | { action: 'cancel'; body: { reason: string } }
  | { action: 'refund'; body: { amountCents: number; reason: string } | { lines: { bookId: number; format?: BookFormat; quantity: number }[]; reason: string } }
  | { action: 'notes'; body: { text: string } }
  | { action: 'resend-confirmation'; body: Record<string, never> }

// One Idempotency-Key per confirmation: pressing Confirm again after a lost
// response finishes the same refund instead of making a second.
const keys = idempotencyKeys()

export async function orderAction(order: AdminOrder, req: ActionRequest): Promise<AdminOrder> {
  const json = req.action === 'notes' || req.action === 'resend-confirmation' ? req.body : { ...req.body, version: order.version }
  const result = await apiFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(order.number)}/${req.action}`, {
    method: 'POST',
    json,
    headers: { 'Idempotency-Key': keys.key({ number: order.number, ...req }) },
  })
  keys.succeeded()
  return result
}

/** An action on the order: the page shows the order it returns, and the lists are read again. */
export function useOrderAction(order: AdminOrder | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (req: ActionRequest) => orderAction(order!, req),
    onSuccess: (next) => {
      queryClient.setQueryData(adminOrderQueryOptions(next.number).queryKey, next)
      void queryClient.invalidateQueries({ queryKey: [...adminOrdersKey(), 'list'] })
    },
    onError: (error) => {
      // A 409 means the order moved on: show it as it is now.
      if (error instanceof ApiError && error.status === 409 && order) void queryClient.invalidateQueries({ queryKey: adminOrderQueryOptions(order.number).queryKey })
    },
  })
}
