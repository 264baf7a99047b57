import { memo } from 'react'
import type { Control } from 'react-hook-form'
import { InputField, LabelledField, SelectField } from '@/components/ui/form'
import { Textarea } from '@/components/ui/input'
import { englishCountryOptions } from '@/lib/countries'
import type { CheckoutFormInput } from '../schema'
import { CheckoutSection } from './checkout-section'

const countries = englishCountryOptions()

/**
 * Steps 1 and 2 of the checkout: who buys, and where the parcel goes. Memoized
 * with the form's control as its one prop: the form's own re-renders (one right
 * after it mounts) then skip these fields and the long country list.
 */
export const ShippingFields = memo(function ShippingFields({ control, ships = true }: { control: Control<CheckoutFormInput>; ships?: boolean }) {
  return (
    <>
      <CheckoutSection title="Contact Information" step={1}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField control={control} name="fullName" label="Full Name" autoComplete="name" />
          <InputField control={control} name="email" label="Email" type="email" autoComplete="email" />
        </div>
      </CheckoutSection>

      {/* Digital books only: nothing ships, so no address is asked for. */}
      {ships && (
        <CheckoutSection title="Shipping Address" step={2}>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField control={control} name="address" label="Address" autoComplete="street-address" className="sm:col-span-2" />
            <InputField control={control} name="city" label="City" autoComplete="address-level2" />
            <InputField control={control} name="state" label="State" autoComplete="address-level1" />
            <InputField control={control} name="zipCode" label="ZIP Code" autoComplete="postal-code" />
            <SelectField control={control} name="country" label="Country" autoComplete="country-name" options={countries} />
          </div>
        </CheckoutSection>
      )}
    </>
  )
})

/** Step 4: a gift message or a note for the courier. Memoized as ShippingFields is. */
export const OrderNotesField = memo(function OrderNotesField({ control, step = 5, ships = true }: { control: Control<CheckoutFormInput>; step?: number; ships?: boolean }) {
  return (
    <CheckoutSection title="Order Notes" step={step}>
      <LabelledField
        control={control}
        name="notes"
        label="Notes (optional)"
        renderControl={(field) => <Textarea placeholder={ships ? 'A gift message, or where to leave the parcel' : 'Anything we should know about your order'} {...field} value={field.value ?? ''} />}
      />
    </CheckoutSection>
  )
})
