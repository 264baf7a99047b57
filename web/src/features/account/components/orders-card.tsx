import { Package } from 'lucide-react'
import { OrderStatusPills } from '@/components/ui/order-status'
import { formatCents } from '@/lib/money'
import { useOrders } from '../api/get-orders'
import type { Order } from '../types'
import { Section } from './section'

/** My Orders: the buyer's orders, each opening its lines, totals and address. */
export function OrdersCard() {
  const orders = useOrders()
  return (
    <Section icon={Package} title="My Orders" description="Every book you have ordered from us.">
      {orders.isPending && <p className="text-muted">Loading your orders…</p>}
      {orders.isError && <p className="text-red-600">Could not load your orders.</p>}
      {orders.data?.length === 0 && <p className="rounded-xl bg-cream px-4 py-3 text-muted">No orders yet.</p>}
      <ul className="flex flex-col gap-3">
        {orders.data?.map((o) => (
          <li key={o.number}>
            <OrderRow order={o} />
          </li>
        ))}
      </ul>
    </Section>
  )
}

function OrderRow({ order: o }: { order: Order }) {
  const items = o.items.reduce((n, l) => n + l.quantity, 0)
  const address = [o.shippingInfo.fullName, o.shippingInfo.address, [o.shippingInfo.city, o.shippingInfo.state, o.shippingInfo.zipCode].filter(Boolean).join(' '), o.shippingInfo.country]
    .filter(Boolean)
    .join(', ')
  return (
    <div className="rounded-xl bg-cream px-4 py-3">
    <details className="group">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-4 gap-y-1">
        <span className="font-bold">Order {o.number}</span>
        <span className="text-sm text-muted">{new Date(o.createdAt).toLocaleDateString()}</span>
        <span className="text-sm text-muted">
          {items} {items === 1 ? 'item' : 'items'}
        </span>
        <span className="ml-auto font-bold">{formatCents(o.totalCents)}</span>
        <OrderStatusPills payment={o.paymentStatus} fulfillment={o.fulfillmentStatus} small />
      </summary>
      <div className="mt-3 border-t border-line pt-3 text-sm">
        <OrderLines order={o} />
        {address && <p className="mt-2">Shipping to: {address}</p>}
      </div>
    </details>
    <AfterPayment order={o} />
    </div>
  )
}

/** What happened after payment, shown without opening the order: the parcel and its tracking link, refunds. */
export function AfterPayment({ order: o }: { order: Pick<Order, 'number' | 'fulfilment' | 'refunds'> }) {
  const f = o.fulfilment
  const refunds = o.refunds ?? []
  if (!f && refunds.length === 0) return null
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm">
      {f && (
        <p>
          {f.deliveredAt ? 'Delivered' : 'Shipped'} with {f.carrier}, tracking number {f.trackingNumber}
          {f.trackingUrl && (
            <>
              {' · '}
              <a href={f.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-bold text-tiger-800 underline underline-offset-4">
                Track your parcel<span className="sr-only"> for order {o.number} (opens in a new tab)</span>
              </a>
            </>
          )}
        </p>
      )}
      {refunds.map((r, i) => (
        <p key={i}>
          Refunded {formatCents(r.amountCents)} on {new Date(r.at).toLocaleDateString()}
        </p>
      ))}
    </div>
  )
}

/**
 * An order's lines and its totals, the tax with the rate applied: in My
 * Orders and on a guest's order-status page.
 */
export function OrderLines({ order: o, className }: { order: Omit<Order, 'shippingInfo'>; className?: string }) {
  return (
    <div className={className}>
      <ul className="flex flex-col gap-1">
        {o.items.map((l) => (
          <li key={`${l.bookId}:${l.title}`} className="flex justify-between gap-3">
            <span>
              {l.title} × {l.quantity}
            </span>
            <span>{formatCents(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 text-muted">
        <dt>Subtotal</dt>
        <dd>{formatCents(o.subtotalCents)}</dd>
        {!!o.discountCents && (
          <>
            <dt>Discount ({o.discountCode})</dt>
            <dd>−{formatCents(o.discountCents)}</dd>
          </>
        )}
        <dt>Tax{o.taxRate && ` (${o.taxRate})`}</dt>
        <dd>{formatCents(o.taxCents)}</dd>
        <dt>Shipping</dt>
        <dd>{o.shippingCents === 0 ? 'Free' : formatCents(o.shippingCents)}</dd>
        <dt className="font-bold text-ink">Total</dt>
        <dd className="font-bold text-ink">{formatCents(o.totalCents)}</dd>
      </dl>
    </div>
  )
}
