import { act, render, renderHook, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CartProvider, useCart } from './cart-provider'
import { MAX_QUANTITY } from './cart-reducer'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const book = { id: 3, title: 'Our First Adventure', price: 19.99, coverImage: '/covers/book-3.svg' }

describe('CartProvider', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.clearAllMocks()
  })

  it('throws when used outside its provider', () => {
    expect(() => renderHook(() => useCart())).toThrow(/within a CartProvider/)
  })

  it('saves every change under "cart" and restores it at start', () => {
    const { result, unmount } = renderHook(() => useCart(), { wrapper: CartProvider })
    act(() => result.current.addToCart(book))
    act(() => result.current.increaseQuantity(3))
    expect(result.current.itemCount).toBe(2)
    expect(JSON.parse(localStorage.getItem('cart')!).items[0].quantity).toBe(2)
    unmount()

    const again = renderHook(() => useCart(), { wrapper: CartProvider })
    expect(again.result.current.items).toHaveLength(1)
    expect(again.result.current.totalCents).toBe(3998)
  })

  it('starts empty on corrupt storage', () => {
    localStorage.setItem('cart', '{oops')
    function Count() {
      return <p>{useCart().itemCount}</p>
    }
    render(
      <CartProvider>
        <Count />
      </CartProvider>,
    )
    expect(screen.getByText('0')).toBeInTheDocument()
  })

  it('says "Added to Cart" for a real add, and that the maximum is reached when nothing changes', () => {
    const { result } = renderHook(() => useCart(), { wrapper: CartProvider })
    act(() => result.current.addToCart(book, MAX_QUANTITY - 1))
    act(() => result.current.addToCart(book))
    expect(toast.success).toHaveBeenCalledTimes(2)
    expect(toast.success).toHaveBeenLastCalledWith('Added to Cart', { description: 'Our First Adventure has been added to your cart.' })
    expect(result.current.itemCount).toBe(MAX_QUANTITY)

    act(() => result.current.addToCart(book))
    expect(result.current.itemCount).toBe(MAX_QUANTITY)
    expect(toast.success).toHaveBeenCalledTimes(2)
    expect(toast.info).toHaveBeenCalledWith('Maximum quantity reached', expect.objectContaining({ description: expect.stringContaining(`${MAX_QUANTITY} copies`) }))
  })

  it('syncs with the catalogue, telling the buyer only when something changed', () => {
    const { result } = renderHook(() => useCart(), { wrapper: CartProvider })
    act(() => result.current.addToCart(book, 2))
    act(() => result.current.syncWithCatalog([book]))
    expect(toast.info).not.toHaveBeenCalled()

    act(() => result.current.syncWithCatalog([{ ...book, price: 21.5 }]))
    expect(result.current.totalCents).toBe(4300)
    expect(JSON.parse(localStorage.getItem('cart')!).items[0].price).toBe(21.5)
    expect(toast.info).toHaveBeenCalledWith('Cart updated', expect.anything())
  })
})
