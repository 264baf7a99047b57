import { ArrowLeft, ShoppingBasket } from 'lucide-react'
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { EmptyState } from '@/components/ui/empty-state'
import { Form } from '@/components/ui/form'
import { lazyZodResolver } from '@/components/ui/lazy-resolver'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { Alert } from '@/components/ui/alert'
import { countryName } from '@/lib/countries'
import { setAppliedCode, useAppliedCode, useDiscountQuote } from '@/lib/discount'
import { messageOf } from '@/lib/errors'
import { useGeo } from '@/lib/geo'
import { subscribeAtCheckout } from '@/lib/newsletter'
import { isDigital, shipsAnything } from '@/lib/formats'
import { subdivisionCode, useAddressFormat } from '@/lib/address-format'
import { formatCents, orderTotals, shippingCents } from '@/lib/money'
import { countryCodeOf, taxOf, useShipping, useShippingMethods, zoneOf } from '@/lib/shipping'
import { serverFormMethod } from '@/lib/render-env'
import { usePlaceFreeOrder, useRecordDemoPayment, type DemoMethod, type PaymentResult } from '../api/process-payment'
import { setPaymentComplete } from '../payment-flag'
import { problemOf, type PaymentProblem } from '../payment-problem'
import { paymentRequest, type CheckoutPricing } from '../payment-request'
import type { CheckoutFormInput, CheckoutFormValues } from '../schema'
import { toShippingInfo } from '../shipping-info'
import type { CheckoutItem } from '../types'
import { PreorderNote } from '@/components/ui/preorder-note'
import { OrderSummary } from './order-summary'
import { LogInFirst, PayActions } from './pay-actions'
import { PaymentMethodTabs, type PaymentMethod } from './payment-method-tabs'
import { ShippingMethodChoice } from './shipping-method'
import { OrderNotesField, ShippingFields } from './shipping-fields'

// The form's rules (schema.ts, with zod) load as the buyer reaches the form, not with the page.
const loadRules = () => import('../schema')
const preloadRules = () => void loadRules().catch(() => {})
const rulesFor = (ships: boolean, format: CheckoutPricing['format']) => lazyZodResolver(() => loadRules().then((m) => m.schemaFor(ships, format)))

/** The signed-in buyer: `country` is the profile's (an ISO code), if it has one. */
type Buyer = { id: string; email: string; fullName?: string; country?: string }

export type CheckoutViewProps = {
  /**
   * Undefined while the stored cart is not read yet: the server-rendered page, and
   * the app hydrating it. The form is rendered then, and the summary waits.
   */
  items: CheckoutItem[] | undefined
  /** The signed-in buyer, if any: prefills the full name and e-mail; PayPal capture needs one. */
  user: Buyer | null
  authLoading?: boolean
  /** Called once the payment is recorded: empties the cart. */
  onPaid: () => void
  /** Called when a payment is refused or fails, with what it said. */
  onPaymentFailed?: (problem: PaymentProblem) => void
  /** The titles of the cart's sold-out books: nothing is paid until they leave the cart. */
  soldOut?: string[]
}

