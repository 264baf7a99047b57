import { describe, expect, it } from 'vitest'
import { formPathOf, newZone, settingsSaveOf, settingsSchema, settingsValuesOf, zoneIds } from './settings-form'
import type { ShopSettings } from './types'

const stored: ShopSettings = {
  version: 3,
  updatedAt: '2026-11-27T00:00:00Z',
  zones: [
    {
      id: 'us',
      name: 'United States',
      countries: ['US'],
      tax: { print: 8.25, digital: 8.25 },
      regions: [{ code: 'US-IL', print: 6.25, digital: 6.25 }],
      methods: [
        { id: 'standard', name: 'Standard', deliveryTime: '3-7 business days', priceCents: 0, freeOverCents: null, enabled: true },
        { id: 'expedited', name: 'Expedited', deliveryTime: '2-3 business days', priceCents: 899, freeOverCents: null, enabled: true },
        { id: 'express', name: 'Express', deliveryTime: '1-2 business days', priceCents: 1499, freeOverCents: null, enabled: true },
      ],
    },
    {
      id: 'intl',
      name: 'Everywhere else',
      countries: [],
      tax: { print: 0, digital: 0 },
      regions: [],
      methods: [
        { id: 'standard', name: 'International Standard', deliveryTime: '7-21 business days', priceCents: 1299, freeOverCents: null, enabled: true },
        { id: 'expedited', name: 'International Expedited', deliveryTime: '', priceCents: null, freeOverCents: null, enabled: false },
        { id: 'express', name: 'International Express', deliveryTime: '', priceCents: null, freeOverCents: null, enabled: false },
      ],
    },
  ],
}

describe('settings form', () => {
  it('keeps a method the shop has not priced without a price', () => {
    const values = settingsValuesOf(stored)
    expect(values.zones[1].methods[1]).toMatchObject({ price: '', deliveryTime: '' })
    expect(settingsSchema.safeParse(values).success).toBe(true)
    expect(settingsSaveOf(stored, values).zones[1].methods[1]).toMatchObject({ priceCents: null, deliveryTime: '', enabled: false })
    expect(settingsSaveOf(stored, values).zones[1].methods[0]).toMatchObject({ priceCents: 1299 })
  })

  it('offers a method only with its delivery time and price', () => {
    const values = settingsValuesOf(stored)
    values.zones[1].methods[1].enabled = true
    const result = settingsSchema.safeParse(values)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['zones.1.methods.1.deliveryTime', 'Required.'],
      ['zones.1.methods.1.price', 'Give the price to offer this method.'],
    ])
  })

  it('saves each zone with its countries, rates and states, the round trip unchanged', () => {
    const saved = settingsSaveOf(stored, settingsValuesOf(stored))
    expect(saved).toEqual({ version: 3, zones: stored.zones })
  })

  it('adds a zone before everywhere else, its id from its name', () => {
    const values = settingsValuesOf(stored)
    const uk = { ...newZone('United Kingdom'), countries: 'gb', digital: '20' }
    uk.methods[0] = { ...uk.methods[0], deliveryTime: '5-10 business days', price: '4.99' }
    values.zones.splice(1, 0, uk)
    expect(settingsSchema.safeParse(values).success).toBe(true)
    expect(zoneIds(values)).toEqual(['us', 'united-kingdom', 'intl'])
    expect(settingsSaveOf(stored, values).zones[1]).toMatchObject({
      id: 'united-kingdom',
      countries: ['GB'],
      tax: { print: 0, digital: 20 },
      methods: [{ id: 'standard', priceCents: 499, enabled: true }, { id: 'expedited', priceCents: null }, { id: 'express', priceCents: null }],
    })
    expect(formPathOf(values, 'zones.united-kingdom.tax.digital')).toBe('zones.1.digital')
    expect(formPathOf(values, 'zones.united-kingdom.countries')).toBe('zones.1.countries')
    expect(formPathOf(values, 'zones.us.regions.0.code')).toBe('zones.0.regions.0.code')
    expect(formPathOf(values, 'zones.intl.express.priceCents')).toBe('zones.2.methods.2.price')
  })

  it('refuses a rate over 30 %', () => {
    const values = settingsValuesOf(stored)
    values.zones[0].digital = '31'
    expect(settingsSchema.safeParse(values).error?.issues[0].path.join('.')).toBe('zones.0.digital')
  })
})
