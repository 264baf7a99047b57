import { describe, expect, it } from 'vitest'
import { centsToDollars, dollarsToCents } from './price'

describe('dollarsToCents', () => {
  it.each([
    ['12.99', 1299],
    ['$12.99', 1299],
    [' 12 ', 1200],
    ['12.5', 1250],
    ['0.29', 29],
    ['.5', 50],
    ['1,250.00', 125000],
    ['0', 0],
    ['12.', 1200],
  ])('reads %j as %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents)
  })

  it.each(['', '  ', 'abc', '12.999', '-3', '12,5', '1,25.00', '.', '$', '1e3'])('refuses %j', (text) => {
    expect(dollarsToCents(text)).toBeNull()
  })
})

describe('centsToDollars', () => {
  it.each([
    [1299, '12.99'],
    [1250, '12.50'],
    [5, '0.05'],
    [100000, '1000.00'],
  ])('shows %i cents as %j', (cents, text) => {
    expect(centsToDollars(cents)).toBe(text)
  })

  it('round-trips every cent amount up to the cap', () => {
    for (let cents = 1; cents <= 100_000; cents += 37) expect(dollarsToCents(centsToDollars(cents))).toBe(cents)
  })
})