export function CheckoutView({ items, user, authLoading = false, onPaid, onPaymentFailed, soldOut = [] }: CheckoutViewProps) {
  const [done, setDone] = useState(false)
  if (done) return <Loading label="Taking you to your thank-you page..." />
  if (items?.length === 0) return <EmptyCheckout />
  return (
    <CheckoutForm items={items} user={user} authLoading={authLoading} onPaid={onPaid} onPaymentFailed={onPaymentFailed} soldOut={soldOut} onDone={() => setDone(true)} />
  )
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

/** Books of the cart with no copy left: said first, as nothing can be paid until they leave the cart. */
function SoldOut({ titles }: { titles: string[] }) {
  return (
    <Alert tone="error">
      <p className="font-bold">{titles.length === 1 ? `${titles[0]} is sold out` : `Sold out: ${titles.join(', ')}`}</p>
      <p>
        Please remove {titles.length === 1 ? 'it' : 'them'} from your cart to pay for the rest.{' '}
        <Link to={paths.cart} className="font-bold text-tiger-700 underline underline-offset-4">
          Back to Cart
        </Link>
      </p>
    </Alert>
  )
}

const emptyForm: CheckoutFormInput = {
  fullName: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: countryName('US')!,
  cardNumber: '',
  cardExpiry: '',
  cardCvc: '',
  notes: '',
}

/** The form: shipping fields, payment method tabs and the pay actions, each in its own file. */
function CheckoutForm({ items, user, authLoading = false, onPaid, onPaymentFailed, soldOut = [], onDone }: CheckoutViewProps & { onDone: () => void }) {
  const navigate = useNavigate()
  const [method, setMethod] = useState<PaymentMethod>('card')
  const [paymentError, setPaymentError] = useState<PaymentProblem | null>(null)
  // Unchecked until the buyer asks: marketing goes only to grown-ups who asked for it.
  const [news, setNews] = useState(false)
  const newsId = useId()
  const demoPayment = useRecordDemoPayment()
  const freeOrder = usePlaceFreeOrder()
  // Until the cart is read the page is rendered as for books that ship (the server's rendering).
  const ships = !items || shipsAnything(items)
  const hasDigital = !!items && items.some((i) => isDigital(i.format))
  // The rules follow the cart: a cart of digital books only asks for no address.
  const shipsNow = useRef(ships)
  useLayoutEffect(() => {
    shipsNow.current = ships
  }, [ships])
  // ...and the address's country: its fields, their words and rules (the United States keep the spec's).
  const formatNow = useRef<CheckoutPricing['format']>(undefined)
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: (values, context, options) => rulesFor(shipsNow.current, formatNow.current)(values, context, options),
    defaultValues: { ...emptyForm, fullName: user?.fullName ?? '', email: user?.email ?? '' },
  })
  usePrefill(form, user)
  const { pricing, methods, destination, chooseMethod, discountProblem } = useCheckoutPricing(form, items, ships)
  useLayoutEffect(() => {
    formatNow.current = pricing.format
  }, [pricing.format])
  // Digital books go to a family's library: buying one needs an account.
  const loginNeeded = hasDigital && !authLoading && !user
  const totals = items && orderTotals(items, { shipping: pricing.shipping, discountCents: pricing.discount?.cents, tax: pricing.tax })
  // A 100 % discount: nothing to pay, so no payment method is offered (the server places such an order without one).
  const free = totals?.totalCents === 0

  const finish = (result: PaymentResult) => {
    // The e-mail to confirm is a nicety beside the order: a failure to ask for it must not hold the buyer back.
    if (news) subscribeAtCheckout(form.getValues('email')).catch(() => undefined)
    setPaymentComplete(result.orderNumber)
    onDone()
    onPaid()
    // The code went with this order: the next cart starts without it.
    setAppliedCode(null)
    navigate(paths.thankYou, { replace: true })
  }

  const changeMethod = useCallback((m: PaymentMethod) => {
    setMethod(m)
    setPaymentError(null)
  }, [])

  const failed = (problem: PaymentProblem | string | null) => {
    const said = typeof problem === 'string' ? { message: problem } : problem
    setPaymentError(said)
    if (said) onPaymentFailed?.(said)
  }

  // Callbacks given to mutate() are dropped if the buyer has left the page meanwhile.
  const payDemo = (demoMethod: DemoMethod, lines: CheckoutItem[]) =>
    form.handleSubmit((values) => {
      setPaymentError(null)
      demoPayment.mutate(
        { method: demoMethod, ...paymentRequest(lines, pricing), shippingInfo: toShippingInfo(values, shipsAnything(lines), pricing.format) },
        {
          onSuccess: finish,
          onError: (err) => {
            const problem = problemOf(err)
            failed(problem)
            if (problem.stock) toast.error('Not enough copies left', { description: problem.message })
            else toast.error('Payment Failed', { description: 'There was a problem processing your payment. Please try again.' })
          },
        },
      )
    })

  const placeFree = (lines: CheckoutItem[]) =>
    form.handleSubmit((values) => {
      setPaymentError(null)
      freeOrder.mutate({ ...paymentRequest(lines, pricing), shippingInfo: toShippingInfo(values, shipsAnything(lines), pricing.format) }, { onSuccess: finish, onError: (err) => failed(problemOf(err)) })
    })

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    if (!items || loginNeeded || soldOut.length > 0) {
      e.preventDefault() // nothing to pay for yet, or not before signing in (the pay button is off meanwhile)
      return
    }
    if (free) {
      void placeFree(items)(e)
      return
    }
    if (method === 'paypal') {
      // Enter in a field with PayPal chosen: show what is missing; PayPal's own button pays.
      e.preventDefault()
      void form.trigger(undefined, { shouldFocus: true })
      return
    }
    void payDemo(method, items)(e)
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="-ml-3 mb-3">
        <Link to={paths.cart}>
          <ArrowLeft /> Back to Cart
        </Link>
      </Button>
      <h1 className="mb-6 text-3xl font-bold sm:text-4xl">Checkout</h1>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <Form {...form}>
          <form method={serverFormMethod} noValidate onSubmit={onSubmit} onFocus={preloadRules} aria-label="Checkout" className="flex flex-col gap-6">
            {/* Said first, before the buyer fills anything in. */}
            {loginNeeded && paymentError?.link !== 'login' && <LogInFirst message="Please log in to buy digital books." />}
            {soldOut.length > 0 && <SoldOut titles={soldOut} />}
            <ShippingFields control={form.control} ships={ships} format={pricing.format} />
            {ships ? (
              <ShippingMethodChoice
                methods={methods}
                chosen={pricing.shipping?.id}
                destination={destination}
                priceOf={(m) => shippingCents(m, totals ? totals.subtotalCents - totals.discountCents : 0)}
                onChoose={chooseMethod}
              />
            ) : (
              <Alert tone="info">
                <p className="font-bold">Nothing to ship</p>
                <p>Digital books are not shipped: they are in your Library as soon as your payment is confirmed.</p>
              </Alert>
            )}
            {free ? (
              <section aria-label="Payment" className="rounded-2xl border-2 border-line bg-white p-5">
                <h2 className="text-xl font-bold">Nothing to pay</h2>
                <p className="mt-1 text-muted">Your discount covers the whole order, so no payment method is needed.</p>
              </section>
            ) : (
              <PaymentMethodTabs control={form.control} method={method} onMethodChange={changeMethod} signedIn={!!user} authLoading={authLoading} step={ships ? 4 : 2} />
            )}
            <OrderNotesField control={form.control} step={ships ? 5 : 3} ships={ships} />
            <div className="flex items-start gap-3 rounded-2xl border-2 border-line bg-white p-4">
              <Checkbox id={newsId} checked={news} onCheckedChange={(c) => setNews(c === true)} className="mt-0.5" />
              <label htmlFor={newsId} className="cursor-pointer">
                <span className="font-bold">Send me news and offers by e-mail</span>
                <span className="block text-sm text-muted">New books and story ideas, now and then. We’ll e-mail you a link to confirm first.</span>
              </label>
            </div>
            <PayActions
              method={free ? 'free' : method}
              items={items}
              ships={ships}
              pricing={pricing}
              payLabel={free ? 'Place Order' : totals ? `Pay ${formatCents(totals.totalCents)}` : 'Pay'}
              processing={demoPayment.isPending || freeOrder.isPending}
              paymentError={paymentError}
              loginNeeded={loginNeeded}
              soldOut={soldOut.length > 0}
              userId={authLoading ? null : (user?.id ?? null)}
              onPaymentError={failed}
              onPaid={finish}
            />
          </form>
        </Form>

        {/* On a phone the summary comes first, folded to its total, so the buyer sees what they pay before the form. */}
        <div className="order-first lg:sticky lg:top-24 lg:order-none">
          <OrderSummary items={items} pricing={pricing} />
          {items && <PreorderNote items={items} className="mt-4" />}
          {discountProblem && (
            <Alert tone="error" className="mt-4">
              <p className="font-bold">Discount code not applied</p>
              <p>{discountProblem}</p>
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => setAppliedCode(null)}>
                Remove the code
              </Button>
            </Alert>
          )}
        </div>
      </div>
    </div>
  )
}

