import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CartProvider, useCart } from '@/features/cart/cart-provider'
import { useSyncCartWithCatalog } from './use-sync-cart-with-catalog'

const apiFetch = vi.hoisted(() => vi.fn())
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), apiFetch }))
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn() }) }))

const line = (id: number, price: number) => ({ id, title: `Book ${id}`, price, coverImage: `/covers/book-${id}.svg`, quantity: 1 })

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return (
    <QueryClientProvider client={client}>
      <CartProvider>{children}</CartProvider>
    </QueryClientProvider>
  )
}

const useSyncedCart = () => {
  useSyncCartWithCatalog()
  return useCart()
}

describe('useSyncCartWithCatalog', () => {
  beforeEach(() => {
    localStorage.clear()
    apiFetch.mockReset()
  })

  it("asks for the cart's books only, once, and takes their current prices", async () => {
    localStorage.setItem('cart', JSON.stringify({ items: [line(7, 9.99), line(2, 5)] }))
    apiFetch.mockResolvedValue({ books: [{ ...line(2, 6), quantity: undefined }, { ...line(7, 9.99), quantity: undefined }], total: 2 })
    const { result } = renderHook(useSyncedCart, { wrapper })
    await waitFor(() => expect(result.current.items.find((item) => item.id === 2)?.price).toBe(6))
    expect(apiFetch).toHaveBeenCalledTimes(1)
    const asked = new URL(apiFetch.mock.calls[0][0], 'http://shop.test')
    expect(asked.pathname).toBe('/api/books')
    expect(asked.searchParams.get('ids')).toBe('2,7')
    expect(asked.searchParams.get('perPage')).toBe('2')
  })

  it('asks for nothing with an empty cart', async () => {
    const { result } = renderHook(useSyncedCart, { wrapper })
    await waitFor(() => expect(result.current.loaded).toBe(true))
    expect(apiFetch).not.toHaveBeenCalled()
  })
})
