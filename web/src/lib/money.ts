/**
 * Money in the browser mirrors the server: integer cents, the tax rate of the
 * shop's settings (10 %) rounded half-up, shown as "$x.xx". Prices arrive as dollars for
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

/** The tax on a subtotal at a rate in percent (10, 8.25), rounded half-up to the cent, as the server does. */
export function taxCents(subtotalCents: number, ratePercent: number = TAX_RATE_PERCENT): number {
  const basisPoints = Math.round(ratePercent * 100)
  return Math.floor((subtotalCents * basisPoints + 5000) / 10000)
}

export type Totals = { subtotalCents: number; discountCents: number; taxCents: number; shippingCents: number; totalCents: number }

/** A shipping method's price: free when the subtotal (after its discount) reaches its threshold. */
export type ShippingPrice = { priceCents: number; freeOverCents: number | null }

export function shippingCents(method: ShippingPrice | undefined, subtotalCents: number): number {
  if (!method) return 0
  return method.freeOverCents !== null && subtotalCents >= method.freeOverCents ? 0 : method.priceCents
}

/** A destination's tax rates in percent by tax class: printed books, and the digital formats. */
export type TaxRates = { print: number; digital: number }

type PricedLine = { priceCents: number; quantity: number; format?: string }

const digitalLine = (l: PricedLine) => (l.format ?? 'print') !== 'print'

/**
 * Shares total out in proportion to weights by largest remainder, the first taking a cent on a tie, as the
 * server's allocate does: the shares add up to total exactly.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + Math.max(w, 0), 0)
  if (sum <= 0 || total <= 0) return weights.map(() => 0)
  const out = weights.map((w) => Math.floor((total * Math.max(w, 0)) / sum))
  const rems = weights.map((w, i) => total * Math.max(w, 0) - out[i] * sum)
  const order = weights.map((_, i) => i).sort((a, b) => rems[b] - rems[a] || a - b)
  for (const i of order.slice(0, total - out.reduce((a, v) => a + v, 0))) out[i]++
  return out
}

/**
 * The tax of the lines after the discount, as the server takes it (internal/orders, Tax.TaxCents): one rate on
 * the whole when the lines share it; else the discount shared between the classes by largest remainder and
 * each class taxed at its rate, rounded half-up.
 */
export function classTaxCents(lines: PricedLine[], discountCents: number, rates: TaxRates): number {
  const rateOf = (l: PricedLine) => (digitalLine(l) ? rates.digital : rates.print)
  if (lines.length === 0) return 0
  const total = (ls: PricedLine[]) => ls.reduce((sum, l) => sum + l.priceCents * l.quantity, 0)
  if (lines.every((l) => rateOf(l) === rateOf(lines[0]))) return taxCents(total(lines) - discountCents, rateOf(lines[0]))
  const printSub = total(lines.filter((l) => !digitalLine(l)))
  const digitalSub = total(lines.filter(digitalLine))
  const [printOff, digitalOff] = allocate(discountCents, [printSub, digitalSub])
  return taxCents(printSub - printOff, rates.print) + taxCents(digitalSub - digitalOff, rates.digital)
}

/** The rate as the summary shows it: "10%", or "0% print, 20% digital" when the cart's classes differ. */
export function taxLabel(lines: PricedLine[], rates: TaxRates): string {
  const hasDigital = lines.some(digitalLine)
  const hasPrint = lines.some((l) => !digitalLine(l))
  if (hasDigital && !hasPrint) return `${rates.digital}%`
  if (hasDigital && rates.digital !== rates.print) return `${rates.print}% print, ${rates.digital}% digital`
  return `${rates.print}%`
}

/**
 * What the server charges (internal/orders, priceOrder): the books' subtotal, less the discount (never more
 * than the subtotal), plus the method's shipping and the tax after the discount at the destination's rates
 * (`tax`; or one rate, `taxRatePercent`). Without settings: the spec's 10 % and free shipping.
 */
export function orderTotals(
  lines: PricedLine[],
  pricing: { taxRatePercent?: number; tax?: TaxRates; discountCents?: number; shipping?: ShippingPrice } = {},
): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0)
  const discountCents = Math.min(pricing.discountCents ?? 0, subtotalCents)
  const net = subtotalCents - discountCents
  const rate = pricing.taxRatePercent ?? TAX_RATE_PERCENT
  const tax = classTaxCents(lines, discountCents, pricing.tax ?? { print: rate, digital: rate })
  const shipping = shippingCents(pricing.shipping, net)
  return { subtotalCents, discountCents, taxCents: tax, shippingCents: shipping, totalCents: net + tax + shipping }
}

/**
 * The cents of an amount typed in dollars ("12.99", "$12.99", "12", "12.5",
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
