import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer, type PayPalButtonsComponentProps } from '@paypal/react-paypal-js'
import { Component, useLayoutEffect, useRef, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { useCapturePayPalOrder, useCreatePayPalOrder, type PaymentOrder, type PaymentResult } from '../api/process-payment'
import { problemOf, type PaymentProblem } from '../payment-problem'
import type { ShippingInfo } from '../shipping-info'

export type PayPalPanelProps = {
  clientId: string
  sdkUrl?: string
  userId?: string
  /** The cart as payment items, amount, shipping method and code, read when PayPal asks. */
  getOrder: () => PaymentOrder
  /** Validates the checkout form (showing its messages); false stops PayPal before it opens. */
  validate: () => Promise<boolean>
  getShippingInfo: () => ShippingInfo | Promise<ShippingInfo>
  onPaymentError: (problem: PaymentProblem | string | null) => void
  onPaid: (result: PaymentResult) => void
}

/**
 * PayPal's buttons. This module (with the SDK loader) is loaded only when the
 * PayPal tab is chosen, and unmounting it closes the buttons.
 */
export default function PayPalPanel(props: PayPalPanelProps) {
  return (
    <PayPalScriptProvider
      options={{
        clientId: props.clientId,
        currency: 'USD',
        intent: 'capture',
        commit: true,
        components: 'buttons',
        ...(props.sdkUrl ? { sdkBaseUrl: props.sdkUrl } : {}),
      }}
    >
      <PayPalInitBoundary>
        <Buttons {...props} />
      </PayPalInitBoundary>
    </PayPalScriptProvider>
  )
}

function Buttons(props: PayPalPanelProps) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer()
  const newOrder = useCreatePayPalOrder()
  const capture = useCapturePayPalOrder()
  // The SDK keeps the first callbacks it was given; read the latest props through a ref.
  const latest = useRef(props)
  useLayoutEffect(() => {
    latest.current = props
  })
  // An error already reported by createOrder or onApprove must not be reported twice by onError.
  const reported = useRef(false)

  if (isRejected) {
    return (
      <Alert tone="error">
        <p className="font-bold">Payment Error</p>
        <p>Failed to initialize PayPal: the PayPal script could not be loaded.</p>
      </Alert>
    )
  }
  if (isPending) return <Loading label="Loading PayPal..." className="min-h-32" />

  const onClick: PayPalButtonsComponentProps['onClick'] = async (_data, actions) => {
    latest.current.onPaymentError(null)
    const ok = await latest.current.validate()
    return ok ? actions.resolve() : actions.reject()
  }

  const createOrder: PayPalButtonsComponentProps['createOrder'] = async () => {
    reported.current = false
    try {
      // The address prices the shipping to its country (the form was checked by onClick).
      const { id } = await newOrder.mutateAsync({ ...latest.current.getOrder(), shippingInfo: await latest.current.getShippingInfo() })
      if (!id) throw new Error('Failed to create order')
      return id
    } catch (err) {
      reported.current = true
      const problem = err instanceof ApiError ? problemOf(err, 'Error creating PayPal order: ') : `Error creating PayPal order: ${messageOf(err, 'Failed to create order')}`
      latest.current.onPaymentError(problem)
      if (typeof problem !== 'string' && problem.stock) toast.error('Not enough copies left', { description: problem.message })
      else toast.error('Payment Error', { description: 'There was a problem setting up PayPal. Please try again.' })
      throw err
    }
  }

  const onApprove: PayPalButtonsComponentProps['onApprove'] = async (data, actions) => {
    const p = latest.current
    try {
      const result = await capture.mutateAsync({ orderID: data.orderID, ...p.getOrder(), shippingInfo: await p.getShippingInfo(), userId: p.userId })
      p.onPaid(result)
    } catch (err) {
      const message = messageOf(err, 'Error processing payment')
      // The buyer's card was declined: PayPal lets them pick another funding source.
      if (message.includes('INSTRUMENT_DECLINED') || (err instanceof ApiError && err.status === 402)) {
        await actions.restart()
        return
      }
      p.onPaymentError(err instanceof ApiError ? problemOf(err, 'Payment failed: ') : `Payment failed: ${message}`)
      toast.error('Payment Failed', { description: `There was a problem processing your payment: ${message}` })
    }
  }

  const onCancel: PayPalButtonsComponentProps['onCancel'] = () => {
    toast('Payment Cancelled', { description: 'You cancelled the PayPal payment process.' })
  }

  const onError: PayPalButtonsComponentProps['onError'] = (err) => {
    if (reported.current) {
      reported.current = false
      return
    }
    latest.current.onPaymentError(`PayPal error: ${messageOf(err, 'Unknown error')}`)
    toast.error('PayPal Error', { description: 'There was a problem with PayPal. Please try a different payment method.' })
  }

  return (
    <PayPalButtons
      style={{ layout: 'vertical', shape: 'pill', label: 'paypal' }}
      fundingSource="paypal"
      onClick={onClick}
      createOrder={createOrder}
      onApprove={onApprove}
      onCancel={onCancel}
      onError={onError}
    />
  )
}

/** PayPalButtons throws while rendering when the SDK cannot render them: say so instead of a blank page. */
class PayPalInitBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null }

  static getDerivedStateFromError(error: unknown) {
    return { error: messageOf(error, 'Unknown error') }
  }

  render() {
    if (this.state.error) {
      return (
        <Alert tone="error">
          <p className="font-bold">Payment Error</p>
          <p>Failed to initialize PayPal: {this.state.error}</p>
        </Alert>
      )
    }
    return this.props.children
  }
}
