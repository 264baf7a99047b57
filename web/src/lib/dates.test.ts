import { describe, expect, it } from 'vitest'
import { formatLongDate } from './dates'

describe('formatLongDate', () => {
  it('writes the date out in English, as Intl en-US long does', () => {
    for (const ymd of ['2025-09-12', '2010-01-01', '2024-12-31', '2025-11-20']) {
      const [y, m, d] = ymd.split('-').map(Number)
      const intl = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
      expect(formatLongDate(ymd)).toBe(intl)
    }
  })
  it('gives back what is no date', () => {
    expect(formatLongDate('soon')).toBe('soon')
    expect(formatLongDate('2025-13-01')).toBe('2025-13-01')
  })
})
