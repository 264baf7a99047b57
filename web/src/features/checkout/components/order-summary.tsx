import { ChevronDown } from 'lucide-react'
import { memo, useState } from 'react'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { formatNames, shipsAnything } from '@/lib/formats'
import { formatCents, orderTotals, taxLabel, TAX_RATE_PERCENT } from '@/lib/money'
import type { CheckoutPricing } from '../payment-request'
import type { CheckoutItem } from '../types'

/**
 * What the buyer pays for. On a phone it stands above the form folded to
 * its total, so the form does not move when the lines come in, and opens on
 * a tap; beside the form on a wide screen it is always open. `items` is
 * undefined until the stored cart is read: gray bars hold the places.
 */
export const OrderSummary = memo(function OrderSummary({ items, pricing }: { items: CheckoutItem[] | undefined; pricing: CheckoutPricing }) {
  const [open, setOpen] = useState(false)
  const totals = items && orderTotals(items, { shipping: pricing.shipping, discountCents: pricing.discount?.cents, tax: pricing.tax })
  const method = pricing.shipping
  const ships = !items || shipsAnything(items)
  return (
    <Card className="p-6" role="region" aria-labelledby="checkout-summary-heading" aria-busy={!items}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="checkout-summary-heading" className="text-2xl font-bold">
          Order Summary
        </h2>
        <p className="text-xl font-extrabold lg:hidden">
          <span className="sr-only">Total </span>
          <Amount cents={totals?.totalCents} />
        </p>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="checkout-summary-details"
        onClick={() => setOpen(!open)}
        className="mt-2 inline-flex items-center gap-1 rounded-md font-bold text-tiger-700 hover:underline lg:hidden"
      >
        {open ? 'Hide order details' : 'Show order details'}
        <ChevronDown className={cn('size-5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div id="checkout-summary-details" className={cn(!open && 'max-lg:hidden')}>
        <ul aria-label="Order items" className="mt-5 flex flex-col gap-4">
          {items ? items.map((item) => <OrderLine key={`${item.id}:${item.format}`} item={item} />) : [1, 2].map((n) => <LinePlaceholder key={n} />)}
        </ul>
        <dl className="mt-5 flex flex-col gap-2 border-t-2 border-line pt-4">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd className="font-bold">
              <Amount cents={totals?.subtotalCents} />
            </dd>
          </div>
          {pricing.discount && (
            <div className="flex justify-between text-leaf-700">
              <dt>Discount ({pricing.discount.code})</dt>
              <dd className="font-bold">{totals ? `-${formatCents(totals.discountCents)}` : <Bar className="w-16" />}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>Tax ({items ? taxLabel(items, pricing.tax ?? { print: TAX_RATE_PERCENT, digital: TAX_RATE_PERCENT }) : `${pricing.tax?.print ?? TAX_RATE_PERCENT}%`})</dt>
            <dd className="font-bold">
              <Amount cents={totals?.taxCents} />
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-2">
            <dt>Shipping{method && ` (${method.name})`}</dt>
            {!ships ? (
              <dd className="font-bold">{formatCents(0)}</dd>
            ) : totals?.shippingCents === 0 ? (
              <dd className="font-bold text-leaf-700">Free</dd>
            ) : (
              <dd className="font-bold">
                <Amount cents={totals?.shippingCents} />
              </dd>
            )}
            {method && <dd className="w-full text-sm text-muted">{method.deliveryTime} once shipped</dd>}
            {!ships && <dd className="w-full text-sm text-muted">Nothing to ship: digital books</dd>}
          </div>
          <div className="mt-1 flex justify-between border-t-2 border-line pt-3 text-xl font-extrabold">
            <dt>Total</dt>
            <dd>
              <Amount cents={totals?.totalCents} />
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  )
})

function OrderLine({ item }: { item: CheckoutItem }) {
  return (
    <li aria-label={`${item.title} · ${formatNames[item.format]}`} className="flex items-center gap-3">
      <img src={item.coverImage} alt="" width={400} height={600} className="aspect-[2/3] h-auto w-12 shrink-0 rounded-md shadow" />
      <div className="min-w-0 flex-1">
        <p className="font-bold leading-snug">
          {item.title} <span className="font-normal text-muted">· {formatNames[item.format]}</span>
        </p>
        <p className="text-sm text-muted">Qty: {item.quantity}</p>
      </div>
      <p className="font-extrabold">{formatCents(item.priceCents * item.quantity)}</p>
    </li>
  )
}

function LinePlaceholder() {
  return (
    <li aria-hidden="true" className="flex items-center gap-3">
      <span className="aspect-[2/3] w-12 shrink-0 animate-pulse rounded-md bg-line" />
      <span className="flex flex-1 flex-col gap-2">
        <Bar className="w-4/5" />
        <Bar className="w-12" />
      </span>
    </li>
  )
}

/** An amount, or a gray bar of about its size while the cart is read. */
function Amount({ cents }: { cents: number | undefined }) {
  return cents === undefined ? <Bar className="w-16" /> : formatCents(cents)
}

function Bar({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('inline-block h-[1em] animate-pulse rounded bg-line align-middle', className)} />
}
