import { Card } from '@/components/ui/card'
import { formatCents, orderTotals } from '@/lib/money'
import { webOrderShipping } from '@/config/shipping'
import type { CheckoutItem } from '../types'

export function OrderSummary({ items }: { items: CheckoutItem[] }) {
  const totals = orderTotals(items)
  return (
    <Card className="p-6" role="region" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading" className="text-2xl font-bold">
        Order Summary
      </h2>
      <ul aria-label="Order items" className="mt-5 flex flex-col gap-4">
        {items.map((item) => (
          <li key={item.id} aria-label={item.title} className="flex items-center gap-3">
            <img src={item.coverImage} alt="" width={400} height={600} className="aspect-[2/3] h-auto w-12 shrink-0 rounded-md shadow" />
            <div className="min-w-0 flex-1">
              <p className="font-bold leading-snug">{item.title}</p>
              <p className="text-sm text-muted">Qty: {item.quantity}</p>
            </div>
            <p className="font-extrabold">{formatCents(item.priceCents * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-5 flex flex-col gap-2 border-t-2 border-line pt-4">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="font-bold">{formatCents(totals.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Tax (10%)</dt>
          <dd className="font-bold">{formatCents(totals.taxCents)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-2">
          <dt>Shipping</dt>
          <dd className="font-bold text-leaf-700">Free</dd>
          <dd className="w-full text-sm text-muted">{webOrderShipping.short}</dd>
        </div>
        <div className="mt-1 flex justify-between border-t-2 border-line pt-3 text-xl font-extrabold">
          <dt>Total</dt>
          <dd>{formatCents(totals.totalCents)}</dd>
        </div>
      </dl>
    </Card>
  )
}
