import { describe, expect, it } from 'vitest'
import { MAX_QUANTITY, cartReducer, copiesLeft, isSoldOut, maxQuantityFor, maxQuantityOf, cartTotalCents, emptyCart, itemCount, parseStoredCart, serializeCart, type CartBook, type CartState } from './cart-reducer'

const siso: CartBook = { id: 1, title: 'Siso', price: 14.99, coverImage: '/covers/book-1.svg' }
const nainni: CartBook = { id: 2, title: 'Nainni', price: 12.99, coverImage: '/covers/book-2.svg' }

const run = (...actions: Parameters<typeof cartReducer>[1][]) => actions.reduce(cartReducer, emptyCart)

describe('cartReducer', () => {
  it('appends a new book with quantity 1 and its price in cents', () => {
    const s = run({ type: 'add', book: siso })
    expect(s.items).toEqual([{ id: 1, format: 'print', title: 'Siso', price: 14.99, priceCents: 1499, coverImage: '/covers/book-1.svg', quantity: 1 }])
  })

  it('adds up the quantity of a book already in the cart', () => {
    const s = run({ type: 'add', book: siso }, { type: 'add', book: nainni }, { type: 'add', book: siso, quantity: 2 })
    expect(s.items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 3],
      [2, 1],
    ])
    expect(itemCount(s)).toBe(4)
    expect(cartTotalCents(s)).toBe(3 * 1499 + 1299)
  })

  it('increases and decreases, never below 1', () => {
    let s = run({ type: 'add', book: siso }, { type: 'increase', id: 1 }, { type: 'increase', id: 1 })
    expect(s.items[0].quantity).toBe(3)
    s = [1, 2, 3].reduce<CartState>((st) => cartReducer(st, { type: 'decrease', id: 1 }), s)
    expect(s.items[0].quantity).toBe(1)
  })

  it('removes one line and clears all', () => {
    const s = run({ type: 'add', book: siso }, { type: 'add', book: nainni }, { type: 'remove', id: 1 })
    expect(s.items.map((i) => i.id)).toEqual([2])
    expect(cartReducer(s, { type: 'clear' })).toEqual(emptyCart)
    expect(cartTotalCents(emptyCart)).toBe(0)
    expect(itemCount(emptyCart)).toBe(0)
  })

  it('ignores actions on books not in the cart', () => {
    const s = run({ type: 'add', book: siso })
    expect(cartReducer(s, { type: 'increase', id: 9 })).toEqual(s)
    expect(cartReducer(s, { type: 'remove', id: 9 })).toEqual(s)
  })
})

describe('adding at the limit', () => {
  it('returns the same state when the quantity is already at the maximum', () => {
    const full = run({ type: 'add', book: siso, quantity: MAX_QUANTITY })
    expect(full.items[0].quantity).toBe(MAX_QUANTITY)
    expect(cartReducer(full, { type: 'add', book: siso })).toBe(full)
  })

  it('fills up to the maximum when some room is left', () => {
    const s = run({ type: 'add', book: siso, quantity: MAX_QUANTITY - 1 }, { type: 'add', book: siso, quantity: 5 })
    expect(s.items[0].quantity).toBe(MAX_QUANTITY)
  })
})

describe('sync with the catalogue', () => {
  it('takes the current title, price and cover by id and keeps the quantity', () => {
    const s = run({ type: 'add', book: siso, quantity: 2 }, { type: 'add', book: nainni })
    const synced = cartReducer(s, {
      type: 'sync',
      books: [
        { id: 2, title: 'Nainni', price: 12.99, coverImage: '/covers/book-2.svg' },
        { id: 1, title: 'Siso (2nd edition)', price: 16.5, priceCents: 1650, coverImage: '/covers/book-1b.svg' },
        { id: 7, title: 'Not in the cart', price: 1, coverImage: '/c.svg' },
      ],
    })
    expect(synced.items).toEqual([
      { id: 1, format: 'print', title: 'Siso (2nd edition)', price: 16.5, priceCents: 1650, coverImage: '/covers/book-1b.svg', quantity: 2 },
      { id: 2, format: 'print', title: 'Nainni', price: 12.99, priceCents: 1299, coverImage: '/covers/book-2.svg', quantity: 1 },
    ])
    expect(cartTotalCents(synced)).toBe(2 * 1650 + 1299)
  })

  it('drops lines whose book is no longer in the catalogue', () => {
    const s = run({ type: 'add', book: siso }, { type: 'add', book: nainni })
    expect(cartReducer(s, { type: 'sync', books: [nainni] }).items.map((i) => i.id)).toEqual([2])
    expect(cartReducer(s, { type: 'sync', books: [] })).toEqual(emptyCart)
  })

  it('returns the same state when the cart already matches', () => {
    const s = run({ type: 'add', book: siso }, { type: 'add', book: nainni })
    expect(cartReducer(s, { type: 'sync', books: [nainni, { ...siso, priceCents: 1499 }] })).toBe(s)
  })
})

