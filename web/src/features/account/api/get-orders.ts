import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Order } from '../types'
import { userKey } from '@/lib/user-data'

export function getOrders(): Promise<Order[]> {
  return apiFetch<Order[]>('/api/orders')
}

export const ordersQueryOptions = () => queryOptions({ queryKey: userKey('orders'), queryFn: getOrders })

export function useOrders() {
  return useQuery(ordersQueryOptions())
}
