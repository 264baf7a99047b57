import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type ReactNode } from 'react'
import { toast } from 'sonner'
import { writeCookie } from '@/lib/cookies'
import { renderedForCookie, isServerRendered } from '@/lib/render-env'
import { formatNames, isDigital, type BookFormat } from '@/lib/formats'
import {
  CART_FILLED_COOKIE,
  CART_STORAGE_KEY,
  MAX_QUANTITY,
  cartReducer,
  cartTotalCents,
  copiesLeft,
  emptyCart,
  isSoldOut,
  itemCount,
  lineKey,
  maxQuantityFor,
  parseStoredCart,
  serializeCart,
  type CartBook,
  type CartItem,
  type CatalogBook,
  type CartState as CartData,
  type LineRef,
} from './cart-reducer'

/** What the cart knows of a line's stock: the copies left (null: not counted; undefined: not known yet), the most it may hold, and whether the cart lowered it. */
export type LineStock = { left: number | null | undefined; most: number; soldOut: boolean; loweredFrom?: number }

export type CartState = {
  items: CartItem[]
  /** False only while a server-rendered page is hydrated, before the stored cart is read: `items` is not the buyer's yet. */
  loaded: boolean
  /** Sum of quantities: the header badge. */
  itemCount: number
  /** Sum of price times quantity, in cents. */
  totalCents: number
  /** Total in dollars, the spec's cart total. */
  total: number
  /** Adds the book in `book.format` (print when none) at that format's price. */
  addToCart: (book: CartBook, quantity?: number) => void
  /** A line is a book in a format; no format is the printed book. */
  increaseQuantity: (id: number, format?: BookFormat) => void
  decreaseQuantity: (id: number, format?: BookFormat) => void
  removeFromCart: (id: number, format?: BookFormat) => void
  /** Empties the cart; `silent` skips the toast (after a payment). */
  clearCart: (options?: { silent?: boolean }) => void
  /** Brings the lines in line with the catalogue: current title, price and cover; books no longer sold leave; quantities fit the stock. */
  syncWithCatalog: (books: CatalogBook[]) => void
  /** A payment was refused for want of copies: the cart takes the copies left. */
  stockRefused: (bookId: number, left: number) => void
  /** A line's stock as the server last said. */
  stockOf: (line: LineRef) => LineStock
  /** Lines with no copy left: nothing can be paid until they leave the cart. */
  soldOut: CartItem[]
}

const CartContext = createContext<CartState | null>(null)

function loadCart(): CartData {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))
  } catch {
    return emptyCart // storage blocked
  }
}

/**
 * Tells the server whether the stored cart has books, which it cannot read:
 * /cart and /checkout come server-rendered (internal/server/pages.go) with the cart
 * empty only to a visitor without the cookie; one with books gets the page
 * the app renders.
 */
function noteCartFilled(filled: boolean) {
  writeCookie(CART_FILLED_COOKIE, filled ? '1' : null, { maxAgeS: ONE_YEAR_S })
}

const ONE_YEAR_S = 365 * 24 * 60 * 60

/**
 * The cart a server-rendered page was rendered with, until the stored one is read:
 * not known yet (the checkout's summary waits for it), or known to be empty
 * in the variant for visitors without the cart's cookie, the only ones the
 * server gives it to (internal/server/pages.go: /cart, and the checkout's second
 * variant). Neither is saved.
 */
const notYetRead: CartData = { items: [] }
const renderedEmpty: CartData = { items: [] }

