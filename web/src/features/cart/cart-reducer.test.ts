import { describe, expect, it } from 'vitest'
import { MAX_QUANTITY, cartReducer, cartTotalCents, emptyCart, itemCount, parseStoredCart, serializeCart, type CartBook, type CartState } from './cart-reducer'

const siso: CartBook = { id: 1, title: 'Siso', price: 14.99, coverImage: '/covers/book-1.svg' }
const nainni: CartBook = { id: 2, title: 'Nainni', price: 12.99, coverImage: '/covers/book-2.svg' }

const run = (...actions: Parameters<typeof cartReducer>[1][]) => actions.reduce(cartReducer, emptyCart)

describe('cartReducer', () => {
  it('appends a new book with quantity 1 and its price in cents', () => {
    const s = run({ type: 'add', book: siso })
    expect(s.items).toEqual([{ id: 1, title: 'Siso', price: 14.99, priceCents: 1499, coverImage: '/covers/book-1.svg', quantity: 1 }])
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
      { id: 1, title: 'Siso (2nd edition)', price: 16.5, priceCents: 1650, coverImage: '/covers/book-1b.svg', quantity: 2 },
      { id: 2, title: 'Nainni', price: 12.99, priceCents: 1299, coverImage: '/covers/book-2.svg', quantity: 1 },
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
