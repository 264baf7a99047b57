import { centsToDecimal, dollarsToCents } from '@/lib/money'
import { z } from '@/lib/zod'
import type { SettingsSave } from './api/settings'
import type { AdminMethod, ShopSettings } from './types'

// The settings' form: amounts typed in dollars, tax rates in percent, a zone's countries as their codes ("FR, DE").

export type MethodValues = { enabled: boolean; name: string; deliveryTime: string; price: string; freeOver: string }
export type RegionValues = { code: string; print: string; digital: string }
/** A zone; id is '' for one added in the form, until it is saved. */
export type ZoneValues = { id: string; name: string; countries: string; print: string; digital: string; regions: RegionValues[]; methods: MethodValues[] }
export type SettingsValues = { zones: ZoneValues[] }

const percent = z.string().refine((t) => /^\d{1,2}(\.\d{1,2})?$/.test(t.trim()) && Number(t) <= 30, 'A percentage from 0 to 30, with at most two decimals (10 or 8.25).')

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
  zones: z.array(
    z.object({
      id: z.string(),
      name: z.string().trim().min(1, 'Required.').max(60, 'At most 60 characters.'),
      countries: z.string(),
      print: percent,
      digital: percent,
      regions: z.array(z.object({ code: z.string().trim().min(4, 'A code such as US-IL or CA-ON.'), print: percent, digital: percent })),
      methods: z.array(method).refine((ms) => ms.some((m) => m.enabled), 'Offer at least one method, or buyers in this zone cannot check out.'),
    }),
  ),
})

const methodValuesOf = (m: AdminMethod): MethodValues => ({
  enabled: m.enabled,
  name: m.name,
  deliveryTime: m.deliveryTime,
  price: m.priceCents === null ? '' : centsToDecimal(m.priceCents),
  freeOver: m.freeOverCents === null ? '' : centsToDecimal(m.freeOverCents),
})

export function settingsValuesOf(s: ShopSettings): SettingsValues {
  return {
    zones: s.zones.map((z) => ({
      id: z.id,
      name: z.name,
      countries: z.countries.join(', '),
      print: String(z.tax.print),
      digital: String(z.tax.digital),
      regions: z.regions.map((r) => ({ code: r.code, print: String(r.print), digital: String(r.digital) })),
      methods: z.methods.map(methodValuesOf),
    })),
  }
}

/** A zone the owner adds: its name, standard shipping to price, no tax until they set it. */
export function newZone(name: string): ZoneValues {
  const unpriced = (id: string) => ({ enabled: false, name: `${name} ${id[0].toUpperCase()}${id.slice(1)}`, deliveryTime: '', price: '', freeOver: '' })
  return { id: '', name, countries: '', print: '0', digital: '0', regions: [], methods: [{ ...unpriced('standard'), enabled: true }, unpriced('expedited'), unpriced('express')] }
}

/** The zones' ids: a saved zone keeps its own; an added one takes its name's (united-kingdom), made unique. */
export function zoneIds(v: SettingsValues): string[] {
  const taken = new Set(v.zones.map((z) => z.id).filter(Boolean))
  return v.zones.map((z) => {
    if (z.id) return z.id
    const slug = z.name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 24) || 'zone'
    let id = /^[a-z]/.test(slug) ? slug : `zone-${slug}`
    for (let n = 2; taken.has(id); n++) id = `${slug}-${n}`
    taken.add(id)
    return id
  })
}

const codes = (t: string) => t.split(/[\s,;]+/).map((c) => c.trim().toUpperCase()).filter(Boolean)

const methodIds = ['standard', 'expedited', 'express']

/** The PUT body: the whole settings over the version they were read at. */
export function settingsSaveOf(base: Pick<ShopSettings, 'version'>, v: SettingsValues): SettingsSave {
  const ids = zoneIds(v)
  return {
    version: base.version,
    zones: v.zones.map((z, zi) => ({
      id: ids[zi],
      name: z.name.trim(),
      countries: codes(z.countries),
      tax: { print: Number(z.print), digital: Number(z.digital) },
      regions: z.regions.map((r) => ({ code: r.code.trim().toUpperCase(), print: Number(r.print), digital: Number(r.digital) })),
      methods: z.methods.map((f, mi) => ({
        id: methodIds[mi],
        name: f.name.trim(),
        deliveryTime: f.deliveryTime.trim(),
        enabled: f.enabled,
        priceCents: f.price.trim() === '' ? null : dollarsToCents(f.price),
        freeOverCents: f.freeOver.trim() === '' ? null : dollarsToCents(f.freeOver),
      })),
    })),
  }
}

/**
 * The form's path of a server field: "zones.us.express.priceCents" → "zones.0.methods.2.price",
 * "zones.uk.tax.digital" → "zones.1.digital", "zones.us.regions.0.code" → "zones.0.regions.0.code".
 */
export function formPathOf(v: SettingsValues, serverField: string): string | null {
  const [, zoneId, part, ...rest] = serverField.split('.')
  const zi = zoneIds(v).indexOf(zoneId)
  if (zi < 0) return null
  const at = `zones.${zi}`
  if (part === 'name' || part === 'countries') return `${at}.${part}`
  if (part === 'methods') return `${at}.methods`
  if (part === 'tax' && (rest[0] === 'print' || rest[0] === 'digital')) return `${at}.${rest[0]}`
  if (part === 'regions' && rest.length === 2) return `${at}.regions.${rest[0]}.${rest[1]}`
  const mi = methodIds.indexOf(part)
  const names: Record<string, string> = { priceCents: 'price', freeOverCents: 'freeOver', name: 'name', deliveryTime: 'deliveryTime' }
  if (mi < 0 || !names[rest[0]]) return null
  return `${at}.methods.${mi}.${names[rest[0]]}`
}
