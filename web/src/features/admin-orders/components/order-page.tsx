import { ArrowLeft, Ban, CheckCircle2, Mail, ReceiptText, Truck } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input, Select, Textarea } from '@/components/ui/input'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { formatCents } from '@/lib/money'
import { parseDollars } from '../amount'
import { useAdminOrder, useOrderAction, type ActionRequest } from '../api/orders'
import { methodNames, statusNames, type AdminOrder, type OrderStatus, type TimelineEntry } from '../types'
import { ActionDialog } from './action-dialog'
import { FilterField as Field } from '@/components/ui/list-controls'
import { placedAt } from './orders-list'
import { OrderStatusBadge } from './status-badge'

/** What the staff member's role lets them do here (the server checks again). */
export type DeskPermissions = { act: boolean; refund: boolean; resend: boolean }

type Dialog = 'fulfil' | 'deliver' | 'cancel' | 'refund' | 'resend' | null

/** One order on the desk: lines, totals, buyer, payment, parcel, refunds, timeline and notes, with the actions its state and the role allow. */
export function OrderPage({ number, may }: { number: string; may: DeskPermissions }) {
  const order = useAdminOrder(number)
  const [dialog, setDialog] = useState<Dialog>(null)
  if (order.isPending) return <Loading label="Loading the order..." />
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFound number={number} />
    return <LoadFailed what="the order" onRetry={() => void order.refetch()} />
  }
  const o = order.data
  const can = (a: AdminOrder['actions'][number]) => o.actions.includes(a)
  const buttons: ReactNode[] = []
  if (may.act && can('fulfil'))
    buttons.push(
      <Button key="fulfil" onClick={() => setDialog('fulfil')}>
        <Truck aria-hidden="true" /> Mark as shipped
      </Button>,
    )
  if (may.act && can('deliver'))
    buttons.push(
      <Button key="deliver" variant="outline" onClick={() => setDialog('deliver')}>
        <CheckCircle2 aria-hidden="true" /> Mark as delivered
      </Button>,
    )
  if (may.refund && can('refund'))
    buttons.push(
      <Button key="refund" variant="outline" onClick={() => setDialog('refund')}>
        <ReceiptText aria-hidden="true" /> Refund
      </Button>,
    )
  if (may.act && can('cancel'))
    buttons.push(
      <Button key="cancel" variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setDialog('cancel')}>
        <Ban aria-hidden="true" /> Cancel order
      </Button>,
    )
  if (may.resend && o.paidAt && o.buyer.email)
    buttons.push(
      <Button key="resend" variant="ghost" onClick={() => setDialog('resend')}>
        <Mail aria-hidden="true" /> Resend confirmation
      </Button>,
    )

  return (
    <div className="flex flex-col gap-6">
      <Link to={paths.adminOrders} className="inline-flex w-fit items-center gap-1 font-bold text-tiger-800 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> All orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={o.status} />
        <span className="text-muted">Placed {placedAt(o.createdAt)}</span>
        <span className="font-bold tabular-nums">{formatCents(o.totalCents)}</span>
      </div>
      {buttons.length > 0 && (
        <div role="group" aria-label="Actions" className="flex flex-wrap gap-3">
          {buttons}
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <Lines order={o} />
          <Refunds order={o} />
          <Timeline order={o} canNote={may.act} />
        </div>
        <div className="flex flex-col gap-6">
          <Buyer order={o} />
          <Payment order={o} />
          {o.fulfilment && <Parcel order={o} />}
        </div>
      </div>

      <ActionDialogs order={o} open={dialog} onClose={() => setDialog(null)} />
    </div>
  )
}

function NotFound({ number }: { number: string }) {
  return (
    <div className="rounded-2xl border-2 border-line bg-white p-6">
      <p className="text-lg font-bold">There is no order {number}.</p>
      <Link to={paths.adminOrders} className="mt-2 inline-block font-bold text-tiger-800 underline underline-offset-4">
        Back to all orders
      </Link>
    </div>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
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

function Lines({ order: o }: { order: AdminOrder }) {
  return (
    <Panel title="Books">
      <ul className="flex flex-col divide-y-2 divide-line">
        {o.items.map((l) => (
          <li key={l.position} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <span>
              <span className="font-bold">{l.title}</span> × {l.quantity}
              <span className="block text-sm text-muted">
                {formatCents(l.unitPriceCents)} each{l.refundedQuantity > 0 && ` · ${l.refundedQuantity} refunded`}
              </span>
            </span>
            <span className="font-bold tabular-nums">{formatCents(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t-2 border-line pt-3 tabular-nums">
        <dt className="text-muted">Subtotal</dt>
        <dd className="text-right">{formatCents(o.subtotalCents)}</dd>
        <dt className="text-muted">Tax</dt>
        <dd className="text-right">{formatCents(o.taxCents)}</dd>
        <dt className="text-muted">Shipping</dt>
        <dd className="text-right">{o.shippingCents === 0 ? 'Free' : formatCents(o.shippingCents)}</dd>
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold">{formatCents(o.totalCents)}</dd>
        {o.refundedCents > 0 && (
          <>
            <dt className="text-muted">Refunded</dt>
            <dd className="text-right">−{formatCents(o.refundedCents)}</dd>
            <dt className="text-muted">Left to refund</dt>
            <dd className="text-right">{formatCents(o.refundableCents)}</dd>
          </>
        )}
      </dl>
    </Panel>
  )
}

function Buyer({ order: o }: { order: AdminOrder }) {
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

function Payment({ order: o }: { order: AdminOrder }) {
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

function Parcel({ order: o }: { order: AdminOrder }) {
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

function Refunds({ order: o }: { order: AdminOrder }) {
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

const kindNames: Record<TimelineEntry['kind'], string> = { status: 'Status', email: 'E-mail', refund: 'Refund', note: 'Note', webhook: 'PayPal' }

function Timeline({ order: o, canNote }: { order: AdminOrder; canNote: boolean }) {
  const entries = [...o.timeline].reverse()
  return (
    <Panel title="Timeline">
      {canNote && <NoteForm order={o} />}
      <ol className="flex flex-col gap-3">
        {entries.map((e) => (
          <li key={e.id} className={e.kind === 'note' ? 'rounded-xl bg-sun-100 px-3 py-2' : 'border-l-4 border-line pl-3'}>
            <p className="text-sm text-muted">
              <span className="font-bold text-ink">{kindNames[e.kind] ?? e.kind}</span> · {placedAt(e.at)}
              {e.actor && ` · ${e.actor}`}
            </p>
            {e.toStatus && (
              <p className="font-bold">
                {e.fromStatus ? `${statusNames[e.fromStatus as OrderStatus] ?? e.fromStatus} → ` : ''}
                {statusNames[e.toStatus as OrderStatus] ?? e.toStatus}
              </p>
            )}
            {e.message && <p className="break-words whitespace-pre-line">{e.message}</p>}
          </li>
        ))}
      </ol>
    </Panel>
  )
}

function NoteForm({ order }: { order: AdminOrder }) {
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const action = useOrderAction(order)
  const id = useId()
  return (
    <form
      className="mb-4 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        action.mutate(
          { action: 'notes', body: { text } },
          {
            onSuccess: () => {
              setText('')
              setError('')
              toast.success('Note added')
            },
            onError: (err) => setError(err instanceof ApiError ? (err.fields.text ?? err.message) : messageOf(err)),
          },
        )
      }}
    >
      <Field label="Internal note (only staff see it)" id={id}>
        <Textarea id={id} value={text} onChange={(e) => setText(e.target.value)} rows={2} maxLength={2000} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </Field>
      {error && (
        <p id={`${id}-error`} className="text-sm font-bold text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" size="sm" className="w-fit" disabled={action.isPending}>
        Add note
      </Button>
    </form>
  )
}

/** The field's own message from the server's refusal, else nothing. */
function fieldError(error: unknown, name: string): string | undefined {
  return error instanceof ApiError ? error.fields[name] : undefined
}

/** The server's refusal as a sentence for the dialog, unless it is all about fields shown beside them. */
function dialogError(error: unknown, fields: string[]): string | undefined {
  if (!error) return undefined
  if (error instanceof ApiError && Object.keys(error.fields).length > 0 && Object.keys(error.fields).every((f) => fields.includes(f))) return undefined
  return messageOf(error)
}

function ActionDialogs({ order: o, open, onClose }: { order: AdminOrder; open: Dialog; onClose: () => void }) {
  const action = useOrderAction(o)
  const run = (req: ActionRequest, done: string) =>
    action.mutate(req, {
      onSuccess: () => {
        toast.success(done)
        onClose()
        action.reset()
      },
    })
  const close = () => {
    action.reset()
    onClose()
  }
  const common = { busy: action.isPending, onCancel: close }
  return (
    <>
      {open === 'fulfil' && <FulfilDialog {...common} error={action.error} onConfirm={(body) => run({ action: 'fulfil', body }, `Order ${o.number} is shipped; the buyer was told.`)} />}
      {open === 'deliver' && (
        <ActionDialog open title="Mark as delivered?" confirmLabel="Mark as delivered" {...common} error={dialogError(action.error, [])} onConfirm={() => run({ action: 'deliver', body: {} }, `Order ${o.number} is delivered.`)}>
          <p>The parcel with tracking number {o.fulfilment?.trackingNumber} has arrived.</p>
        </ActionDialog>
      )}
      {open === 'cancel' && <CancelDialog order={o} {...common} error={action.error} onConfirm={(reason) => run({ action: 'cancel', body: { reason } }, `Order ${o.number} is cancelled.`)} />}
      {open === 'refund' && <RefundDialog order={o} {...common} error={action.error} onConfirm={(body) => run({ action: 'refund', body }, `Refund made for order ${o.number}.`)} />}
      {open === 'resend' && (
        <ActionDialog open title="Resend the confirmation?" confirmLabel="Resend" {...common} error={dialogError(action.error, [])} onConfirm={() => run({ action: 'resend-confirmation', body: {} }, `Confirmation sent again to ${o.buyer.email}.`)}>
          <p>The order confirmation goes again to {o.buyer.email}.</p>
        </ActionDialog>
      )}
    </>
  )
}

type DialogProps<T> = { busy: boolean; error: unknown; onConfirm: (value: T) => void; onCancel: () => void }

function FulfilDialog({ busy, error, onConfirm, onCancel }: DialogProps<{ carrier: string; trackingNumber: string; trackingUrl: string }>) {
  const [carrier, setCarrier] = useState('')
  const [trackingNumber, setTrackingNumber] = useState('')
  const [trackingUrl, setTrackingUrl] = useState('')
  const [missing, setMissing] = useState<Record<string, string>>({})
  const fields = ['carrier', 'trackingNumber', 'trackingUrl']
  const confirm = () => {
    // The server says the same; asking it first would only cost a round trip.
    const need: Record<string, string> = {}
    if (!carrier.trim()) need.carrier = 'Enter the carrier (e.g. USPS).'
    if (!trackingNumber.trim()) need.trackingNumber = 'Enter the tracking number.'
    setMissing(need)
    if (Object.keys(need).length === 0) onConfirm({ carrier, trackingNumber, trackingUrl })
  }
  return (
    <ActionDialog open title="Mark as shipped" confirmLabel="Mark as shipped" busy={busy} error={dialogError(error, fields)} onCancel={onCancel} onConfirm={confirm}>
      <p>The buyer gets “Your books are on their way” with the tracking link.</p>
      <TextField label="Carrier" id="ship-carrier" value={carrier} onChange={setCarrier} error={missing.carrier ?? fieldError(error, 'carrier')} autoComplete="off" placeholder="USPS" />
      <TextField
        label="Tracking number"
        id="ship-number"
        value={trackingNumber}
        onChange={setTrackingNumber}
        error={missing.trackingNumber ?? fieldError(error, 'trackingNumber')}
        autoComplete="off"
      />
      <TextField label="Tracking link (optional)" id="ship-url" type="url" value={trackingUrl} onChange={setTrackingUrl} error={fieldError(error, 'trackingUrl')} placeholder="https://" />
    </ActionDialog>
  )
}

function TextField({ label, id, value, onChange, error, ...input }: { label: string; id: string; value: string; onChange: (v: string) => void; error?: string } & Omit<React.ComponentProps<'input'>, 'onChange' | 'value'>) {
  return (
    <Field label={label} id={id}>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <p id={`${id}-error`} className="text-sm font-bold text-red-700">
          {error}
        </p>
      )}
    </Field>
  )
}

function ReasonField({ id, value, onChange, error }: { id: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field label="Reason (the buyer reads it)" id={id}>
      <Textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} rows={2} maxLength={500} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p id={`${id}-error`} className="text-sm font-bold text-red-700">
          {error}
        </p>
      )}
    </Field>
  )
}

function CancelDialog({ order: o, busy, error, onConfirm, onCancel }: DialogProps<string> & { order: AdminOrder }) {
  const [reason, setReason] = useState('')
  return (
    <ActionDialog open destructive title={`Cancel order ${o.number}?`} confirmLabel="Cancel and refund" busy={busy} error={dialogError(error, ['reason'])} onCancel={onCancel} onConfirm={() => onConfirm(reason)}>
      <p>
        The order will not ship. {o.refundableCents > 0 ? `${formatCents(o.refundableCents)} goes back to the buyer${o.payment.demo ? ' (a demo payment: recorded only)' : ' through PayPal'}` : 'Nothing is left to refund'}, its
        copies go back to stock, and the buyer is told by e-mail.
      </p>
      <ReasonField id="cancel-reason" value={reason} onChange={setReason} error={fieldError(error, 'reason')} />
    </ActionDialog>
  )
}

type RefundBody = Extract<ActionRequest, { action: 'refund' }>['body']

function RefundDialog({ order: o, busy, error, onConfirm, onCancel }: DialogProps<RefundBody> & { order: AdminOrder }) {
  const [mode, setMode] = useState<'amount' | 'lines'>('amount')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [quantities, setQuantities] = useState<Record<number, number>>({})
  const [localError, setLocalError] = useState('')
  const left = o.items.filter((l) => l.quantity > l.refundedQuantity)
  const confirm = () => {
    if (mode === 'amount') {
      const cents = parseDollars(amount)
      if (cents === null || cents < 1) return setLocalError('Enter the amount in dollars, e.g. 10.00.')
      if (cents > o.refundableCents) return setLocalError(`At most ${formatCents(o.refundableCents)} is left to refund.`)
      setLocalError('')
      return onConfirm({ amountCents: cents, reason })
    }
    const lines = left.filter((l) => (quantities[l.bookId] ?? 0) > 0).map((l) => ({ bookId: l.bookId, quantity: quantities[l.bookId] }))
    if (lines.length === 0) return setLocalError('Choose at least one copy to refund.')
    setLocalError('')
    onConfirm({ lines, reason })
  }
  const amountError = localError || fieldError(error, 'amountCents')
  return (
    <ActionDialog
      open
      destructive
      title={`Refund order ${o.number}`}
      confirmLabel="Refund"
      busy={busy}
      error={dialogError(error, ['amountCents', 'reason', 'lines'])}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      <p>
        {formatCents(o.refundableCents)} is left to refund{o.payment.demo ? ' (a demo payment: the refund is recorded, no money moves)' : ', through PayPal'}. The buyer is told by e-mail.
        {!o.fulfilment && ' Refunded copies go back to stock, as the order has not shipped.'}
      </p>
      {left.length > 0 && (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 font-bold">Refund</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="refund-mode" checked={mode === 'amount'} onChange={() => setMode('amount')} /> An amount
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="refund-mode" checked={mode === 'lines'} onChange={() => setMode('lines')} /> Books
          </label>
        </fieldset>
      )}
      {mode === 'amount' ? (
        <TextField
          label="Amount in dollars"
          id="refund-amount"
          inputMode="decimal"
          value={amount}
          onChange={(v) => {
            setAmount(v)
            setLocalError('')
          }} error={amountError} placeholder={(o.refundableCents / 100).toFixed(2)} autoComplete="off" />
      ) : (
        <div className="flex flex-col gap-3">
          {left.map((l) => (
            <Field key={l.bookId} label={`${l.title} (${formatCents(l.unitPriceCents)} each)`} id={`refund-line-${l.bookId}`}>
              <Select id={`refund-line-${l.bookId}`} value={quantities[l.bookId] ?? 0} onChange={(e) => setQuantities({ ...quantities, [l.bookId]: Number(e.target.value) })}>
                {Array.from({ length: l.quantity - l.refundedQuantity + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n === 0 ? 'None' : `${n} of ${l.quantity - l.refundedQuantity}`}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
          {(localError || fieldError(error, 'lines')) && <p className="text-sm font-bold text-red-700">{localError || fieldError(error, 'lines')}</p>}
        </div>
      )}
      <ReasonField id="refund-reason" value={reason} onChange={setReason} error={fieldError(error, 'reason')} />
    </ActionDialog>
  )
}
