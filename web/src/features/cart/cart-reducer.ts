import { isBookFormat, isDigital, offersOf, type BookFormat, type BookFormatOffer } from '@/lib/formats'
import { toCents } from '@/lib/money'

/**
 * What the cart keeps of a book in one format: enough to show and price the
 * line. `price` and `priceCents` are the format's; no format is the printed book.
 */
export type CartBook = {
  id: number
  title: string
  price: number
  coverImage: string
  priceCents?: number
  format?: BookFormat
  /** Printed copies left, when the page knows it (null: not counted, always available). */
  stock?: number | null
  /** A pre-ordered book's day (YYYY-MM-DD). */
  releaseDate?: string
}

/** A book of the catalogue as the sync reads it: its formats' prices (none: a book from before formats, print only) and its stock. */
export type CatalogBook = Omit<CartBook, 'format' | 'releaseDate'> & { formats?: BookFormatOffer[]; preorder?: boolean; publicationDate?: string }

/** A line is a book in a format: the same book in two formats is two lines. */
export type CartItem = {
  id: number
  format: BookFormat
  title: string
  price: number
  priceCents: number
  coverImage: string
  quantity: number
  /** A pre-ordered book's day (YYYY-MM-DD): it ships, or opens in the Library, then. */
  releaseDate?: string
}

export type CartState = {
  items: CartItem[]
  /**
   * Printed copies left of each book as the server last said (the catalogue,
   * or a refused payment); null: not counted, always available. Not stored:
   * the cart asks again each time it opens.
   */
  stock?: Record<number, number | null>
  /** Lines the cart lowered to the copies left, with the quantity the buyer had chosen (lineKey → quantity). Not stored. */
  lowered?: Record<string, number>
}

/** A line's book and format; no format is the printed book (the actions of before formats). */
export type LineRef = { id: number; format?: BookFormat }

export type CartAction =
  | { type: 'add'; book: CartBook; quantity?: number }
  | ({ type: 'increase' } & LineRef)
  | ({ type: 'decrease' } & LineRef)
  | ({ type: 'remove' } & LineRef)
  | { type: 'clear' }
  /** The catalogue as it is now: lines take its title, price and cover; lines of books or formats it no longer has go; quantities fit the stock. */
  | { type: 'sync'; books: CatalogBook[] }
  /** A payment was refused for want of copies: the book has `left` printed copies (0: sold out). */
  | { type: 'stockRefused'; bookId: number; left: number }

export const emptyCart: CartState = { items: [] }

/** The server refuses more than this many copies of one book in an order. */
export const MAX_QUANTITY = 99

/** A family gets a digital format once: its line holds one copy. */
export const maxQuantityOf = (format: BookFormat) => (isDigital(format) ? 1 : MAX_QUANTITY)

const clampQuantity = (n: number, format: BookFormat = 'print') => Math.min(maxQuantityOf(format), Math.max(1, Math.floor(n)))

const isLine = (ref: LineRef) => (i: CartItem) => i.id === ref.id && i.format === (ref.format ?? 'print')

/** The key of a line in a list (React's) and in messages. */
export const lineKey = (ref: LineRef) => `${ref.id}:${ref.format ?? 'print'}`

/** The printed copies left for a line: a number, null when not counted (and for digital formats), undefined when not known yet. */
export function copiesLeft(state: CartState, line: LineRef): number | null | undefined {
  if ((line.format ?? 'print') !== 'print') return null
  return state.stock?.[line.id]
}

/** The most a line may hold: the format's limit, and the copies left. */
export function maxQuantityFor(state: CartState, line: LineRef): number {
  const left = copiesLeft(state, line)
  const most = maxQuantityOf(line.format ?? 'print')
  return typeof left === 'number' ? Math.min(most, left) : most
}

/** No printed copy left: the line cannot be bought. */
export const isSoldOut = (state: CartState, line: LineRef) => copiesLeft(state, line) === 0

