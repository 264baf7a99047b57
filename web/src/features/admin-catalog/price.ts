import { centsToDecimal } from '@/lib/money'

/** The most a book may cost, as the server allows (internal/catalog: maxPriceCents). */
export const MAX_PRICE_CENTS = 100_000

export { dollarsToCents } from '@/lib/money'

/** The dollars an editor sees in the price field for a price in cents: 1299 -> "12.99". */
export function centsToDollars(cents: number): string {
  return centsToDecimal(cents)
}
