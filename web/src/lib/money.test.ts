import { describe, expect, it } from 'vitest'
import { allocate, centsToDecimal, formatCents, formatDollars, orderTotals, taxCents, taxLabel, toCents } from './money'

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

  // The server's table (internal/orders/tax_test.go): the browser shows what the server charges.
  it.each([
    ['the US at 10 %, as before', { print: 10, digital: 10 }, ['p2998', 'p1999'], 0, 500, '10%'],
    ['the US, a discount taken before tax', { print: 10, digital: 10 }, ['p2998', 'p1999'], 999, 400, '10%'],
    ['Illinois at 6.25 %', { print: 6.25, digital: 6.25 }, ['p2998'], 0, 187, '6.25%'],
    ['the UK: print at 0 %', { print: 0, digital: 20 }, ['p2998', 'p1999'], 0, 0, '0%'],
    ['the UK: an e-book at 20 %', { print: 0, digital: 20 }, ['d499'], 0, 100, '20%'],
    ['the UK: a mixed cart taxes only its e-book', { print: 0, digital: 20 }, ['p2998', 'd499'], 0, 100, '0% print, 20% digital'],
    ['the UK: the discount shared by the classes', { print: 0, digital: 20 }, ['p2998', 'd499'], 700, 80, '0% print, 20% digital'],
    ['the EU: print 5.5 %, digital 20 %', { print: 5.5, digital: 20 }, ['p1999', 'd699'], 0, 250, '5.5% print, 20% digital'],
    ['Canada: Ontario at 13 %', { print: 13, digital: 13 }, ['p1999', 'd699'], 0, 351, '13%'],
  ] as const)('taxes by class: %s', (_, rates, codes, discount, tax, label) => {
    const lines = codes.map((c) => ({ priceCents: Number(c.slice(1)), quantity: 1, format: c[0] === 'p' ? 'print' : 'ebook' }))
    expect(orderTotals(lines, { tax: rates, discountCents: discount }).taxCents).toBe(tax)
    expect(taxLabel(lines, rates)).toBe(label)
  })

  it('shares by largest remainder, the first taking a tie', () => {
    expect(allocate(700, [2998, 499])).toEqual([600, 100])
    expect(allocate(1, [1, 1])).toEqual([1, 0])
    expect(allocate(0, [1, 2])).toEqual([0, 0])
  })
})