describe('the stock (issue 38 §2)', () => {
  const withStock = (stock: number | null) => ({ ...siso, priceCents: 1499, stock })

  it('lowers a line to the copies left when the cart opens, and notes what the buyer chose', () => {
    const s = run({ type: 'add', book: siso, quantity: 31 }, { type: 'add', book: nainni })
    const synced = cartReducer(s, { type: 'sync', books: [withStock(1), { ...nainni, stock: null }] })
    expect(synced.items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 1],
      [2, 1],
    ])
    expect(synced.lowered).toEqual({ '1:print': 31 })
    expect(copiesLeft(synced, { id: 1 })).toBe(1)
    expect(copiesLeft(synced, { id: 2 })).toBeNull()
    expect(maxQuantityFor(synced, { id: 1 })).toBe(1)
    expect(maxQuantityFor(synced, { id: 2 })).toBe(MAX_QUANTITY)
    // The same answer again changes nothing.
    expect(cartReducer(synced, { type: 'sync', books: [withStock(1), { ...nainni, stock: null }] })).toBe(synced)
  })

  it('keeps a sold-out line, marked, and its quantity', () => {
    const s = run({ type: 'add', book: siso, quantity: 3 })
    const synced = cartReducer(s, { type: 'sync', books: [withStock(0)] })
    expect(synced.items[0].quantity).toBe(3)
    expect(isSoldOut(synced, { id: 1 })).toBe(true)
    // Back in stock: the mark goes.
    expect(isSoldOut(cartReducer(synced, { type: 'sync', books: [withStock(4)] }), { id: 1 })).toBe(false)
  })

  it('never counts the stock of a digital format', () => {
    const s = run({ type: 'add', book: { ...siso, format: 'ebook' } })
    const synced = cartReducer(s, { type: 'sync', books: [{ ...withStock(0), formats: [{ format: 'print', priceCents: 1499 }, { format: 'ebook', priceCents: 699 }] }] })
    expect(isSoldOut(synced, { id: 1, format: 'ebook' })).toBe(false)
    expect(synced.items[0].quantity).toBe(1)
  })

  it('stops at the copies left when adding or increasing', () => {
    let s = run({ type: 'add', book: withStock(2), quantity: 5 })
    expect(s.items[0].quantity).toBe(2)
    expect(cartReducer(s, { type: 'add', book: withStock(2) })).toBe(s)
    s = cartReducer(s, { type: 'decrease', id: 1 })
    s = cartReducer(cartReducer(s, { type: 'increase', id: 1 }), { type: 'increase', id: 1 })
    expect(s.items[0].quantity).toBe(2)
    expect(cartReducer(emptyCart, { type: 'add', book: withStock(0) })).toBe(emptyCart)
  })

  it('takes the copies left of a refused payment', () => {
    const s = run({ type: 'add', book: siso, quantity: 4 })
    const refused = cartReducer(s, { type: 'stockRefused', bookId: 1, left: 2 })
    expect(refused.items[0].quantity).toBe(2)
    expect(refused.lowered).toEqual({ '1:print': 4 })
    // The buyer changes the line: the note goes.
    expect(cartReducer(refused, { type: 'decrease', id: 1 }).lowered).toEqual({})
    expect(isSoldOut(cartReducer(s, { type: 'stockRefused', bookId: 1, left: 0 }), { id: 1 })).toBe(true)
  })

  it('does not store the stock: the cart asks again when it opens', () => {
    const synced = cartReducer(run({ type: 'add', book: siso, quantity: 3 }), { type: 'sync', books: [withStock(1)] })
    expect(parseStoredCart(serializeCart(synced))).toEqual({ items: synced.items })
  })
})