/** The buyer changed a line: the note that the cart lowered it goes. */
function withoutLowered(state: CartState, ref: LineRef): Pick<CartState, 'lowered'> {
  const key = lineKey(ref)
  if (!state.lowered || !(key in state.lowered)) return { lowered: state.lowered }
  const { [key]: _, ...rest } = state.lowered
  return { lowered: rest }
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const { book } = action
      const format = book.format ?? 'print'
      // What the page knows of the stock is newer than what the cart knew.
      const known = format === 'print' && book.stock !== undefined ? { ...state, stock: { ...state.stock, [book.id]: book.stock } } : state
      const most = maxQuantityFor(known, { id: book.id, format })
      const amount = Math.min(most, clampQuantity(action.quantity ?? 1, format))
      const same = isLine({ id: book.id, format })
      const existing = state.items.find(same)
      if (existing) {
        const quantity = Math.min(most, clampQuantity(existing.quantity + amount, format))
        // Already at the limit: nothing changes, and the same state says so.
        if (quantity <= existing.quantity) return state
        return { ...known, items: state.items.map((i) => (same(i) ? { ...i, quantity } : i)), ...withoutLowered(state, book) }
      }
      if (amount < 1) return state
      const item: CartItem = {
        id: book.id,
        format,
        title: book.title,
        price: book.price,
        priceCents: book.priceCents ?? toCents(book.price),
        coverImage: book.coverImage,
        quantity: amount,
        ...(book.releaseDate ? { releaseDate: book.releaseDate } : {}),
      }
      return { ...known, items: [...state.items, item] }
    }
    case 'increase': {
      const same = isLine(action)
      const most = maxQuantityFor(state, action)
      const items = state.items.map((i) => (same(i) ? { ...i, quantity: Math.min(most, clampQuantity(i.quantity + 1, i.format)) } : i))
      return { ...state, items, ...withoutLowered(state, action) }
    }
    case 'decrease': {
      // The minimum is 1: taking the last copy away is "remove", not "decrease".
      const same = isLine(action)
      return { ...state, items: state.items.map((i) => (same(i) ? { ...i, quantity: clampQuantity(i.quantity - 1, i.format) } : i)), ...withoutLowered(state, action) }
    }
    case 'remove': {
      const same = isLine(action)
      return { ...state, items: state.items.filter((i) => !same(i)), ...withoutLowered(state, action) }
    }
    case 'clear':
      return emptyCart
    case 'sync':
      return fitStock(syncWithCatalog(state, action.books), stockOf(action.books))
    case 'stockRefused':
      return fitStock(state, { [action.bookId]: action.left })
  }
}

/** The stock the catalogue gives for its books (a book from before stock was sent says nothing). */
function stockOf(books: CatalogBook[]): Record<number, number | null> {
  const stock: Record<number, number | null> = {}
  for (const b of books) if (b.stock !== undefined) stock[b.id] = b.stock
  return stock
}

/**
 * Takes the server's word on the copies left: a printed line holding more
 * is lowered to them (and noted, to say so beside it); a sold-out line stays,
 * marked, until the buyer removes it. Returns the same state when nothing changed.
 */
function fitStock(state: CartState, news: Record<number, number | null>): CartState {
  const stock = { ...state.stock, ...news }
  const lowered = { ...state.lowered }
  let changed = false
  const items = state.items.map((item) => {
    const left = item.format === 'print' ? stock[item.id] : null
    if (typeof left !== 'number' || left < 1 || item.quantity <= left) return item
    changed = true
    lowered[lineKey(item)] ??= item.quantity
    return { ...item, quantity: left }
  })
  const sameStock = Object.keys(news).every((id) => state.stock?.[Number(id)] === news[Number(id)])
  if (!changed && sameStock) return state
  return changed ? { ...state, items, stock, lowered } : { ...state, stock }
}

/**
 * The server prices an order from its own catalogue and refuses a cart that
 * disagrees, so a line must show what the catalogue says now, not what it said
 * when the book was added. Returns the same state when nothing changed.
 */
function syncWithCatalog(state: CartState, books: CatalogBook[]): CartState {
  const byId = new Map(books.map((b) => [b.id, b]))
  let changed = false
  const items: CartItem[] = []
  for (const item of state.items) {
    const book = byId.get(item.id)
    const priceCents = book && offersOf({ ...book, priceCents: book.priceCents ?? toCents(book.price) }).find((f) => f.format === item.format)?.priceCents
    if (!book || priceCents === undefined) {
      changed = true
      continue
    }
    const price = priceCents / 100
    const releaseDate = book.preorder ? book.publicationDate : undefined
    if (
      book.title === item.title &&
      priceCents === item.priceCents &&
      price === item.price &&
      book.coverImage === item.coverImage &&
      releaseDate === item.releaseDate
    ) {
      items.push(item)
      continue
    }
    changed = true
    const { releaseDate: _was, ...rest } = item
    items.push({ ...rest, title: book.title, price, priceCents, coverImage: book.coverImage, ...(releaseDate ? { releaseDate } : {}) })
  }
  return changed ? { ...state, items } : state
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
    (i.quantity as number) >= 1 &&
    (i.format === undefined || isBookFormat(i.format))
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
      // A cart saved before formats holds printed books.
      const format = isItem(v) ? (v.format ?? 'print') : 'print'
      if (!isItem(v) || items.some(isLine({ id: v.id, format }))) continue
      items.push({
        id: v.id,
        format,
        title: v.title,
        price: v.price,
        priceCents: toCents(v.price),
        coverImage: v.coverImage,
        quantity: clampQuantity(v.quantity, format),
        ...releaseDateOf(v),
      })
    }
    return { items }
  } catch {
    return emptyCart
  }
}

/** A stored line's pre-order day, when it has a well-formed one. */
function releaseDateOf(v: object): { releaseDate?: string } {
  const d = (v as { releaseDate?: unknown }).releaseDate
  return typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? { releaseDate: d } : {}
}

/** Stored as {items, total}, the spec's cart shape. */
export function serializeCart(state: CartState): string {
  return JSON.stringify({ items: state.items, total: cartTotalCents(state) / 100 })
}
