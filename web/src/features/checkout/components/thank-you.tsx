import { PartyPopper } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { clearPaymentComplete } from '../payment-flag'

/** Shown once per payment: the router lets only a buyer with the pass in (app/router.tsx), and the pass is spent here. */
export function ThankYou({ orderNumber }: { orderNumber?: string }) {
  useEffect(() => clearPaymentComplete(), [])

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="flex size-24 items-center justify-center rounded-full bg-leaf-100">
        <PartyPopper className="size-12 text-leaf-700" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-4xl font-bold">Thank You!</h1>
      <p className="mt-3 text-lg text-muted">Your order has been placed successfully. You will receive a confirmation email shortly.</p>
      {orderNumber && (
        <p className="mt-4 rounded-full bg-sun-100 px-5 py-2 font-bold">
          Order number: <span data-testid="order-number">{orderNumber}</span>
        </p>
      )}
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.books}>Continue Shopping</Link>
      </Button>
    </div>
  )
}
