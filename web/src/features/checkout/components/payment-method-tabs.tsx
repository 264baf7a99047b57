import { CreditCard, Lock } from 'lucide-react'
import { memo } from 'react'
import type { Control } from 'react-hook-form'
import { Link, useLocation } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { InputField } from '@/components/ui/form'
import { Loading } from '@/components/ui/loading'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { paths } from '@/config/paths'
import { payPalConfigured, useSettings } from '@/lib/settings'
import type { CheckoutFormInput } from '../schema'
import { CheckoutSection } from './checkout-section'

export type PaymentMethod = 'card' | 'paypal' | 'apple' | 'google'

type PaymentMethodTabsProps = {
  control: Control<CheckoutFormInput>
  method: PaymentMethod
  onMethodChange: (method: PaymentMethod) => void
  signedIn: boolean
  authLoading: boolean
  /** Its number among the form's steps (fewer without shipping). */
  step?: number
}

/** Step 3: card, PayPal, Apple Pay or Google Pay, each with what the buyer needs to know. Memoized as ShippingFields is. */
export const PaymentMethodTabs = memo(function PaymentMethodTabs({ control, method, onMethodChange, signedIn, authLoading, step = 4 }: PaymentMethodTabsProps) {
  return (
    <CheckoutSection title="Payment Method" step={step}>
      <Tabs value={method} onValueChange={(m) => onMethodChange(m as PaymentMethod)}>
        <TabsList aria-label="Payment method" className="grid w-full grid-cols-2 sm:grid-cols-4">
          <TabsTrigger value="card">
            <CreditCard className="size-4" /> Card
          </TabsTrigger>
          <TabsTrigger value="paypal">PayPal</TabsTrigger>
          <TabsTrigger value="apple">Apple Pay</TabsTrigger>
          <TabsTrigger value="google">Google Pay</TabsTrigger>
        </TabsList>

        <TabsContent value="card">
          <CardFields control={control} />
        </TabsContent>
        <TabsContent value="paypal">
          <PayPalStatus signedIn={signedIn} authLoading={authLoading} />
        </TabsContent>
        <TabsContent value="apple">
          <DemoNote />
        </TabsContent>
        <TabsContent value="google">
          <DemoNote />
        </TabsContent>
      </Tabs>
    </CheckoutSection>
  )
})

/** The card's fields: optional, and never sent anywhere (the card payment is a demo). */
function CardFields({ control }: { control: Control<CheckoutFormInput> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-4">
        <InputField control={control} name="cardNumber" label="Card Number" autoComplete="cc-number" inputMode="numeric" placeholder="1234 5678 9012 3456" className="sm:col-span-2" />
        <InputField control={control} name="cardExpiry" label="Expiry" autoComplete="cc-exp" placeholder="MM/YY" />
        <InputField control={control} name="cardCvc" label="CVC" autoComplete="cc-csc" inputMode="numeric" placeholder="123" />
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm text-muted">
        <Lock className="size-4" aria-hidden="true" /> Card details never leave your browser.
      </p>
    </>
  )
}

function DemoNote() {
  return (
    <Alert tone="info">
      <p>This is a demo. No actual payment will be processed.</p>
    </Alert>
  )
}

/** What the PayPal tab says: not configured, please log in, or where the PayPal button is. */
function PayPalStatus({ signedIn, authLoading }: { signedIn: boolean; authLoading: boolean }) {
  const settings = useSettings()
  const location = useLocation()
  if (settings.isPending || authLoading) return <Loading label="Loading PayPal..." className="min-h-24" />
  if (!payPalConfigured(settings.data)) {
    return (
      <Alert tone="warning">
        <p className="font-bold">PayPal is not available in this shop right now.</p>
        <p>Please pay with card, Apple Pay or Google Pay instead.</p>
      </Alert>
    )
  }
  if (!signedIn) {
    return (
      <Alert tone="warning">
        <p className="font-bold">Please log in to pay with PayPal.</p>
        <p>
          PayPal payments are linked to your account.{' '}
          <Link to={paths.login} state={{ from: location }} className="font-bold text-tiger-700 underline underline-offset-4">
            Log in
          </Link>{' '}
          and come back here, or pay with card, Apple Pay or Google Pay.
        </p>
      </Alert>
    )
  }
  return (
    <Alert tone="info">
      <p>Pay securely with your PayPal account using the PayPal button below. Your order is placed as soon as you approve the payment.</p>
    </Alert>
  )
}
