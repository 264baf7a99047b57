import { toCents } from '@/lib/money'

/** What the cart keeps of a book: enough to show and price the line. */
export type CartBook = { id: number; title: string; price: number; coverImage: string; priceCents?: number }

export type CartItem = { id: number; title: string; price: number; priceCents: number; coverImage: string; quantity: number }

export type CartState = { items: CartItem[] }

export type CartAction =
  | { type: 'add'; book: CartBook; quantity?: number }
  | { type: 'increase'; id: number }
  | { type: 'decrease'; id: number }
  | { type: 'remove'; id: number }
  | { type: 'clear' }
  /** The catalogue as it is now: lines take its title, price and cover; lines of books it no longer has go. */
  | { type: 'sync'; books: CartBook[] }

export const emptyCart: CartState = { items: [] }

/** The server refuses more than this many copies of one book in an order. */
export const MAX_QUANTITY = 99

const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)))

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const amount = clampQuantity(action.quantity ?? 1)
      const { book } = action
      const existing = state.items.find((i) => i.id === book.id)
      if (existing) {
        const quantity = clampQuantity(existing.quantity + amount)
        // Already at the limit: nothing changes, and the same state says so.
        if (quantity === existing.quantity) return state
        return { items: state.items.map((i) => (i.id === book.id ? { ...i, quantity } : i)) }
      }
      const item: CartItem = {
        id: book.id,
        title: book.title,
        price: book.price,
        priceCents: book.priceCents ?? toCents(book.price),
        coverImage: book.coverImage,
        quantity: amount,
      }
      return { items: [...state.items, item] }
    }
    case 'increase':
      return { items: state.items.map((i) => (i.id === action.id ? { ...i, quantity: clampQuantity(i.quantity + 1) } : i)) }
    case 'decrease':
      // The minimum is 1: taking the last copy away is "remove", not "decrease".
      return { items: state.items.map((i) => (i.id === action.id ? { ...i, quantity: clampQuantity(i.quantity - 1) } : i)) }
    case 'remove':
      return { items: state.items.filter((i) => i.id !== action.id) }
    case 'clear':
      return emptyCart
    case 'sync':
      return syncWithCatalog(state, action.books)
  }
}

/**
 * The server prices an order from its own catalogue and refuses a cart that
 * disagrees, so a line must show what the catalogue says now, not what it said
 * when the book was added. Returns the same state when nothing changed.
 */
function syncWithCatalog(state: CartState, books: CartBook[]): CartState {
  const byId = new Map(books.map((b) => [b.id, b]))
  let changed = false
  const items: CartItem[] = []
  for (const item of state.items) {
    const book = byId.get(item.id)
    if (!book) {
      changed = true
      continue
    }
    const priceCents = book.priceCents ?? toCents(book.price)
    if (book.title === item.title && priceCents === item.priceCents && book.price === item.price && book.coverImage === item.coverImage) {
      items.push(item)
      continue
    }
    changed = true
    items.push({ ...item, title: book.title, price: book.price, priceCents, coverImage: book.coverImage })
  }
  return changed ? { items } : state
}

/** Item count = sum of quantities. */
export function itemCount(state: CartState): number {
  return state.items.reduce((n, i) => n + i.quantity, 0)
}

/** Total = sum of price times quantity, in cents. */
export function cartTotalCents(state: CartState): number {
  return state.items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0)
}

// Local storage is the user's: it may hold anything. Keep only well-formed lines.
function isItem(v: unknown): v is CartItem {
  if (!v || typeof v !== 'object') return false
  const i = v as Record<string, unknown>
  return (
    Number.isInteger(i.id) &&
    typeof i.title === 'string' &&
    typeof i.price === 'number' &&
    Number.isFinite(i.price) &&
    i.price >= 0 &&
    typeof i.coverImage === 'string' &&
    Number.isInteger(i.quantity) &&
    (i.quantity as number) >= 1
  )
}

export const CART_STORAGE_KEY = 'cart'
/** Set while the stored cart has books (cart-provider.tsx), for the server. */
export const CART_FILLED_COOKIE = 'cart_filled'

/** Reads a stored cart; anything corrupt yields what can be saved, or an empty cart. */
export function parseStoredCart(raw: string | null): CartState {
  if (!raw) return emptyCart
  try {
    const parsed: unknown = JSON.parse(raw)
    const list = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? (parsed as { items?: unknown }).items : null
    if (!Array.isArray(list)) return emptyCart
    const items: CartItem[] = []
    for (const v of list) {
      if (!isItem(v) || items.some((i) => i.id === v.id)) continue
      items.push({
        id: v.id,
        title: v.title,
        price: v.price,
        priceCents: toCents(v.price),
        coverImage: v.coverImage,
        quantity: clampQuantity(v.quantity),
      })
    }
    return { items }
  } catch {
    return emptyCart
  }
}

/** Stored as {items, total}, the spec's cart shape. */
export function serializeCart(state: CartState): string {
  return JSON.stringify({ items: state.items, total: cartTotalCents(state) / 100 })
}
