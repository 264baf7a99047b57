/**
 * Money in the browser mirrors the server: integer cents, 10 % tax rounded
 * half-up, free shipping, shown as "$x.xx". Prices arrive as dollars for
 * display and as cents for arithmetic.
 */
export const TAX_RATE_PERCENT = 10

/** Dollars (a float such as 14.99) to whole cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100)
}

/** "$14.99" for 1499. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  // Thousands grouped by hand: Intl's first use costs a phone tens of ms.
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`
}

/** "$14.99" for 14.99 dollars. */
export function formatDollars(dollars: number): string {
  return formatCents(toCents(dollars))
}

/** Cents as the decimal dollar string the payment API expects: 1499 -> "14.99". */
export function centsToDecimal(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2)
}

/** 10 % of the subtotal, rounded half-up to the cent, as the server does. */
export function taxCents(subtotalCents: number): number {
  return Math.floor((subtotalCents * TAX_RATE_PERCENT + 50) / 100)
}

export type Totals = { subtotalCents: number; taxCents: number; shippingCents: number; totalCents: number }

export function orderTotals(lines: { priceCents: number; quantity: number }[]): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0)
  const tax = taxCents(subtotalCents)
  return { subtotalCents, taxCents: tax, shippingCents: 0, totalCents: subtotalCents + tax }
}
