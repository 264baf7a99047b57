import { describe, expect, it } from 'vitest'
import { offersOf, priceLabel, priceOf, shipsAnything } from './formats'

const adventure = {
  priceCents: 1999,
  formats: [
    { format: 'ebook' as const, priceCents: 499 },
    { format: 'print' as const, priceCents: 1999, inStock: true },
    { format: 'interactive' as const, priceCents: 699 },
  ],
}

describe('formats', () => {
  it("lists a book's formats in the shop's order", () => {
    expect(offersOf(adventure).map((f) => f.format)).toEqual(['print', 'interactive', 'ebook'])
  })

  it('reads a book from before formats as its printed book', () => {
    expect(offersOf({ priceCents: 1499, inStock: false })).toEqual([{ format: 'print', priceCents: 1499, inStock: false }])
    expect(priceOf({ priceCents: 1499 }, 'ebook')).toBeUndefined()
  })

  it('shows the lowest price "from" when there are several formats', () => {
    expect(priceLabel(adventure)).toBe('from $4.99')
    expect(priceLabel({ priceCents: 1499 })).toBe('$14.99')
    expect(priceOf(adventure, 'interactive')).toBe(699)
  })

  it('ships only when a line is printed', () => {
    expect(shipsAnything([{ format: 'interactive' }, { format: 'ebook' }])).toBe(false)
    expect(shipsAnything([{ format: 'interactive' }, {}])).toBe(true)
  })
})
