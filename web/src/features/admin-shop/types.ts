/** A shipping method of a zone as the back office edits it (GET /api/admin/settings). */
/** priceCents is null (and deliveryTime may be empty) for a method the shop has not priced, which it cannot offer. */
export type AdminMethod = { id: string; name: string; deliveryTime: string; priceCents: number | null; freeOverCents: number | null; enabled: boolean }
/** Tax rates in percent by tax class: printed books, and the digital formats. */
export type TaxRates = { print: number; digital: number }
/**
 * A shipping zone: its countries (ISO codes; none for everywhere else, the last), tax rates, states or provinces
 * at their own rates (ISO 3166-2 codes, "US-IL") and methods.
 */
export type AdminZone = { id: string; name: string; countries: string[]; tax: TaxRates; regions: ({ code: string } & TaxRates)[]; methods: AdminMethod[] }
export type ShopSettings = { version: number; zones: AdminZone[]; updatedAt: string }

/**
 * A discount code (GET /api/admin/discounts). Times are RFC 3339 in UTC;
 * firstDay and lastDay (YYYY-MM-DD) are the shop's days (SHOP_TIME_ZONE),
 * the server's reading of startsAt and endsAt.
 */
export type Discount = {
  id: number
  code: string
  percentOff: number | null
  amountOffCents: number | null
  minSubtotalCents: number
  startsAt: string | null
  endsAt: string | null
  firstDay: string | null
  lastDay: string | null
  usageLimit: number | null
  usedCount: number
  oncePerCustomer: boolean
  active: boolean
  version: number
  createdAt: string
  updatedAt: string
}
