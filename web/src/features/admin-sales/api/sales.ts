import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'

// The day's sales (GET /api/admin/sales) and the books low on stock (the catalogue's list, stock=low).

/** Shopify's measures: net sales = gross − discounts − refunds; total = net + shipping + tax (revenueCents is the total). */
export type SalesPeriod = {
  days: number
  grossSalesCents: number
  discountsCents: number
  refundsCents: number
  netSalesCents: number
  shippingCents: number
  taxCents: number
  totalCents: number
  revenueCents: number
  orders: number
  averageCents: number
  /** The pre-orders among the orders, and their total sales (counted in the total too). */
  preorders?: number
  preorderSalesCents?: number
}
export type DayRevenue = { day: string; revenueCents: number; orders: number }
export type TopBook = { bookId: number; title: string; copies: number; revenueCents: number }
export type WaitingOrder = { number: string; email: string; totalCents: number; paidAt: string }
export type SalesReport = { timeZone: string; periods: SalesPeriod[]; days: DayRevenue[]; topBooks: TopBook[]; waiting: WaitingOrder[]; waitingCount: number; awaitingRelease?: number }

export const salesQueryOptions = () => queryOptions({ queryKey: userKey('admin', 'sales'), queryFn: () => apiFetch<SalesReport>('/api/admin/sales'), staleTime: 30_000 })

export function useSales() {
  return useQuery(salesQueryOptions())
}

export type LowStockBook = { id: number; title: string; stock: number | null }

export function useLowStock(enabled: boolean) {
  return useQuery({
    queryKey: userKey('admin', 'low-stock'),
    queryFn: async () => (await apiFetch<{ books: LowStockBook[]; total: number }>('/api/admin/books?stock=low&perPage=10')).books,
    enabled,
    staleTime: 30_000,
  })
}
