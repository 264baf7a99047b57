import { describe, expect, it } from 'vitest'
import { datesText, discountFieldsOf, discountSchema, discountValuesOf, emptyDiscount, statusOf } from './discount-form'
import type { Discount } from './types'

const stored: Discount = {
  id: 1, code: 'SPRING20', percentOff: null, amountOffCents: 500, minSubtotalCents: 2500, startsAt: '2026-12-01T06:00:00Z', endsAt: '2027-01-01T06:00:00Z',
  firstDay: '2026-12-01', lastDay: '2026-12-31', usageLimit: 100, usedCount: 3, oncePerCustomer: true, active: true, version: 2, createdAt: '', updatedAt: '',
}

describe('discount form', () => {
  it('reads a code as days and dollars, and sends it back the same', () => {
    const values = discountValuesOf(stored)
    expect(values).toMatchObject({ kind: 'amount', value: '5.00', minimum: '25.00', firstDay: '2026-12-01', lastDay: '2026-12-31', usageLimit: '100' })
    expect(discountFieldsOf(values)).toEqual({
      code: 'SPRING20', percentOff: null, amountOffCents: 500, minSubtotalCents: 2500, firstDay: '2026-12-01', lastDay: '2026-12-31',
      usageLimit: 100, oncePerCustomer: true, active: true,
    })
  })

  it('refuses a percentage over 100 and a last day before the first', () => {
    const result = discountSchema.safeParse({ ...emptyDiscount, code: 'ok1', value: '120', firstDay: '2026-12-02', lastDay: '2026-12-01' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['value', 'lastDay'])
  })

  it('says a code ending 31 Jan runs until Jan 31, not Feb 1 (issue 38, item 10)', () => {
    expect(datesText({ firstDay: '2027-01-01', lastDay: '2027-01-31' })).toBe('From Jan 1, 2027, until Jan 31, 2027')
    expect(datesText({ firstDay: null, lastDay: null })).toBe('From now, no end')
  })

  it('tells where a code stands', () => {
    expect(statusOf(stored, new Date('2026-11-30T12:00:00Z'))).toBe('Scheduled')
    expect(statusOf(stored, new Date('2027-01-01T05:59:00Z'))).toBe('Active') // 11:59 pm on Dec 31 in Chicago
    expect(statusOf(stored, new Date('2027-01-01T06:00:00Z'))).toBe('Expired')
    expect(statusOf({ ...stored, usedCount: 100 }, new Date('2026-12-05T00:00:00Z'))).toBe('Used up')
    expect(statusOf({ ...stored, active: false }, new Date('2026-12-05T00:00:00Z'))).toBe('Off')
  })
})
