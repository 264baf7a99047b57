import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { CustomerDetail, CustomerSummary } from '../types'

// The back office's customers (/api/admin/customers). Keys are made by
// userKey: dropped when the staff member signs out.

export const adminCustomersKey = () => userKey('admin', 'customers')

export type CustomerSearch = { customers: CustomerSummary[]; more: boolean }

export function searchCustomers(q: string): Promise<CustomerSearch> {
  return apiFetch<CustomerSearch>(`/api/admin/customers?${new URLSearchParams({ q })}`)
}

export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...adminCustomersKey(), 'search', q],
    queryFn: () => searchCustomers(q),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useCustomerSearch(q: string) {
  return useQuery(customerSearchQueryOptions(q))
}

export function getCustomer(id: string): Promise<CustomerDetail> {
  return apiFetch<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`)
}

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminCustomersKey(), 'one', id],
    queryFn: () => getCustomer(id),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  })

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id))
}

/** The actions of a customer's page, each one request (204). */
export type CustomerAction =
  | { kind: 'resend-confirmation' }
  | { kind: 'password-reset' }
  | { kind: 'sign-out' }
  | { kind: 'reset-factors'; identityCheck: string }
  | { kind: 'ban'; banned: boolean }
  | { kind: 'delete' }

export function runCustomerAction(id: string, action: CustomerAction): Promise<void> {
  const base = `/api/admin/customers/${encodeURIComponent(id)}`
  switch (action.kind) {
    case 'reset-factors':
      return apiFetch<void>(`${base}/reset-factors`, { method: 'POST', json: { identity_check: action.identityCheck } })
    case 'ban':
      return apiFetch<void>(`${base}/ban`, { method: 'PUT', json: { banned: action.banned } })
    case 'delete':
      return apiFetch<void>(base, { method: 'DELETE' })
    default:
      return apiFetch<void>(`${base}/${action.kind}`, { method: 'POST' })
  }
}

export function useCustomerAction(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (action: CustomerAction) => runCustomerAction(id, action),
    onSettled: () => client.invalidateQueries({ queryKey: adminCustomersKey() }),
  })
}
