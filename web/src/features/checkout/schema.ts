import { nounOf, subdivisionCode, type AddressFormat } from '@/lib/address-format'
import { z } from '@/lib/zod'
import { toShippingInfo, type ShippingInfo } from './shipping-info'

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

const article = (noun: string) => (/^[aeiou]/.test(noun) ? 'an' : 'a')

/**
 * The rules of an address outside the United States, from its country's format (the server's, internal/orders
 * checkLocal, in the same words): the fields it asks and requires, a state or province of its list, a postal
 * code of its pattern. A field it does not ask is not checked (and not sent).
 */
export function localSchema(format: AddressFormat) {
  const fieldOf = (name: string) => format.fields.find((f) => f.name === name)
  const rule = (name: 'city' | 'state' | 'zipCode') => {
    const field = fieldOf(name)
    if (!field) return z.string()
    const noun = nounOf(field.label)
    const required = `${noun[0].toUpperCase()}${noun.slice(1)} is required`
    const zip = format.zipPattern ? new RegExp(`^(?:${format.zipPattern})$`, 'i') : null
    return z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        if ((v === '' && field.required) || (name === 'city' && v.length === 1)) ctx.addIssue({ code: 'custom', message: required })
        else if (v.length > 200) ctx.addIssue({ code: 'custom', message: 'Must be at most 200 characters' })
        else if (v === '') return
        else if (name === 'state' && format.subdivisions.length > 0 && !subdivisionCode(format, v))
          ctx.addIssue({ code: 'custom', message: `Please choose ${article(noun)} ${noun} from the list` })
        else if (name === 'zipCode' && zip && !zip.test(v)) ctx.addIssue({ code: 'custom', message: `Please check the ${noun} (for example ${format.zipExample})` })
      })
  }
  return checkoutSchema.extend({ city: rule('city'), state: rule('state'), zipCode: rule('zipCode') })
}

/**
 * The form's rules for a cart that ships (`ships`), to the country of `format` (the United States keep the
 * spec's rules), or one of digital books only.
 */
export const schemaFor = (ships: boolean, format?: AddressFormat) =>
  !ships ? contactOnlySchema : format && format.country !== 'US' ? localSchema(format) : checkoutSchema

export type CheckoutFormInput = z.input<typeof checkoutSchema>
export type CheckoutFormValues = z.output<typeof checkoutSchema>

/**
 * The shipping details of the form, or a sentence a buyer can read saying what
 * to fix (never the validator's raw issue list).
 */
export function readShippingInfo(values: unknown, ships = true, format?: AddressFormat): { ok: true; info: ShippingInfo } | { ok: false; message: string } {
  const parsed = schemaFor(ships, format).safeParse(values)
  if (parsed.success) return { ok: true, info: toShippingInfo(parsed.data, ships, format) }
  const problems = [...new Set(parsed.error.issues.map((i) => i.message))]
  return { ok: false, message: `Please check your details: ${problems.join(', ')}.` }
}
