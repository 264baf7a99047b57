import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { englishCountryNames } from '@/lib/country-names'
import type { TaxRates } from '@/lib/money'

/**
 * The shop's shipping settings as visitors see them (GET /api/shipping): the
 * tax rate and each zone's methods. The back office edits them
 * (/admin/settings); the server carries them in every page (app/providers.tsx),
 * so /shipping, the FAQ, the cart and the checkout say the same from their
 * first render. The server prices every order with them again.
 */
export type ShippingMethod = { id: string; name: string; deliveryTime: string; priceCents: number; freeOverCents: number | null }
/** A zone: its countries (none for everywhere else), tax rates by class, states at their own rates, and methods. */
export type ShippingZone = { id: string; name: string; countries?: string[]; tax?: TaxRates; regions?: ({ code: string } & TaxRates)[]; methods: ShippingMethod[] }
/** taxRatePercent: the United States' rate on printed books, the cart's estimate before the buyer says where. */
export type ShippingSettings = { taxRatePercent: number; zones: ShippingZone[] }

export const shippingQueryOptions = () => queryOptions({ queryKey: ['shipping'], queryFn: () => apiFetch<ShippingSettings>('/api/shipping'), staleTime: 60_000 })

export function useShipping() {
  return useQuery(shippingQueryOptions())
}

/** GET /api/shipping/methods?country=GB: the methods offered to one country, and its tax rates. */
export type CountryMethods = { country: string; zone: string; zoneName: string; tax?: TaxRates; taxPlace?: string; methods: ShippingMethod[] }

export const shippingMethodsQueryOptions = (country: string) =>
  queryOptions({
    queryKey: ['shipping', 'methods', country],
    queryFn: () => apiFetch<CountryMethods>(`/api/shipping/methods?country=${encodeURIComponent(country)}`),
    staleTime: 60_000,
  })

export function useShippingMethods(country: string | undefined) {
  return useQuery({ ...shippingMethodsQueryOptions(country ?? ''), enabled: !!country })
}

/** The zone of the United States, and of everywhere else. */
export function zone(settings: ShippingSettings | undefined, id: 'us' | 'intl'): ShippingZone | undefined {
  return settings?.zones.find((z) => z.id === id)
}

/** The zone of a country (an ISO code): the zone that lists it, else everywhere else. */
export function zoneOf(settings: ShippingSettings | undefined, country: string): ShippingZone | undefined {
  return settings?.zones.find((z) => z.countries?.includes(country)) ?? zone(settings, 'intl')
}

/**
 * The tax rates of a destination, as the server takes them: its state's or province's (ISO 3166-2 code, from
 * the address format's list) where its zone names one, else its zone's.
 */
export function taxOf(z: ShippingZone | undefined, stateCode: string | undefined, fallbackPercent = 10): TaxRates {
  const region = stateCode ? z?.regions?.find((r) => r.code === stateCode) : undefined
  if (region) return { print: region.print, digital: region.digital }
  return z?.tax ?? { print: fallbackPercent, digital: fallbackPercent }
}

/** The method's price as the site says it: 'Free', '$8.99', or '$4.99, free over $35.00'. */
export function priceText(m: Pick<ShippingMethod, 'priceCents' | 'freeOverCents'>, format: (cents: number) => string): string {
  if (m.priceCents === 0 || m.freeOverCents === 0) return 'Free'
  return m.freeOverCents === null ? format(m.priceCents) : `${format(m.priceCents)}, free on orders of ${format(m.freeOverCents)} or more`
}

const codesByName = new Map(englishCountryNames.map(([code, name]) => [name, code]))

/** The code of a country as the checkout names it ('United Kingdom' → 'GB'), or undefined. */
export function countryCodeOf(name: string | undefined): string | undefined {
  return name ? codesByName.get(name) : undefined
}
