import { describe, expect, it } from 'vitest'
import { parseDollars } from './amount'

describe('parseDollars', () => {
  it('reads what staff type as cents', () => {
    expect(parseDollars('10')).toBe(1000)
    expect(parseDollars(' $10.5 ')).toBe(1050)
    expect(parseDollars('0.07')).toBe(7)
    expect(parseDollars('54.97')).toBe(5497)
  })
  it('refuses anything else', () => {
    for (const bad of ['', '-1', '1.234', '1,000', 'ten', '1e3', '.5']) expect(parseDollars(bad)).toBeNull()
  })
})