describe('stored cart', () => {
  it('round-trips', () => {
    const s = run({ type: 'add', book: siso, quantity: 2 }, { type: 'add', book: nainni })
    const raw = serializeCart(s)
    expect(JSON.parse(raw).total).toBeCloseTo(42.97)
    expect(parseStoredCart(raw)).toEqual(s)
  })

  it.each([null, '', 'not json', '42', '{"items": "nope"}', '[{"id": "x"}]', '{"items":[{"id":1,"title":"A","price":-1,"coverImage":"","quantity":1}]}'])(
    'tolerates corrupt storage %j',
    (raw) => {
      expect(parseStoredCart(raw)).toEqual(emptyCart)
    },
  )

  it('keeps the good lines of a partly corrupt cart', () => {
    const raw = JSON.stringify([{ id: 1, title: 'Siso', price: 14.99, coverImage: '/c.svg', quantity: 2 }, { id: 2 }, null])
    expect(parseStoredCart(raw).items.map((i) => [i.id, i.quantity, i.priceCents])).toEqual([[1, 2, 1499]])
  })
})

describe('formats', () => {
  const adventure = { id: 3, title: 'Our First Adventure', coverImage: '/covers/book-3.svg' }
  const print: CartBook = { ...adventure, price: 19.99, priceCents: 1999, format: 'print' }
  const interactive: CartBook = { ...adventure, price: 6.99, priceCents: 699, format: 'interactive' }
  const formats = [
    { format: 'print' as const, priceCents: 1999, inStock: true },
    { format: 'interactive' as const, priceCents: 699 },
  ]

  it('keeps the same book in two formats as two lines', () => {
    const s = run({ type: 'add', book: print }, { type: 'add', book: interactive })
    expect(s.items.map((i) => [i.id, i.format, i.priceCents])).toEqual([
      [3, 'print', 1999],
      [3, 'interactive', 699],
    ])
    expect(cartTotalCents(s)).toBe(1999 + 699)
  })

  it('holds one copy of a digital format, however often it is added or increased', () => {
    const s = run({ type: 'add', book: interactive, quantity: 3 }, { type: 'increase', id: 3, format: 'interactive' })
    expect(s.items).toHaveLength(1)
    expect(s.items[0].quantity).toBe(1)
    expect(cartReducer(s, { type: 'add', book: interactive })).toBe(s)
    expect(maxQuantityOf('interactive')).toBe(1)
    expect(maxQuantityOf('print')).toBe(MAX_QUANTITY)
  })

  it('changes and removes only the line of its format', () => {
    let s = run({ type: 'add', book: print }, { type: 'add', book: interactive }, { type: 'increase', id: 3 })
    expect(s.items.map((i) => i.quantity)).toEqual([2, 1])
    s = cartReducer(s, { type: 'remove', id: 3, format: 'interactive' })
    expect(s.items.map((i) => i.format)).toEqual(['print'])
  })

  it("takes each format's current price and drops a format no longer sold", () => {
    const s = run({ type: 'add', book: print }, { type: 'add', book: interactive }, { type: 'add', book: { ...adventure, price: 4.99, format: 'ebook' } })
    const synced = cartReducer(s, { type: 'sync', books: [{ ...adventure, price: 19.99, priceCents: 1999, formats: [formats[0], { format: 'interactive', priceCents: 599 }] }] })
    expect(synced.items.map((i) => [i.format, i.priceCents, i.price])).toEqual([
      ['print', 1999, 19.99],
      ['interactive', 599, 5.99],
    ])
  })

  it('loads a cart saved before formats as printed books, and keeps the formats it saved', () => {
    const old = JSON.stringify({ items: [{ id: 3, title: 'Our First Adventure', price: 19.99, coverImage: '/c.svg', quantity: 2 }] })
    expect(parseStoredCart(old).items).toEqual([{ id: 3, format: 'print', title: 'Our First Adventure', price: 19.99, priceCents: 1999, coverImage: '/c.svg', quantity: 2 }])
    const s = run({ type: 'add', book: print }, { type: 'add', book: interactive })
    expect(parseStoredCart(serializeCart(s))).toEqual(s)
    const odd = JSON.stringify([{ ...interactive, quantity: 4 }, { ...interactive, format: 'vinyl', quantity: 1 }])
    expect(parseStoredCart(odd).items.map((i) => [i.format, i.quantity])).toEqual([['interactive', 1]])
  })
})
