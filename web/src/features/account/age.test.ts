import { describe, expect, it } from 'vitest'
import { ageText, birthMonthText, earliestBirthMonth, thisMonth, todayISO } from './age'

describe('ageText', () => {
  const today = new Date(2026, 10, 23) // 23 November 2026
  it.each([
    ['2021-08', '5 years, 3 months'],
    ['2021-11', '5 years'],
    ['2021-12', '4 years, 11 months'],
    ['2025-11', '1 year'],
    ['2025-10', '1 year, 1 month'],
    ['2026-07', '4 months'],
    ['2026-11', '0 months'],
  ])('born %s is %s', (month, want) => {
    expect(ageText(month, today)).toBe(want)
  })
  it('knows this month', () => {
    expect(thisMonth(today)).toBe('2026-11')
  })
  it('names the month', () => {
    expect(birthMonthText('2021-03')).toBe('March 2021')
  })
})

// The form counts in the reader's time zone, whatever UTC says; the server
// accepts the months of every zone, so the two agree at a month's boundary.
describe('the limits of a birth month, in the reader\'s time zone', () => {
  it.each([
    [new Date(2026, 10, 30, 23, 59), '2026-11', '2008-11', '2026-11-30'],
    [new Date(2026, 11, 1, 0, 1), '2026-12', '2008-12', '2026-12-01'],
  ])('at %s: latest %s, earliest %s, today %s', (now, latest, earliest, today) => {
    expect(thisMonth(now)).toBe(latest)
    expect(earliestBirthMonth(now)).toBe(earliest)
    expect(todayISO(now)).toBe(today)
  })
})
