import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeft, CreditCard, Lock, ShoppingBasket } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Input, Textarea } from '@/components/ui/input'
import { FieldError, Label } from '@/components/ui/label'
import { Loading } from '@/components/ui/loading'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { formatCents, orderTotals } from '@/lib/money'
import { useGeo } from '../api/get-geo'
import { useSettings, type Settings } from '../api/get-settings'
import { recordDemoPayment, type DemoMethod, type PaymentResult } from '../api/process-payment'
import { countries, countryName, DEFAULT_COUNTRY } from '../countries'
import { setPaymentComplete } from '../payment-flag'
import { paymentRequest } from '../payment-request'
import { checkoutSchema, readShippingInfo, toShippingInfo, type CheckoutFormInput, type CheckoutFormValues } from '../schema'
import type { CheckoutItem } from '../types'
import { OrderSummary } from './order-summary'

const PayPalPanel = lazy(() => import('./paypal-panel'))

/** The simulated card, Apple Pay and Google Pay payment takes this long. */
const DEMO_PAYMENT_MS = 2000

type Method = 'card' | 'paypal' | 'apple' | 'google'

export type CheckoutViewProps = {
  items: CheckoutItem[]
  /** The signed-in buyer, if any: prefills the full name and e-mail; PayPal capture needs one. */
  user: { id: string; email: string; fullName?: string } | null
  authLoading?: boolean
  /** Called once the payment is recorded: empties the cart. */
  onPaid: () => void
  /** Called when a payment is refused or fails. */
  onPaymentFailed?: () => void
}

export function CheckoutView({ items, user, authLoading = false, onPaid, onPaymentFailed }: CheckoutViewProps) {
  const [done, setDone] = useState(false)
  if (done) return <Loading label="Taking you to your thank-you page..." />
  if (items.length === 0) return <EmptyCheckout />
  return <CheckoutForm items={items} user={user} authLoading={authLoading} onPaid={onPaid} onPaymentFailed={onPaymentFailed} onDone={() => setDone(true)} />
}

function EmptyCheckout() {
  return (
    <EmptyState
      icon={ShoppingBasket}
      title="Checkout"
      description="Your cart is empty. Please add items to your cart before checking out."
      action={
        <Button asChild size="lg">
          <Link to={paths.books}>Browse Books</Link>
        </Button>
      }
    />
  )
}

