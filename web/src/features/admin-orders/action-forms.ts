import { formFieldOf, type ServerFieldNames } from '@/components/ui/form'
import { bookFormats, formatNames, type BookFormat } from '@/lib/formats'
import { dollarsToCents, formatCents } from '@/lib/money'
import { z } from '@/lib/zod'
import type { ActionRequest } from './api/orders'
import type { AdminLine } from './types'

// The order desk's forms: shipping, cancelling, refunding and the internal
// note. Their rules and messages are the server's (internal/orders), checked
// here first so that a staff member is told before a round trip; the server
// checks again and its field messages land on the same fields (serverNames).

const webAddress = /^https?:\/\/[^\s"'<>/]*\.[^\s"'<>/]*(\/[^\s"'<>]*)?$/

export const fulfilSchema = z.object({
  carrier: z.string().trim().min(1, 'Enter the carrier (e.g. USPS).').max(60, 'At most 60 characters.'),
  trackingNumber: z.string().trim().min(1, 'Enter the tracking number.').max(60, 'At most 60 characters.'),
  trackingUrl: z
    .string()
    .trim()
    .refine((t) => t === '' || (t.length <= 500 && webAddress.test(t)), 'A web address starting with https:// (or leave it empty).'),
})
export type FulfilValues = z.input<typeof fulfilSchema>
export const emptyFulfil: FulfilValues = { carrier: '', trackingNumber: '', trackingUrl: '' }

const reason = z.string().trim().min(1, 'Say why (the buyer sees it in the e-mail).').max(500, 'At most 500 characters.')

export const cancelSchema = z.object({ reason })
export type CancelValues = z.input<typeof cancelSchema>

export const noteSchema = z.object({ text: z.string().trim().min(1, 'Write the note first.').max(2000, 'At most 2,000 characters.') })
export type NoteValues = z.input<typeof noteSchema>

/** A refund: an amount in dollars, or copies of the books not refunded yet (quantity per line, '0' for none). */
export type RefundValues = { mode: 'amount' | 'lines'; amount: string; lines: { bookId: number; format?: BookFormat; quantity: string }[]; reason: string }

/** The lines that still have copies to refund. */
export function refundableLines(items: AdminLine[]): AdminLine[] {
  return items.filter((l) => l.quantity > l.refundedQuantity)
}

/** "Our First Adventure · E-book": a line is a book in a format (print on orders from before formats). */
export function lineName(l: Pick<AdminLine, 'title' | 'format'>): string {
  return `${l.title} · ${formatNames[l.format ?? 'print']}`
}

/** The policy the desk repeats before a refund takes a family's digital book away. */
export const digitalRefundWarning = "Digital purchases are non-refundable under the shop's policy. Refund anyway?"

/**
 * Whether a refund of these values is one of a digital purchase: copies of a
 * digital line chosen, or an amount on an order that ships nothing.
 */
export function refundsDigital(v: Pick<RefundValues, 'mode' | 'lines'>, items: AdminLine[]): boolean {
  const left = refundableLines(items)
  if (v.mode === 'lines') return v.lines.some((l, i) => Number(l.quantity) > 0 && left[i]?.digital === true)
  return items.length > 0 && items.every((l) => l.digital === true)
}

export function emptyRefund(items: AdminLine[]): RefundValues {
  return { mode: 'amount', amount: '', lines: refundableLines(items).map((l) => ({ bookId: l.bookId, format: l.format, quantity: '0' })), reason: '' }
}

/** The refund's rules, with what is left to refund on the order. */
export function refundSchema(refundableCents: number) {
  return z
    .object({
      mode: z.enum(['amount', 'lines']),
      amount: z.string(),
      lines: z.array(z.object({ bookId: z.number(), format: z.enum(bookFormats).optional(), quantity: z.string() })),
      reason,
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'amount') {
        const cents = dollarsToCents(v.amount)
        if (cents === null || cents < 1) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount in dollars, e.g. 10.00.' })
        else if (cents > refundableCents) ctx.addIssue({ code: 'custom', path: ['amount'], message: `At most ${formatCents(refundableCents)} is left to refund.` })
      } else if (!v.lines.some((l) => Number(l.quantity) > 0)) {
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Choose at least one copy to refund.' })
      }
    })
}

type RefundBody = Extract<ActionRequest, { action: 'refund' }>['body']

/** The refund request of valid values. */
export function refundBodyOf(v: RefundValues): RefundBody {
  const reason = v.reason.trim()
  if (v.mode === 'amount') return { amountCents: dollarsToCents(v.amount) ?? 0, reason }
  return { lines: v.lines.filter((l) => Number(l.quantity) > 0).map((l) => ({ bookId: l.bookId, ...(l.format && { format: l.format }), quantity: Number(l.quantity) })), reason }
}

/** The server's names of the desk's fields ("amountCents" → "amount", "lines.0" → "lines"). */
export const serverNames: ServerFieldNames = { amountCents: 'amount', lines: 'lines' }

/** The form field of a field the server named in its refusal, or null. */
export function fieldOf(serverField: string, names: readonly string[]): string | null {
  return formFieldOf(serverField, names, serverNames)
}
