import { centsToDecimal, dollarsToCents } from '@/lib/money'
import { z } from '@/lib/zod'
import type { SettingsSave } from './api/settings'
import type { ShopSettings } from './types'

// The settings' form: amounts typed in dollars, the tax rate in percent.

export type MethodValues = { enabled: boolean; name: string; deliveryTime: string; price: string; freeOver: string }
export type SettingsValues = { taxRatePercent: string; zones: { methods: MethodValues[] }[] }


// A method not offered may be left without a delivery time and a price:
// the shop need not invent figures for a way of shipping it does not sell.
const method = z
  .object({
    enabled: z.boolean(),
    name: z.string().trim().min(1, 'Required.').max(60, 'At most 60 characters.'),
    deliveryTime: z.string().trim().max(60, 'At most 60 characters.'),
    price: z.string().refine((t) => t.trim() === '' || (dollarsToCents(t) ?? Infinity) <= 100_000, 'A price in dollars from 0 to 1,000 (for example 8.99).'),
    freeOver: z.string().refine((t) => t.trim() === '' || dollarsToCents(t) !== null, 'An amount in dollars, or empty for never free.'),
  })
  .superRefine((m, ctx) => {
    if (!m.enabled) return
    if (m.deliveryTime.trim() === '') ctx.addIssue({ code: 'custom', path: ['deliveryTime'], message: 'Required.' })
    if (m.price.trim() === '') ctx.addIssue({ code: 'custom', path: ['price'], message: 'Give the price to offer this method.' })
  })

export const settingsSchema = z.object({
  taxRatePercent: z.string().refine((t) => /^\d{1,2}(\.\d{1,2})?$/.test(t.trim()) && Number(t) <= 30, 'A percentage from 0 to 30, with at most two decimals (10 or 8.25).'),
  zones: z.array(z.object({ methods: z.array(method).refine((ms) => ms.some((m) => m.enabled), 'Offer at least one method, or buyers in this zone cannot check out.') })),
})

export function settingsValuesOf(s: ShopSettings): SettingsValues {
  return {
    taxRatePercent: String(s.taxRatePercent),
    zones: s.zones.map((z) => ({
      methods: z.methods.map((m) => ({
        enabled: m.enabled,
        name: m.name,
        deliveryTime: m.deliveryTime,
        price: m.priceCents === null ? '' : centsToDecimal(m.priceCents),
        freeOver: m.freeOverCents === null ? '' : centsToDecimal(m.freeOverCents),
      })),
    })),
  }
}

/** The PUT body: the whole settings over the version they were read at. */
export function settingsSaveOf(base: ShopSettings, v: SettingsValues): SettingsSave {
  return {
    version: base.version,
    taxRatePercent: Number(v.taxRatePercent),
    zones: base.zones.map((z, zi) => ({
      id: z.id,
      name: z.name,
      methods: z.methods.map((m, mi) => {
        const f = v.zones[zi].methods[mi]
        return {
          id: m.id,
          name: f.name.trim(),
          deliveryTime: f.deliveryTime.trim(),
          enabled: f.enabled,
          priceCents: f.price.trim() === '' ? null : dollarsToCents(f.price),
          freeOverCents: f.freeOver.trim() === '' ? null : dollarsToCents(f.freeOver),
        }
      }),
    })),
  }
}

/** The form's path of a server field ("zones.us.express.priceCents" → "zones.0.methods.2.price"). */
export function formPathOf(s: ShopSettings, serverField: string): string | null {
  if (serverField === 'taxRatePercent') return serverField
  const [, zoneId, methodId, field] = serverField.split('.')
  const zi = s.zones.findIndex((z) => z.id === zoneId)
  const mi = s.zones[zi]?.methods.findIndex((m) => m.id === methodId) ?? -1
  const names: Record<string, string> = { priceCents: 'price', freeOverCents: 'freeOver', name: 'name', deliveryTime: 'deliveryTime' }
  if (zi < 0 || mi < 0 || !names[field]) return null
  return `zones.${zi}.methods.${mi}.${names[field]}`
}