export function CartProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(
    (s: CartData, a: Parameters<typeof cartReducer>[1] | { type: 'replace'; state: CartData }) => (a.type === 'replace' ? a.state : cartReducer(s, a)),
    undefined,
    () => {
      if (!isServerRendered) return loadCart()
      return renderedForCookie(CART_FILLED_COOKIE) === false ? renderedEmpty : notYetRead
    },
  )

  // Saved on every change (not the placeholders: that would empty the stored cart).
  useEffect(() => {
    if (state === notYetRead || state === renderedEmpty) return
    noteCartFilled(state.items.length > 0)
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(state))
    } catch {
      // Full or blocked storage: the cart still works for this visit.
    }
  }, [state])

  // A server-rendered page hydrated with an empty cart: now the stored one, in a
  // transition, as it may render the whole page again (the checkout).
  useEffect(() => {
    if (isServerRendered) startTransition(() => dispatch({ type: 'replace', state: loadCart() }))
  }, [])

  // Another tab changed the cart: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === CART_STORAGE_KEY) dispatch({ type: 'replace', state: parseStoredCart(e.newValue) })
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  // The state as of the last action, so a callback can tell whether its action changes anything.
  const latest = useRef(state)
  useLayoutEffect(() => {
    latest.current = state
  }, [state])

  const addToCart = useCallback((book: CartBook, quantity = 1) => {
    const action = { type: 'add', book, quantity } as const
    const next = cartReducer(latest.current, action)
    if (next === latest.current) {
      const format = book.format ?? 'print'
      const left = book.stock ?? copiesLeft(latest.current, { id: book.id, format })
      if (isDigital(format)) toast.info('Already in your cart', { description: `${book.title} (${formatNames[format]}) is in your cart: one is all your family needs.` })
      else if (left === 0) toast.info('Sold out', { description: `${book.title} is sold out, so it cannot go in your cart.` })
      else if (typeof left === 'number' && left < MAX_QUANTITY) toast.info(`Only ${left} left`, { description: `Your cart already holds every copy of ${book.title} we have.` })
      else toast.info('Maximum quantity reached', { description: `You already have ${MAX_QUANTITY} copies of ${book.title} in your cart.` })
      return
    }
    latest.current = next
    dispatch(action)
    toast.success('Added to Cart', { description: `${book.title} has been added to your cart.` })
  }, [])
  const syncWithCatalog = useCallback((books: CatalogBook[]) => {
    const action = { type: 'sync', books } as const
    const before = latest.current
    const next = cartReducer(before, action)
    if (next === before) return
    latest.current = next
    dispatch(action)
    // Only the stock was new: the lines say what they need to.
    if (next.items === before.items) return
    const dropped = before.items.length - next.items.length
    const lowered = Object.keys(next.lowered ?? {}).some((key) => !(key in (before.lowered ?? {})))
    toast.info('Cart updated', {
      description:
        dropped > 0
          ? 'Some books are no longer available and were removed; the rest show current prices.'
          : lowered
            ? 'Fewer copies are left of some books than you chose, so your cart now holds what we have.'
            : 'Your cart now shows current prices.',
    })
  }, [])
  const stockRefused = useCallback((bookId: number, left: number) => dispatch({ type: 'stockRefused', bookId, left }), [])
  const increaseQuantity = useCallback((id: number, format?: BookFormat) => dispatch({ type: 'increase', id, format }), [])
  const decreaseQuantity = useCallback((id: number, format?: BookFormat) => dispatch({ type: 'decrease', id, format }), [])
  const removeFromCart = useCallback((id: number, format?: BookFormat) => {
    dispatch({ type: 'remove', id, format })
    toast('Removed from Cart', { description: 'Item has been removed from your cart.' })
  }, [])
  const clearCart = useCallback((options?: { silent?: boolean }) => {
    dispatch({ type: 'clear' })
    if (!options?.silent) toast('Cart Cleared', { description: 'Your cart has been cleared.' })
  }, [])

  const value = useMemo<CartState>(() => {
    const totalCents = cartTotalCents(state)
    const stockOf = (line: LineRef): LineStock => ({
      left: copiesLeft(state, line),
      most: maxQuantityFor(state, line),
      soldOut: isSoldOut(state, line),
      loweredFrom: state.lowered?.[lineKey(line)],
    })
    return {
      items: state.items,
      loaded: state !== notYetRead,
      itemCount: itemCount(state),
      totalCents,
      total: totalCents / 100,
      addToCart,
      increaseQuantity,
      decreaseQuantity,
      removeFromCart,
      clearCart,
      syncWithCatalog,
      stockRefused,
      stockOf,
      soldOut: state.items.filter((item) => isSoldOut(state, item)),
    }
  }, [state, addToCart, increaseQuantity, decreaseQuantity, removeFromCart, clearCart, syncWithCatalog, stockRefused])

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>
}

export function useCart(): CartState {
  const ctx = useContext(CartContext)
  if (!ctx) throw new Error('useCart must be used within a CartProvider')
  return ctx
}
