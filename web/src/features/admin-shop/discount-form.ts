import { centsToDecimal, dollarsToCents, formatCents } from '@/lib/money'
import { z } from '@/lib/zod'
import type { DiscountFields } from './api/discounts'
import type { Discount } from './types'

// A discount code's form: a percentage or an amount in dollars, dates as
// the shop's days (the server starts the code at the midnight that begins
// its first day and ends it at the one that ends its last, in
// SHOP_TIME_ZONE), and an empty limit for none.

export type DiscountValues = {
  code: string
  kind: 'percent' | 'amount'
  value: string
  minimum: string
  firstDay: string
  lastDay: string
  usageLimit: string
  oncePerCustomer: boolean
  active: boolean
}

export const emptyDiscount: DiscountValues = { code: '', kind: 'percent', value: '', minimum: '', firstDay: '', lastDay: '', usageLimit: '', oncePerCustomer: false, active: true }

export const discountSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, '3 to 32 letters, digits, hyphens or underscores, starting with a letter or digit.'),
    kind: z.enum(['percent', 'amount']),
    value: z.string(),
    minimum: z.string().refine((t) => t.trim() === '' || dollarsToCents(t) !== null, 'An amount in dollars, or empty for none.'),
    firstDay: z.string(),
    lastDay: z.string(),
    usageLimit: z.string().refine((t) => t.trim() === '' || /^[1-9]\d{0,8}$/.test(t.trim()), 'A number of uses from 1, or empty for no limit.'),
    oncePerCustomer: z.boolean(),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && !(/^\d{1,3}$/.test(v.value.trim()) && Number(v.value) >= 1 && Number(v.value) <= 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A whole percentage from 1 to 100.' })
    }
    if (v.kind === 'amount' && !((dollarsToCents(v.value) ?? 0) >= 1)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'An amount in dollars, for example 5.00.' })
    }
    if (v.firstDay && v.lastDay && v.lastDay < v.firstDay) ctx.addIssue({ code: 'custom', path: ['lastDay'], message: 'The last day comes after the first.' })
  })

export function discountValuesOf(d: Discount): DiscountValues {
  return {
    code: d.code,
    kind: d.percentOff !== null ? 'percent' : 'amount',
    value: d.percentOff !== null ? String(d.percentOff) : centsToDecimal(d.amountOffCents ?? 0),
    minimum: d.minSubtotalCents ? centsToDecimal(d.minSubtotalCents) : '',
    firstDay: d.firstDay ?? '',
    lastDay: d.lastDay ?? '',
    usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
    oncePerCustomer: d.oncePerCustomer,
    active: d.active,
  }
}

export function discountFieldsOf(v: DiscountValues): DiscountFields {
  return {
    code: v.code.trim().toUpperCase(),
    percentOff: v.kind === 'percent' ? Number(v.value) : null,
    amountOffCents: v.kind === 'amount' ? dollarsToCents(v.value) : null,
    minSubtotalCents: v.minimum.trim() === '' ? 0 : (dollarsToCents(v.minimum) ?? 0),
    firstDay: v.firstDay || null,
    lastDay: v.lastDay || null,
    usageLimit: v.usageLimit.trim() === '' ? null : Number(v.usageLimit),
    oncePerCustomer: v.oncePerCustomer,
    active: v.active,
  }
}

/** The form's field for a server field's message. */
export const formFieldOf: Record<string, keyof DiscountValues> = {
  code: 'code',
  percentOff: 'value',
  amountOffCents: 'value',
  minSubtotalCents: 'minimum',
  startsAt: 'firstDay',
  endsAt: 'lastDay',
  firstDay: 'firstDay',
  lastDay: 'lastDay',
  usageLimit: 'usageLimit',
}

/**
 * "From Dec 1, 2026, until Jan 31, 2027": the first and the last day a code
 * can be used, the shop's days as the server gives them (not "until Feb 1").
 */
export function datesText(d: Pick<Discount, 'firstDay' | 'lastDay'>): string {
  const date = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
  const from = d.firstDay ? `From ${date(d.firstDay)}` : 'From now'
  return `${from}, ${d.lastDay ? `until ${date(d.lastDay)}` : 'no end'}`
}

/** "20% off" or "$5.00 off". */
export function reductionText(d: Discount): string {
  return d.percentOff !== null ? `${d.percentOff}% off` : `${formatCents(d.amountOffCents ?? 0)} off`
}

/** Where the code stands now: Active, Off, Scheduled, Expired or Used up. */
export function statusOf(d: Discount, now: Date): 'Active' | 'Off' | 'Scheduled' | 'Expired' | 'Used up' {
  if (!d.active) return 'Off'
  if (d.endsAt && now >= new Date(d.endsAt)) return 'Expired'
  if (d.usageLimit !== null && d.usedCount >= d.usageLimit) return 'Used up'
  if (d.startsAt && now < new Date(d.startsAt)) return 'Scheduled'
  return 'Active'
}
