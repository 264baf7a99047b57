import { lazy, Suspense, type ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { Link, useLocation } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { payPalConfigured, useSettings } from '@/lib/settings'
import type { PaymentResult } from '../api/process-payment'
import type { PaymentProblem } from '../payment-problem'
import { paymentRequest, type CheckoutPricing } from '../payment-request'
import type { CheckoutFormInput } from '../schema'
import type { CheckoutItem } from '../types'
import type { PaymentMethod } from './payment-method-tabs'

const PayPalPanel = lazy(() => import('./paypal-panel'))

type PayActionsProps = {
  /** 'free': the total is $0.00, placed without a payment method. */
  method: PaymentMethod | 'free'
  /** Undefined until the stored cart is read: nothing can be paid yet. */
  items: CheckoutItem[] | undefined
  /** False for a cart of digital books only: no address is read. */
  ships: boolean
  /** The cart has digital books and nobody is signed in: no payment before logging in. */
  loginNeeded: boolean
  /** A book of the cart is sold out: no payment until it leaves the cart. */
  soldOut?: boolean
  /** The shipping method, code and tax rate the summary shows. */
  pricing: CheckoutPricing
  /** 'Pay $12.34': the card button's words. */
  payLabel: string
  /** A demo payment is on its way. */
  processing: boolean
  paymentError: PaymentProblem | null
  /** The signed-in buyer's id once the session is known; PayPal needs one. */
  userId: string | null
  onPaymentError: (problem: PaymentProblem | string | null) => void
  onPaid: (result: PaymentResult) => void
}

/** The end of the form: what went wrong, and the button (or PayPal's buttons) that pays. */
export function PayActions({ method, items, ships, loginNeeded, soldOut = false, pricing, payLabel, processing, paymentError, userId, onPaymentError, onPaid }: PayActionsProps) {
  const off = !items || loginNeeded || soldOut
  return (
    <div className="flex flex-col gap-4">
      {paymentError &&
        (paymentError.link === 'login' ? (
          <LogInFirst message={paymentError.message} />
        ) : (
          <Alert tone="error">
            <p className="font-bold">{paymentError.stock ? 'Not enough copies left' : 'Payment Error'}</p>
            <p>{paymentError.message}</p>
            {paymentError.stock && <StockCorrected left={paymentError.stock.left} />}
            {paymentError.link === 'library' && (
              <Link to={paths.library} className="mt-1 inline-block font-bold text-tiger-700 underline underline-offset-4">
                Open your Library
              </Link>
            )}
          </Alert>
        ))}
      {method === 'free' && (
        <PayButton processing={processing} disabled={off} label="Placing your order...">
          {payLabel}
        </PayButton>
      )}
      {method === 'card' && (
        <PayButton processing={processing} disabled={off}>
          {payLabel}
        </PayButton>
      )}
      {method === 'apple' && (
        <PayButton processing={processing} disabled={off} className="bg-ink shadow-[0_4px_0_#000] hover:bg-black">
          Pay with Apple Pay
        </PayButton>
      )}
      {method === 'google' && (
        <PayButton processing={processing} disabled={off} className="bg-white text-ink shadow-[0_4px_0_var(--color-line)] ring-2 ring-line hover:bg-tiger-50">
          Pay with Google Pay
        </PayButton>
      )}
      {method === 'paypal' && items && userId && !soldOut && <PayPalButtons items={items} ships={ships} pricing={pricing} userId={userId} onPaymentError={onPaymentError} onPaid={onPaid} />}
    </div>
  )
}

/** A refusal of stock corrected the cart (cart-provider's stockRefused): what it holds now. */
function StockCorrected({ left }: { left: number }) {
  return (
    <p>
      {left > 0
        ? `Your cart now holds the ${left === 1 ? 'copy' : `${left} copies`} we have: please check your order and pay again.`
        : 'It is marked sold out in your cart: please remove it, then pay.'}{' '}
      <Link to={paths.cart} className="font-bold text-tiger-700 underline underline-offset-4">
        Back to Cart
      </Link>
    </p>
  )
}

/** Digital books belong to an account: log in, and come back to this checkout with the cart as it is. */
export function LogInFirst({ message }: { message: string }) {
  const location = useLocation()
  return (
    <Alert tone="warning">
      <p className="font-bold">{message}</p>
      <p>
        Digital books are kept in your family's Library.{' '}
        <Link to={paths.login} state={{ from: location }} className="font-bold text-tiger-700 underline underline-offset-4">
          Log in
        </Link>{' '}
        and you will come back here with your cart.
      </p>
    </Alert>
  )
}

/** Submits the form; a demo payment (or a free order) is in progress while `processing`. */
function PayButton({
  processing,
  disabled = false,
  className,
  label = 'Processing payment...',
  children,
}: {
  processing: boolean
  disabled?: boolean
  className?: string
  label?: string
  children: ReactNode
}) {
  return (
    <Button type="submit" size="lg" disabled={processing || disabled} className={cn('mt-5 w-full', className)}>
      {processing ? (
        <>
          <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" /> {label}
        </>
      ) : (
        children
      )}
    </Button>
  )
}

/** PayPal's own buttons (loaded with their SDK only now), checking the form before PayPal's window opens. */
function PayPalButtons({ items, ships, pricing, userId, onPaymentError, onPaid }: Pick<PayActionsProps, 'onPaymentError' | 'onPaid' | 'pricing' | 'ships'> & { items: CheckoutItem[]; userId: string }) {
  const settings = useSettings()
  const { trigger, getValues } = useFormContext<CheckoutFormInput>()
  if (!payPalConfigured(settings.data)) return null
  const showProblems = () => trigger(undefined, { shouldFocus: true })
  return (
    <div className="rounded-2xl border-2 border-line bg-white p-4">
      <Suspense fallback={<Loading label="Loading PayPal..." className="min-h-32" />}>
        <PayPalPanel
          clientId={settings.data.paypal.clientId}
          sdkUrl={settings.data.paypal.sdkUrl || undefined}
          userId={userId}
          getOrder={() => paymentRequest(items, pricing)}
          validate={showProblems}
          getShippingInfo={async () => {
            // The buyer may have changed a field while PayPal's window was open.
            const { readShippingInfo } = await import('../schema')
            const read = readShippingInfo(getValues(), ships, pricing.format)
            if (read.ok) return read.info
            void showProblems()
            throw new Error(read.message)
          }}
          onPaymentError={onPaymentError}
          onPaid={onPaid}
        />
      </Suspense>
    </div>
  )
}
