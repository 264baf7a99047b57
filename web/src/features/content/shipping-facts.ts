import { formatCents } from '@/lib/money'
import { priceText, zone, type ShippingSettings } from '@/lib/shipping'

/** One row of the rates table: a method of a zone as the site says it. */
export type RateRow = { method: string; time: string; cost: string }

/** The rates of the shop's settings, US methods first, as /shipping lists them. */
export function rateRows(settings: ShippingSettings | undefined): RateRow[] {
  return (settings?.zones ?? []).flatMap((z) =>
    z.methods.map((m) => ({ method: z.id === 'us' ? `${m.name} (US)` : m.name, time: m.deliveryTime, cost: priceText(m, formatCents) })),
  )
}

/** The standing offer of US standard shipping, in one sentence. */
export function standardOffer(settings: ShippingSettings | undefined): string {
  const standard = zone(settings, 'us')?.methods[0]
  if (!standard) return 'Shipping is priced at checkout.'
  if (standard.priceCents === 0 || standard.freeOverCents === 0) return `${standard.name} shipping in the US is free on every order placed on our website.`
  return `${standard.name} shipping in the US costs ${priceText(standard, formatCents)}.`
}

/** "International Standard (7-21 business days) costs $12.99", or how else abroad is served. */
export function abroadText(settings: ShippingSettings | undefined): string {
  const methods = zone(settings, 'intl')?.methods ?? []
  if (methods.length === 0) return 'At the moment we ship within the United States only.'
  return methods.map((m) => `${m.name} (${m.deliveryTime}) costs ${priceText(m, formatCents)}`).join(', ')
}

/** "expedited (2-3 business days) is $8.99, express (1-2 business days) $14.99": the US upgrades. */
export function upgradesText(settings: ShippingSettings | undefined): string {
  const upgrades = zone(settings, 'us')?.methods.slice(1) ?? []
  return upgrades.map((m) => `${m.name.toLowerCase()} (${m.deliveryTime}) is ${priceText(m, formatCents)}`).join(', ')
}
