import { act, render, renderHook, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { CartProvider, useCart } from './cart-provider'

const book = { id: 3, title: 'Our First Adventure', price: 19.99, coverImage: '/covers/book-3.svg' }

describe('CartProvider', () => {
  beforeEach(() => localStorage.clear())

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
})
