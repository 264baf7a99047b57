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
      discountCents: 0,
      taxCents: 430,
      shippingCents: 0,
      totalCents: 4727,
    })
  })

  // The server's sums (internal/orders priceOrder, checked by the Go tests with the same figures).
  const cart = [{ priceCents: 1499, quantity: 2 }, { priceCents: 1999, quantity: 1 }] // 49.97

  it('takes the discount off before the tax and the free-over threshold', () => {
    expect(orderTotals(cart, { discountCents: 999 })).toEqual({ subtotalCents: 4997, discountCents: 999, taxCents: 400, shippingCents: 0, totalCents: 4398 })
    // 49.97 - 15.00 = 34.97: under a $35 threshold, so standard costs 4.99 again.
    expect(orderTotals(cart, { discountCents: 1500, shipping: { priceCents: 499, freeOverCents: 3500 } }).shippingCents).toBe(499)
    expect(orderTotals(cart, { shipping: { priceCents: 499, freeOverCents: 3500 } }).shippingCents).toBe(0)
  })

  it('adds the method of the buyer’s country', () => {
    expect(orderTotals(cart, { shipping: { priceCents: 1299, freeOverCents: null } }).totalCents).toBe(6796) // a UK order
    expect(orderTotals(cart, { shipping: { priceCents: 1499, freeOverCents: null } }).totalCents).toBe(6996) // US express
  })

  it('never discounts more than the subtotal, and taxes at the settings’ rate', () => {
    expect(orderTotals(cart, { discountCents: 90_000 })).toMatchObject({ discountCents: 4997, taxCents: 0, totalCents: 0 })
    expect(orderTotals([{ priceCents: 1499, quantity: 1 }], { taxRatePercent: 8.25 }).taxCents).toBe(124)
  })
})
