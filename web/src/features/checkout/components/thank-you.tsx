import { PartyPopper } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, Navigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { clearPaymentComplete, peekPaymentComplete } from '../payment-flag'

/** Shown once per payment: the flag is read, then cleared; without it, /checkout. */
export function ThankYou() {
  const [pass] = useState(peekPaymentComplete)
  useEffect(() => {
    if (pass.complete) clearPaymentComplete()
  }, [pass.complete])

  if (!pass.complete) return <Navigate to={paths.checkout} replace />
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="flex size-24 items-center justify-center rounded-full bg-leaf-100">
        <PartyPopper className="size-12 text-leaf-700" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-4xl font-bold">Thank You!</h1>
      <p className="mt-3 text-lg text-muted">Your order has been placed successfully. You will receive a confirmation email shortly.</p>
      {pass.orderNumber && (
        <p className="mt-4 rounded-full bg-sun-100 px-5 py-2 font-bold">
          Order number: <span data-testid="order-number">{pass.orderNumber}</span>
        </p>
      )}
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.books}>Continue Shopping</Link>
      </Button>
    </div>
  )
}
