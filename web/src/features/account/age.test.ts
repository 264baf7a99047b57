import { describe, expect, it } from 'vitest'
import { ageText, todayISO } from './age'

describe('ageText', () => {
  const today = new Date(2026, 10, 23) // 23 November 2026
  it.each([
    ['2021-08-10', '5 years, 3 months'],
    ['2021-11-23', '5 years'],
    ['2021-11-24', '4 years, 11 months'],
    ['2025-11-23', '1 year'],
    ['2025-10-01', '1 year, 1 month'],
    ['2026-07-01', '4 months'],
    ['2026-11-23', '0 months'],
    ['2026-11-01', '0 months'],
  ])('born %s is %s', (dob, want) => {
    expect(ageText(dob, today)).toBe(want)
  })
  it('knows today', () => {
    expect(todayISO(today)).toBe('2026-11-23')
  })
})
