import { centsToDecimal } from '@/lib/money'

/** The most a book may cost, as the server allows (internal/catalog: maxPriceCents). */
export const MAX_PRICE_CENTS = 100_000

/**
 * The cents of a price typed in dollars ("12.99", "$12.99", "12", "12.5",
 * "1,250.00"), or null when it is not an amount of dollars and cents. The
 * digits are read as text, never as a float, so 0.29 is 29 cents exactly.
 */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/.exec(text.trim())
  if (!match || (match[1] === undefined && !match[2])) return null
  const whole = Number((match[1] ?? '0').replaceAll(',', ''))
  const cents = Number((match[2] ?? '').padEnd(2, '0'))
  const total = whole * 100 + cents
  return Number.isSafeInteger(total) ? total : null
}

/** The dollars an editor sees in the price field for a price in cents: 1299 -> "12.99". */
export function centsToDollars(cents: number): string {
  return centsToDecimal(cents)
}
