import { describe, expect, it } from 'vitest'
import { centsToDecimal, formatCents, formatDollars, orderTotals, taxCents, toCents } from './money'

describe('money', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1499, '$14.99'],
    [2000, '$20.00'],
    [123456, '$1,234.56'],
    [-250, '-$2.50'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text)
  })

  it('converts float dollars to exact cents', () => {
    expect(toCents(14.99)).toBe(1499)
    expect(toCents(15.49)).toBe(1549)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(formatDollars(12.99)).toBe('$12.99')
    expect(centsToDecimal(3297)).toBe('32.97')
    expect(centsToDecimal(100)).toBe('1.00')
  })

  it.each([
    [0, 0],
    [1499, 150], // 149.9 rounds up
    [1495, 150], // 149.5 rounds half-up
    [1494, 149],
    [2998, 300],
    [1299, 130],
  ])('tax on %i cents is %i cents', (subtotal, tax) => {
    expect(taxCents(subtotal)).toBe(tax)
  })

  it('totals a cart: subtotal, 10 % tax, free shipping', () => {
    expect(orderTotals([{ priceCents: 1499, quantity: 2 }, { priceCents: 1299, quantity: 1 }])).toEqual({
      subtotalCents: 4297,
      taxCents: 430,
      shippingCents: 0,
      totalCents: 4727,
    })
  })
})
