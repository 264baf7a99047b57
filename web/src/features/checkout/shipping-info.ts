import type { AddressFormat } from '@/lib/address-format'
import type { CheckoutFormValues } from './schema'

// Apart from the form's rules (schema.ts, with zod, which the page loads when the form is first checked).

/** What the server stores of the form: never the card fields; no address for a cart that ships nothing. */
export type ShippingInfo = {
  fullName: string
  email: string
  address?: string
  city?: string
  state?: string
  zipCode?: string
  country?: string
  notes?: string
}

/**
 * What the server keeps of the form: the address's fields the country asks (all of them without its format),
 * or for digital books only the contact and the country, which their tax follows.
 */
export function toShippingInfo(v: CheckoutFormValues, ships = true, format?: AddressFormat): ShippingInfo {
  const asked = (name: 'city' | 'state' | 'zipCode') => !format || format.fields.some((f) => f.name === name)
  const info: ShippingInfo = ships
    ? { fullName: v.fullName, email: v.email, address: v.address, city: asked('city') ? v.city : '', state: asked('state') ? v.state : '', zipCode: asked('zipCode') ? v.zipCode : '', country: v.country }
    : { fullName: v.fullName, email: v.email, ...(v.country ? { country: v.country } : {}) }
  const notes = v.notes?.trim()
  if (notes) info.notes = notes
  return info
}
