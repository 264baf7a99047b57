import { useId, type ReactNode } from 'react'
import { formatCents } from '@/lib/money'
import { lineName } from '../action-forms'
import { methodNames, type AdminOrder } from '../types'
import { placedAt } from './orders-list'

// The order desk's panels: what was bought and its totals, the buyer, the
// payment, the parcel and the refunds.

/** A titled card of the order page. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-2xl border-2 border-line bg-white p-5">
      <h2 id={id} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** What goes in the parcel when digital lines are delivered to the library instead. */
function ToShip({ items }: { items: AdminOrder['items'] }) {
  const parcel = items.filter((l) => !l.digital)
  return (
    <p className="mt-3 rounded-xl bg-sun-100 px-3 py-2 font-bold">
      {parcel.length === 0 ? 'Nothing to ship: every book is digital.' : `To ship: ${parcel.map((l) => `${lineName(l)} × ${l.quantity}`).join(', ')}`}
    </p>
  )
}

export function Lines({ order: o }: { order: AdminOrder }) {
  return (
    <Panel title="Books">
      <ul className="flex flex-col divide-y-2 divide-line">
        {o.items.map((l) => (
          <li key={l.position} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <span>
              <span className="font-bold">{lineName(l)}</span> × {l.quantity}
              <span className="block text-sm text-muted">
                {formatCents(l.unitPriceCents)} each{l.digital ? ' · Digital: in the family’s Library, nothing to ship' : ''}
                {l.refundedQuantity > 0 && ` · ${l.refundedQuantity} refunded`}
              </span>
            </span>
            <span className="font-bold tabular-nums">{formatCents(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      {o.items.some((l) => l.digital) && <ToShip items={o.items} />}
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t-2 border-line pt-3 tabular-nums">
        <dt className="text-muted">Subtotal</dt>
        <dd className="text-right">{formatCents(o.subtotalCents)}</dd>
        {o.discountCents > 0 && (
          <>
            <dt className="text-muted">Discount ({o.discountCode})</dt>
            <dd className="text-right">−{formatCents(o.discountCents)}</dd>
          </>
        )}
        <dt className="text-muted">Tax{o.taxRate && ` (${o.taxRate}${o.taxPlace ? `, ${o.taxPlace}` : ''})`}</dt>
        <dd className="text-right">{formatCents(o.taxCents)}</dd>
        <dt className="text-muted">Shipping ({shippingMethodName(o.shippingMethod)})</dt>
        <dd className="text-right">{o.shippingCents === 0 ? 'Free' : formatCents(o.shippingCents)}</dd>
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold">{formatCents(o.totalCents)}</dd>
        {o.refundedCents > 0 && (
          <>
            <dt className="text-muted">Refunded</dt>
            <dd className="text-right">−{formatCents(o.refundedCents)}</dd>
          </>
        )}
        {o.pendingRefundCents > 0 && (
          <>
            <dt className="text-muted">Refund pending at PayPal</dt>
            <dd className="text-right">{formatCents(o.pendingRefundCents)}</dd>
          </>
        )}
        {(o.refundedCents > 0 || o.pendingRefundCents > 0) && (
          <>
            <dt className="text-muted">Left to refund</dt>
            <dd className="text-right">{formatCents(o.refundableCents)}</dd>
          </>
        )}
      </dl>
    </Panel>
  )
}

/** 'express' → 'Express': the method the order was priced with (its name then is in the settings, which may have changed since). */
function shippingMethodName(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1)
}

export function Buyer({ order: o }: { order: AdminOrder }) {
  const s = o.shippingInfo
  const address = [s.fullName, s.address, [s.city, s.state, s.zipCode].filter(Boolean).join(' '), s.country].filter(Boolean)
  return (
    <Panel title="Buyer">
      <p className="font-bold">{o.buyer.name || '—'}</p>
      <p className="break-all">{o.buyer.email ? <a href={`mailto:${o.buyer.email}`} className="text-tiger-800 underline underline-offset-4">{o.buyer.email}</a> : 'No e-mail (erased)'}</p>
      <p className="text-sm text-muted">{o.buyer.userId ? 'Signed-in customer' : 'Guest checkout'}</p>
      {address.length > 0 && (
        <>
          <h3 className="mt-4 font-bold">Shipping address</h3>
          <address className="not-italic">
            {address.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
        </>
      )}
      {s.notes && (
        <>
          <h3 className="mt-4 font-bold">Order notes</h3>
          <p className="whitespace-pre-line">{s.notes}</p>
        </>
      )}
    </Panel>
  )
}

export function Payment({ order: o }: { order: AdminOrder }) {
  return (
    <Panel title="Payment">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted">Method</dt>
        <dd>{methodNames[o.payment.provider] ?? o.payment.provider}</dd>
        {o.payment.demo && (
          <>
            <dt className="sr-only">Note</dt>
            <dd className="col-span-2 text-sm text-muted">A demo payment: no money moved, refunds are recorded only.</dd>
          </>
        )}
        {o.payment.paypalOrderId && (
          <>
            <dt className="text-muted">PayPal order</dt>
            <dd className="font-mono text-sm break-all">{o.payment.paypalOrderId}</dd>
          </>
        )}
        {o.payment.captureId && (
          <>
            <dt className="text-muted">Capture</dt>
            <dd className="font-mono text-sm break-all">{o.payment.captureId}</dd>
          </>
        )}
        {o.paidAt && (
          <>
            <dt className="text-muted">Paid</dt>
            <dd>{placedAt(o.paidAt)}</dd>
          </>
        )}
      </dl>
    </Panel>
  )
}

export function Parcel({ order: o }: { order: AdminOrder }) {
  const f = o.fulfilment!
  return (
    <Panel title="Parcel">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted">Carrier</dt>
        <dd>{f.carrier}</dd>
        <dt className="text-muted">Tracking number</dt>
        <dd className="font-mono text-sm break-all">{f.trackingNumber}</dd>
        <dt className="text-muted">Shipped</dt>
        <dd>{placedAt(f.fulfilledAt)}</dd>
        {f.deliveredAt && (
          <>
            <dt className="text-muted">Delivered</dt>
            <dd>{placedAt(f.deliveredAt)}</dd>
          </>
        )}
      </dl>
      {f.trackingUrl && (
        <a href={f.trackingUrl} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block font-bold text-tiger-800 underline underline-offset-4">
          Track the parcel<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </Panel>
  )
}

const refundSource = { staff: 'By staff', cancel: 'Cancellation', paypal: 'In PayPal' } as const
const refundStatus = { pending: 'Pending at PayPal', completed: 'Done', failed: 'Failed' } as const

export function Refunds({ order: o }: { order: AdminOrder }) {
  if (o.refunds.length === 0) return null
  return (
    <Panel title="Refunds">
      <ul className="flex flex-col divide-y-2 divide-line">
        {o.refunds.map((r) => (
          <li key={r.id} className="py-2">
            <p className="flex flex-wrap justify-between gap-x-4">
              <span className="font-bold tabular-nums">{formatCents(r.amountCents)}</span>
              <span className="text-sm">
                {refundSource[r.source]} · {refundStatus[r.status]}
              </span>
            </p>
            <p className="text-sm text-muted">
              {placedAt(r.createdAt)}
              {r.actor && ` · ${r.actor}`}
              {r.lines.length > 0 && ` · ${r.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')}`}
            </p>
            {r.reason && <p className="text-sm">{r.reason}</p>}
          </li>
        ))}
      </ul>
    </Panel>
  )
}

