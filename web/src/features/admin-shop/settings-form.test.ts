import { describe, expect, it } from 'vitest'
import { settingsSaveOf, settingsSchema, settingsValuesOf } from './settings-form'
import type { ShopSettings } from './types'

const stored: ShopSettings = {
  version: 3,
  taxRatePercent: 10,
  updatedAt: '2026-11-27T00:00:00Z',
  zones: [
    {
      id: 'intl',
      name: 'Everywhere else',
      methods: [
        { id: 'standard', name: 'International Standard', deliveryTime: '7-21 business days', priceCents: 1299, freeOverCents: null, enabled: true },
        { id: 'expedited', name: 'International Expedited', deliveryTime: '', priceCents: null, freeOverCents: null, enabled: false },
      ],
    },
  ],
}

describe('settings form', () => {
  it('keeps a method the shop has not priced without a price', () => {
    const values = settingsValuesOf(stored)
    expect(values.zones[0].methods[1]).toMatchObject({ price: '', deliveryTime: '' })
    expect(settingsSchema.safeParse(values).success).toBe(true)
    expect(settingsSaveOf(stored, values).zones[0].methods[1]).toMatchObject({ priceCents: null, deliveryTime: '', enabled: false })
    expect(settingsSaveOf(stored, values).zones[0].methods[0]).toMatchObject({ priceCents: 1299 })
  })

  it('offers a method only with its delivery time and price', () => {
    const values = settingsValuesOf(stored)
    values.zones[0].methods[1].enabled = true
    const result = settingsSchema.safeParse(values)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['zones.0.methods.1.deliveryTime', 'Required.'],
      ['zones.0.methods.1.price', 'Give the price to offer this method.'],
    ])
  })
})
