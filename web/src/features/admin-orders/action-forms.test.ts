import { describe, expect, it } from 'vitest'
import { cancelSchema, digitalRefundWarning, emptyFulfil, emptyRefund, fieldOf, fulfilSchema, lineName, noteSchema, refundBodyOf, refundSchema, refundsDigital, type RefundValues } from './action-forms'
import type { AdminLine } from './types'

const line = (bookId: number, quantity: number, refundedQuantity = 0): AdminLine => ({
  position: bookId, bookId, title: `Book ${bookId}`, quantity, refundedQuantity, unitPriceCents: 1499, lineTotalCents: 1499 * quantity,
})

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('ship form', () => {
  it('needs a carrier and a tracking number, with the server’s words', () => {
    expect(messages(fulfilSchema.safeParse({ ...emptyFulfil, carrier: '  ' }))).toEqual({
      carrier: 'Enter the carrier (e.g. USPS).',
      trackingNumber: 'Enter the tracking number.',
    })
  })

  it('takes an empty tracking link or a web address, nothing else', () => {
    const base = { carrier: 'USPS', trackingNumber: '9400 1000' }
    expect(fulfilSchema.safeParse({ ...base, trackingUrl: '' }).success).toBe(true)
    expect(fulfilSchema.safeParse({ ...base, trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400' }).success).toBe(true)
    for (const bad of ['javascript:alert(1)', 'tools.usps.com/track', 'https://localhost/x', 'https://a.com/"x"']) {
      expect(messages(fulfilSchema.safeParse({ ...base, trackingUrl: bad }))).toEqual({ trackingUrl: 'A web address starting with https:// (or leave it empty).' })
    }
  })

  it('refuses more than 60 characters of carrier', () => {
    expect(messages(fulfilSchema.safeParse({ carrier: 'x'.repeat(61), trackingNumber: '1', trackingUrl: '' }))).toEqual({ carrier: 'At most 60 characters.' })
  })
})

describe('cancel and note forms', () => {
  it('need a reason and a note, within their lengths', () => {
    expect(messages(cancelSchema.safeParse({ reason: ' ' }))).toEqual({ reason: 'Say why (the buyer sees it in the e-mail).' })
    expect(messages(cancelSchema.safeParse({ reason: 'x'.repeat(501) }))).toEqual({ reason: 'At most 500 characters.' })
    expect(messages(noteSchema.safeParse({ text: '' }))).toEqual({ text: 'Write the note first.' })
    expect(messages(noteSchema.safeParse({ text: 'x'.repeat(2001) }))).toEqual({ text: 'At most 2,000 characters.' })
    expect(noteSchema.safeParse({ text: 'Buyer called' }).success).toBe(true)
  })
})

describe('refund form', () => {
  const items = [line(1, 2), line(3, 1, 1)]
  const values = (change: Partial<RefundValues>): RefundValues => ({ ...emptyRefund(items), reason: 'Torn page', ...change })

  it('starts with an amount and the lines that have copies left', () => {
    expect(emptyRefund(items)).toEqual({ mode: 'amount', amount: '', lines: [{ bookId: 1, quantity: '0' }], reason: '' })
  })

  it('takes dollars up to what is left, and says how much that is', () => {
    const schema = refundSchema(3298)
    expect(schema.safeParse(values({ amount: '10' })).success).toBe(true)
    expect(schema.safeParse(values({ amount: '$32.98' })).success).toBe(true)
    expect(messages(schema.safeParse(values({ amount: '40' })))).toEqual({ amount: 'At most $32.98 is left to refund.' })
    expect(messages(schema.safeParse(values({ amount: 'ten' })))).toEqual({ amount: 'Enter the amount in dollars, e.g. 10.00.' })
    expect(messages(schema.safeParse(values({ amount: '0.00', reason: '' })))).toEqual({
      amount: 'Enter the amount in dollars, e.g. 10.00.',
      reason: 'Say why (the buyer sees it in the e-mail).',
    })
  })

  it('by books, needs at least one copy and ignores the amount', () => {
    const schema = refundSchema(3298)
    expect(messages(schema.safeParse(values({ mode: 'lines', amount: 'nonsense' })))).toEqual({ lines: 'Choose at least one copy to refund.' })
    const chosen = values({ mode: 'lines', lines: [{ bookId: 1, quantity: '2' }] })
    expect(schema.safeParse(chosen).success).toBe(true)
    expect(refundBodyOf(chosen)).toEqual({ lines: [{ bookId: 1, quantity: 2 }], reason: 'Torn page' })
  })

  it('names the format of each line, so a book bought in print and as an e-book refunds the right one', () => {
    const both = [{ ...line(2, 1), format: 'print' as const }, { ...line(2, 1), format: 'ebook' as const, digital: true }]
    const start = emptyRefund(both)
    const chosen = { ...start, mode: 'lines' as const, reason: 'Wrong file', lines: [{ ...start.lines[0], quantity: '0' }, { ...start.lines[1], quantity: '1' }] }
    expect(refundBodyOf(chosen)).toEqual({ lines: [{ bookId: 2, format: 'ebook', quantity: 1 }], reason: 'Wrong file' })
  })

  it('sends an amount in cents with the reason trimmed', () => {
    expect(refundBodyOf(values({ amount: '10.5', reason: '  Late  ' }))).toEqual({ amountCents: 1050, reason: 'Late' })
  })

  it('puts the server’s fields on the form’s', () => {
    const names = ['amount', 'lines', 'reason']
    expect(fieldOf('amountCents', names)).toBe('amount')
    expect(fieldOf('lines.1', names)).toBe('lines')
    expect(fieldOf('reason', names)).toBe('reason')
    expect(fieldOf('version', names)).toBeNull()
    expect(fieldOf('amountCents', ['reason'])).toBeNull()
  })
})

describe('refunding a digital purchase', () => {
  const print = { ...line(3, 1), format: 'print' as const }
  const ebook = { ...line(3, 1), position: 2, format: 'ebook' as const, digital: true, unitPriceCents: 499, lineTotalCents: 499 }

  it('names each line with its format', () => {
    expect(lineName(ebook)).toBe('Book 3 · E-book')
    expect(lineName(line(4, 1))).toBe('Book 4 · Print')
  })

  it('is one when a digital line is chosen, or an amount on an order that ships nothing', () => {
    const values = (mode: 'amount' | 'lines', quantities: string[]) => ({ mode, lines: quantities.map((quantity, i) => ({ bookId: 3, quantity, position: i })) })
    expect(refundsDigital(values('lines', ['0', '1']), [print, ebook])).toBe(true)
    expect(refundsDigital(values('lines', ['1', '0']), [print, ebook])).toBe(false)
    expect(refundsDigital(values('amount', ['0', '0']), [print, ebook])).toBe(false)
    expect(refundsDigital(values('amount', ['0']), [ebook])).toBe(true)
    expect(digitalRefundWarning).toBe("Digital purchases are non-refundable under the shop's policy. Refund anyway?")
  })
})
