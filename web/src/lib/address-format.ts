import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

/**
 * How a country writes an address (GET /api/address-formats/{country}): the checkout's fields it asks, their
 * words there (County, Province, Postal Code), which are required, the postal code's pattern and example, and its
 * states or provinces. The server holds the dataset (Google's address data) and checks orders with it too.
 */
export type AddressFieldName = 'address' | 'city' | 'state' | 'zipCode'
export type AddressField = { name: AddressFieldName; label: string; required: boolean }
export type Subdivision = { code: string; key?: string; name: string }
export type AddressFormat = { country: string; name: string; fields: AddressField[]; zipExample?: string; zipPattern?: string; subdivisions: Subdivision[] }

export const addressFormatQueryOptions = (country: string) =>
  queryOptions({
    queryKey: ['address-format', country],
    queryFn: () => apiFetch<AddressFormat>(`/api/address-formats/${encodeURIComponent(country)}`),
    staleTime: Infinity,
  })

export function useAddressFormat(country: string) {
  return useQuery(addressFormatQueryOptions(country))
}

/** The state or province a buyer typed ("IL", "Illinois", "ontario") as its ISO 3166-2 code ("US-IL"), if it is one. */
export function subdivisionCode(format: AddressFormat | undefined, value: string | undefined): string | undefined {
  const v = value?.trim().toLowerCase()
  if (!format || !v) return undefined
  const found = format.subdivisions.find((s) => [s.code, s.key, s.name].some((x) => x?.toLowerCase() === v))
  return found && `${format.country}-${found.code}`
}

/** A label as a sentence says it: "Postal Code" is "postal code"; a word in capitals (ZIP, PIN) stays so. */
export function nounOf(label: string): string {
  return label
    .split(' ')
    .map((w) => (w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ')
}