function CheckoutForm({ items, user, authLoading = false, onPaid, onPaymentFailed, onDone }: CheckoutViewProps & { onDone: () => void }) {
  const navigate = useNavigate()
  const location = useLocation()
  const [method, setMethod] = useState<Method>('card')
  const [paymentError, setPaymentError] = useState<string | null>(null)
  const [processing, setProcessing] = useState(false)
  const geo = useGeo()
  const settings = useSettings()
  const totals = orderTotals(items)

  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: {
      fullName: user?.fullName ?? '',
      email: user?.email ?? '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      country: DEFAULT_COUNTRY,
      cardNumber: '',
      cardExpiry: '',
      cardCvc: '',
      notes: '',
    },
  })
  const { register, formState, setValue, getValues, getFieldState, handleSubmit, trigger } = form
  const errors = formState.errors

  // The session and the location lookup may answer after the form is drawn: fill in what the buyer has not touched.
  useEffect(() => {
    if (user?.email && !getFieldState('email').isDirty && !getValues('email')) setValue('email', user.email)
  }, [user?.email, getFieldState, getValues, setValue])
  // The profile (with the parent's name) may arrive after the form is shown.
  useEffect(() => {
    if (user?.fullName && !getFieldState('fullName').isDirty && !getValues('fullName')) setValue('fullName', user.fullName)
  }, [user?.fullName, getFieldState, getValues, setValue])
  useEffect(() => {
    const name = countryName(geo.data?.countryCode)
    if (name && !getFieldState('country').isDirty) setValue('country', name)
  }, [geo.data?.countryCode, getFieldState, setValue])

  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const finish = (result: PaymentResult) => {
    setPaymentComplete(result.orderNumber)
    onDone()
    onPaid()
    navigate(paths.thankYou, { replace: true })
  }

  const payDemo = (m: DemoMethod) =>
    handleSubmit(async (values) => {
      setPaymentError(null)
      setProcessing(true)
      try {
        await new Promise((resolve) => setTimeout(resolve, DEMO_PAYMENT_MS))
        const result = await recordDemoPayment({ method: m, ...paymentRequest(items), shippingInfo: toShippingInfo(values) })
        if (!mounted.current) return
        finish(result)
      } catch (err) {
        if (!mounted.current) return
        setProcessing(false)
        setPaymentError(err instanceof Error ? err.message : null)
        onPaymentFailed?.()
        toast.error('Payment Failed', { description: 'There was a problem processing your payment. Please try again.' })
      }
    })

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    if (method === 'paypal') {
      // Enter in a field with PayPal chosen: show what is missing; PayPal's own button pays.
      e.preventDefault()
      void trigger(undefined, { shouldFocus: true })
      return
    }
    void payDemo(method)(e)
  }

  const changeMethod = (m: string) => {
    setMethod(m as Method)
    setPaymentError(null)
  }

  const field = (name: FieldPath<CheckoutFormInput>) => ({
    id: `checkout-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `checkout-${name}-error` : undefined,
    ...register(name),
  })

  const payLabel = `Pay ${formatCents(totals.totalCents)}`
  const payPalReady = !!user && !authLoading && payPalConfigured(settings.data)

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="-ml-3 mb-3">
        <Link to={paths.cart}>
          <ArrowLeft /> Back to Cart
        </Link>
      </Button>
      <h1 className="mb-6 text-3xl font-bold sm:text-4xl">Checkout</h1>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <form noValidate onSubmit={onSubmit} aria-label="Checkout" className="flex flex-col gap-6">
          <Section title="Contact Information" step={1}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Full Name" name="fullName" error={errors.fullName?.message}>
                <Input autoComplete="name" {...field('fullName')} />
              </Field>
              <Field label="Email" name="email" error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...field('email')} />
              </Field>
            </div>
          </Section>

          <Section title="Shipping Address" step={2}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Address" name="address" error={errors.address?.message} className="sm:col-span-2">
                <Input autoComplete="street-address" {...field('address')} />
              </Field>
              <Field label="City" name="city" error={errors.city?.message}>
                <Input autoComplete="address-level2" {...field('city')} />
              </Field>
              <Field label="State" name="state" error={errors.state?.message}>
                <Input autoComplete="address-level1" {...field('state')} />
              </Field>
              <Field label="ZIP Code" name="zipCode" error={errors.zipCode?.message}>
                <Input autoComplete="postal-code" inputMode="text" {...field('zipCode')} />
              </Field>
              <Field label="Country" name="country" error={errors.country?.message}>
                <select
                  autoComplete="country-name"
                  className="flex h-11 w-full cursor-pointer rounded-xl border-2 border-line bg-white px-3 text-base text-ink focus-visible:border-tiger-400 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-tiger-100 aria-invalid:border-red-400"
                  {...field('country')}
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </Section>

          <Section title="Payment Method" step={3}>
            <Tabs value={method} onValueChange={changeMethod}>
              <TabsList aria-label="Payment method" className="grid w-full grid-cols-2 sm:grid-cols-4">
                <TabsTrigger value="card">
                  <CreditCard className="size-4" /> Card
                </TabsTrigger>
                <TabsTrigger value="paypal">PayPal</TabsTrigger>
                <TabsTrigger value="apple">Apple Pay</TabsTrigger>
                <TabsTrigger value="google">Google Pay</TabsTrigger>
              </TabsList>

              <TabsContent value="card">
                <div className="grid gap-4 sm:grid-cols-4">
                  <Field label="Card Number" name="cardNumber" className="sm:col-span-2">
                    <Input autoComplete="cc-number" inputMode="numeric" placeholder="1234 5678 9012 3456" {...field('cardNumber')} />
                  </Field>
                  <Field label="Expiry" name="cardExpiry">
                    <Input autoComplete="cc-exp" placeholder="MM/YY" {...field('cardExpiry')} />
                  </Field>
                  <Field label="CVC" name="cardCvc">
                    <Input autoComplete="cc-csc" inputMode="numeric" placeholder="123" {...field('cardCvc')} />
                  </Field>
                </div>
                <p className="mt-3 flex items-center gap-2 text-sm text-muted">
                  <Lock className="size-4" aria-hidden="true" /> Card details never leave your browser.
                </p>
              </TabsContent>
              <TabsContent value="paypal">
                <PayPalStatus settings={settings} signedIn={!!user} authLoading={authLoading} loginState={{ from: location }} />
              </TabsContent>
              <TabsContent value="apple">
                <DemoNote />
              </TabsContent>
              <TabsContent value="google">
                <DemoNote />
              </TabsContent>
            </Tabs>
          </Section>

          <Section title="Order Notes" step={4}>
            <Field label="Notes (optional)" name="notes">
              <Textarea placeholder="A gift message, or where to leave the parcel" {...field('notes')} />
            </Field>
          </Section>

          <div className="flex flex-col gap-4">
            {paymentError && (
              <Alert tone="error">
                <p className="font-bold">Payment Error</p>
                <p>{paymentError}</p>
              </Alert>
            )}
            {method === 'card' && <PayButton processing={processing}>{payLabel}</PayButton>}
            {method === 'apple' && (
              <PayButton processing={processing} className="bg-ink shadow-[0_4px_0_#000] hover:bg-black">
                Pay with Apple Pay
              </PayButton>
            )}
            {method === 'google' && (
              <PayButton processing={processing} className="bg-white text-ink shadow-[0_4px_0_var(--color-line)] ring-2 ring-line hover:bg-tiger-50">
                Pay with Google Pay
              </PayButton>
            )}
            {method === 'paypal' && payPalReady && settings.data && (
              <div className="rounded-2xl border-2 border-line bg-white p-4">
                <Suspense fallback={<Loading label="Loading PayPal..." className="min-h-32" />}>
                  <PayPalPanel
                    clientId={settings.data.paypal.clientId!}
                    sdkUrl={settings.data.paypal.sdkUrl || undefined}
                    userId={user?.id}
                    getOrder={() => paymentRequest(items)}
                    validate={() => trigger(undefined, { shouldFocus: true })}
                    getShippingInfo={() => {
                      // The buyer may have changed a field while PayPal's window was open.
                      const read = readShippingInfo(getValues())
                      if (read.ok) return read.info
                      void trigger(undefined, { shouldFocus: true })
                      throw new Error(read.message)
                    }}
                    onPaymentError={(message) => {
                      setPaymentError(message)
                      if (message) onPaymentFailed?.()
                    }}
                    onPaid={finish}
                  />
                </Suspense>
              </div>
            )}
          </div>
        </form>

        {/* On a phone the summary comes first, so the buyer sees what they pay for before the form. */}
        <div className="order-first lg:sticky lg:top-24 lg:order-none">
          <OrderSummary items={items} />
        </div>
      </div>
    </div>
  )
}

function Section({ title, step, children }: { title: string; step: number; children: ReactNode }) {
  const id = `checkout-section-${step}`
  return (
    <Card className="p-5 sm:p-6" role="group" aria-labelledby={id}>
      <h2 id={id} className="mb-4 flex items-center gap-3 text-xl font-bold">
        <span className="flex size-8 items-center justify-center rounded-full bg-tiger-100 text-base text-tiger-700" aria-hidden="true">
          {step}
        </span>
        {title}
      </h2>
      {children}
    </Card>
  )
}

function Field({ label, name, error, className, children }: { label: string; name: string; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={`checkout-${name}`}>{label}</Label>
      {children}
      <FieldError id={`checkout-${name}-error`} message={error} />
    </div>
  )
}

function PayButton({ processing, className, children }: { processing: boolean; className?: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={processing} className={cn('mt-5 w-full', className)}>
      {processing ? (
        <>
          <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" /> Processing payment...
        </>
      ) : (
        children
      )}
    </Button>
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
function PayPalStatus({
  settings,
  signedIn,
  authLoading,
  loginState,
}: {
  settings: ReturnType<typeof useSettings>
  signedIn: boolean
  authLoading: boolean
  loginState: unknown
}) {
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
          <Link to={paths.login} state={loginState} className="font-bold text-tiger-700 underline underline-offset-4">
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

function payPalConfigured(s: Settings | undefined): boolean {
  return !!s?.paypal.enabled && !!s.paypal.clientId
}
