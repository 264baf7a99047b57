import { z } from '@/lib/zod'

/** The checkout form of spec 01 §3 with the messages of §5. Card fields and notes are optional. */
export const checkoutSchema = z.object({
  fullName: z.string().trim().min(2, 'Name is required'),
  email: z.string().trim().pipe(z.email('Invalid email address')),
  address: z.string().trim().min(5, 'Address is required'),
  city: z.string().trim().min(2, 'City is required'),
  state: z.string().trim().min(2, 'State is required'),
  zipCode: z.string().trim().min(5, 'ZIP code is required'),
  country: z.string().min(2, 'Country is required'),
  cardNumber: z.string().optional(),
  cardExpiry: z.string().optional(),
  cardCvc: z.string().optional(),
  notes: z.string().optional(),
})

/**
 * A cart of digital books only ships nothing: the form asks for the contact
 * fields alone, and the address fields, hidden, are not checked.
 */
export const contactOnlySchema = checkoutSchema.extend({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
})

/** The form's rules for a cart that ships (`ships`) or one of digital books only. */
export const schemaFor = (ships: boolean) => (ships ? checkoutSchema : contactOnlySchema)

export type CheckoutFormInput = z.input<typeof checkoutSchema>
export type CheckoutFormValues = z.output<typeof checkoutSchema>

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

export function toShippingInfo(v: CheckoutFormValues, ships = true): ShippingInfo {
  const info: ShippingInfo = ships
    ? { fullName: v.fullName, email: v.email, address: v.address, city: v.city, state: v.state, zipCode: v.zipCode, country: v.country }
    : { fullName: v.fullName, email: v.email }
  const notes = v.notes?.trim()
  if (notes) info.notes = notes
  return info
}

/**
 * The shipping details of the form, or a sentence a buyer can read saying what
 * to fix (never the validator's raw issue list).
 */
export function readShippingInfo(values: unknown, ships = true): { ok: true; info: ShippingInfo } | { ok: false; message: string } {
  const parsed = schemaFor(ships).safeParse(values)
  if (parsed.success) return { ok: true, info: toShippingInfo(parsed.data, ships) }
  const problems = [...new Set(parsed.error.issues.map((i) => i.message))]
  return { ok: false, message: `Please check your details: ${problems.join(', ')}.` }
}
