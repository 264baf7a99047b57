import { memo } from 'react'
import type { Control } from 'react-hook-form'
import { InputField, SelectField, TextareaField } from '@/components/ui/form'
import type { AddressFormat } from '@/lib/address-format'
import { englishCountryOptions } from '@/lib/countries'
import type { CheckoutFormInput } from '../schema'
import { CheckoutSection } from './checkout-section'

const countries = englishCountryOptions()

// The spec's fields and words, kept for the United States (and until a country's format is read).
const usFields: AddressFormat['fields'] = [
  { name: 'address', label: 'Address', required: true },
  { name: 'city', label: 'City', required: true },
  { name: 'state', label: 'State', required: true },
  { name: 'zipCode', label: 'ZIP Code', required: true },
]

const autoComplete = { address: 'street-address', city: 'address-level2', state: 'address-level1', zipCode: 'postal-code' } as const

/**
 * Steps 1 and 2 of the checkout: who buys, and where the parcel goes, asked as the destination writes an address
 * (`format`: a UK buyer gives a postcode and no state, a Canadian a province). Memoized with the form's control as
 * its main prop: the form's own re-renders (one right after it mounts) then skip these fields and the long
 * country list.
 */
export const ShippingFields = memo(function ShippingFields({ control, ships = true, format }: { control: Control<CheckoutFormInput>; ships?: boolean; format?: AddressFormat }) {
  const fields = format && format.country !== 'US' ? format.fields : usFields
  const listId = format && format.subdivisions.length > 0 ? `subdivisions-${format.country}` : undefined
  return (
    <>
      <CheckoutSection title="Contact Information" step={1}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField control={control} name="fullName" label="Full Name" autoComplete="name" />
          <InputField control={control} name="email" label="Email" type="email" autoComplete="email" />
          {/* Digital books only: no address, but their tax follows where the buyer lives. */}
          {!ships && <SelectField control={control} name="country" label="Country you live in" autoComplete="country-name" options={countries} />}
        </div>
      </CheckoutSection>

      {/* Digital books only: nothing ships, so no address is asked for. */}
      {ships && (
        <CheckoutSection title="Shipping Address" step={2}>
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((f) => (
              <InputField
                key={f.name}
                control={control}
                name={f.name}
                label={f.required ? f.label : `${f.label} (optional)`}
                autoComplete={autoComplete[f.name]}
                className={f.name === 'address' ? 'sm:col-span-2' : undefined}
                list={f.name === 'state' ? listId : undefined}
                placeholder={f.name === 'zipCode' && format && format.country !== 'US' ? format.zipExample : undefined}
              />
            ))}
            <SelectField control={control} name="country" label="Country" autoComplete="country-name" options={countries} />
          </div>
          {listId && (
            <datalist id={listId}>
              {format!.subdivisions.map((s) => (
                <option key={s.code} value={s.name} />
              ))}
            </datalist>
          )}
        </CheckoutSection>
      )}
    </>
  )
})

/** Step 4: a gift message or a note for the courier. Memoized as ShippingFields is. */
export const OrderNotesField = memo(function OrderNotesField({ control, step = 5, ships = true }: { control: Control<CheckoutFormInput>; step?: number; ships?: boolean }) {
  return (
    <CheckoutSection title="Order Notes" step={step}>
      <TextareaField
        control={control}
        name="notes"
        label="Notes (optional)"
        placeholder={ships ? 'A gift message, or where to leave the parcel' : 'Anything we should know about your order'}
      />
    </CheckoutSection>
  )
})