/**
 * The session, the profile (with the parent's name and country) and the location lookup may respond
 * after the form is rendered: fill in what the buyer has not touched. The profile's country comes
 * before the lookup's, which is asked only without it.
 */
function usePrefill(form: UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>, user: Buyer | null) {
  const { getFieldState, getValues, setValue } = form
  const geo = useGeo(!user?.country)
  useEffect(() => {
    if (user?.email && !getFieldState('email').isDirty && !getValues('email')) setValue('email', user.email)
  }, [user?.email, getFieldState, getValues, setValue])
  useEffect(() => {
    if (user?.fullName && !getFieldState('fullName').isDirty && !getValues('fullName')) setValue('fullName', user.fullName)
  }, [user?.fullName, getFieldState, getValues, setValue])
  useEffect(() => {
    const name = countryName(user?.country) ?? countryName(geo.data?.countryCode)
    if (name && !getFieldState('country').isDirty) setValue('country', name)
  }, [user?.country, geo.data?.countryCode, getFieldState, setValue])
}

/**
 * How the order is priced beyond its books, as the server will price it: the methods the shop's settings offer to
 * the address's country (carried by the page, then asked of /api/shipping/methods), the method chosen (the
 * cheapest until the buyer picks another), the tax rates of its zone (or of its state or province, where the zone
 * names one; for digital books only, of the buyer's country), the code applied in the cart, priced by the server
 * for this cart and destination, and how the country writes an address.
 */
function useCheckoutPricing(form: UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>, items: CheckoutItem[] | undefined, ships: boolean) {
  const settings = useShipping().data
  const [countryName, state] = useWatch({ control: form.control, name: ['country', 'state'] })
  const country = countryCodeOf(countryName) ?? 'US'
  const inZone = zoneOf(settings, country)
  const asked = useShippingMethods(country)
  const format = useAddressFormat(country).data
  const methods = asked.data?.methods ?? inZone?.methods ?? []
  const [picked, setPicked] = useState<string | null>(null)
  // Digital books only: no method, no shipping charged.
  const shipping = ships ? (methods.find((m) => m.id === picked) ?? methods[0]) : undefined
  const code = useAppliedCode()
  const stateCode = ships ? subdivisionCode(format, state) : undefined
  const quote = useDiscountQuote(code, items, { country, state: stateCode ? state : undefined, shippingMethod: shipping?.id })
  const pricing: CheckoutPricing = {
    shipping,
    discount: quote.data && quote.data.discountCents > 0 ? { code: quote.data.code, cents: quote.data.discountCents } : undefined,
    tax: taxOf(inZone, stateCode, settings?.taxRatePercent),
    format: format?.country === country ? format : undefined,
  }
  return {
    pricing,
    methods,
    destination: countryCodeOf(countryName) ? countryName : 'United States',
    chooseMethod: setPicked,
    discountProblem: quote.isError ? messageOf(quote.error) : null,
  }
}
