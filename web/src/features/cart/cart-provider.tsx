import { createContext, useContext, type ReactNode } from 'react'

/** Placeholder cart until the shop feature lands: always empty. */
export type CartState = { itemCount: number }

const CartContext = createContext<CartState | null>(null)

export function CartProvider({ children }: { children: ReactNode }) {
  return <CartContext.Provider value={{ itemCount: 0 }}>{children}</CartContext.Provider>
}

export function useCart(): CartState {
  const ctx = useContext(CartContext)
  if (!ctx) throw new Error('useCart must be used within a CartProvider')
  return ctx
}
