import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeft, Ban, CheckCircle2, Mail, ReceiptText, Truck } from 'lucide-react'
import { useId, useState, type ComponentProps, type ReactNode } from 'react'
import { useForm, useWatch, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Form, InputField, SelectField, setServerErrors, TextareaField } from '@/components/ui/form'
import { FieldError } from '@/components/ui/label'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { formatCents } from '@/lib/money'
import {
  cancelSchema,
  emptyFulfil,
  digitalRefundWarning,
  emptyRefund,
  fieldOf,
  serverNames,
  lineName,
  refundsDigital,
  fulfilSchema,
  noteSchema,
  refundableLines,
  refundBodyOf,
  refundSchema,
  type CancelValues,
  type FulfilValues,
  type NoteValues,
  type RefundValues,
} from '../action-forms'
import { useAdminOrder, useOrderAction, type ActionRequest } from '../api/orders'
import { methodNames, stepName, type AdminOrder, type TimelineEntry } from '../types'
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
        <OrderStatusBadge order={o} />
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

/** What goes in the parcel when digital lines are delivered to the library instead. */
function ToShip({ items }: { items: AdminOrder['items'] }) {
  const parcel = items.filter((l) => !l.digital)
  return (
    <p className="mt-3 rounded-xl bg-sun-100 px-3 py-2 font-bold">
      {parcel.length === 0 ? 'Nothing to ship: every book is digital.' : `To ship: ${parcel.map((l) => `${lineName(l)} × ${l.quantity}`).join(', ')}`}
    </p>
  )
}

function Lines({ order: o }: { order: AdminOrder }) {
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
                {e.fromStatus ? `${stepName(e.fromStatus)} → ` : ''}
                {stepName(e.toStatus)}
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
  const action = useOrderAction(order)
  const form = useForm<NoteValues>({ resolver: zodResolver(noteSchema), defaultValues: { text: '' } })
  const submit = async ({ text }: NoteValues) => {
    try {
      await action.mutateAsync({ action: 'notes', body: { text: text.trim() } })
      form.reset({ text: '' })
      toast.success('Note added')
    } catch (error) {
      if (!setServerErrors(form.setError, error, ['text'])) form.setError('text', { type: 'server', message: messageOf(error) })
    }
  }
  return (
    <Form {...form}>
      <form aria-label="Internal note" noValidate className="mb-4 flex flex-col gap-2" onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        <TextareaField control={form.control} name="text" label="Internal note (only staff see it)" rows={2} maxLength={2000} />
        <Button type="submit" variant="outline" size="sm" className="w-fit" disabled={form.formState.isSubmitting}>
          Add note
        </Button>
      </form>
    </Form>
  )
}

/** The server's refusal as a sentence for the dialog, unless it is all about fields shown beside them. */
function dialogError(error: unknown, fields: readonly string[]): string | undefined {
  if (!error) return undefined
  if (error instanceof ApiError && Object.keys(error.fields).length > 0 && Object.keys(error.fields).every((f) => fieldOf(f, fields))) return undefined
  return messageOf(error)
}

function ActionDialogs({ order: o, open, onClose }: { order: AdminOrder; open: Dialog; onClose: () => void }) {
  const action = useOrderAction(o)
  // Resolves once the action is done (the dialog closes); a refusal is
  // thrown back to the dialog, which puts it on its fields.
  const run = async (req: ActionRequest, done: string) => {
    await action.mutateAsync(req)
    toast.success(done)
    onClose()
    action.reset()
  }
  const close = () => {
    action.reset()
    onClose()
  }
  const common = { error: action.error, onCancel: close }
  return (
    <>
      {open === 'fulfil' && <FulfilDialog {...common} onConfirm={(body) => run({ action: 'fulfil', body }, `Order ${o.number} is shipped; the buyer was told.`)} />}
      {open === 'deliver' && (
        <ConfirmDialog open wide title="Mark as delivered?" confirmLabel="Mark as delivered" busy={action.isPending} error={dialogError(action.error, [])} onCancel={close}
          onConfirm={() => void run({ action: 'deliver', body: {} }, `Order ${o.number} is delivered.`).catch(() => {})}>
          <p>The parcel with tracking number {o.fulfilment?.trackingNumber} has arrived.</p>
        </ConfirmDialog>
      )}
      {open === 'cancel' && <CancelDialog order={o} {...common} onConfirm={(body) => run({ action: 'cancel', body }, `Order ${o.number} is cancelled.`)} />}
      {open === 'refund' && <RefundDialog order={o} {...common} onConfirm={(body) => run({ action: 'refund', body }, `Refund made for order ${o.number}.`)} />}
      {open === 'resend' && (
        <ConfirmDialog open wide title="Resend the confirmation?" confirmLabel="Resend" busy={action.isPending} error={dialogError(action.error, [])} onCancel={close}
          onConfirm={() => void run({ action: 'resend-confirmation', body: {} }, `Confirmation sent again to ${o.buyer.email}.`).catch(() => {})}>
          <p>The order confirmation goes again to {o.buyer.email}.</p>
        </ConfirmDialog>
      )}
    </>
  )
}

/** A dialog's form: it sends its body with onConfirm, which rejects with the server's refusal. */
type DialogProps<T> = { error: unknown; onConfirm: (body: T) => Promise<void>; onCancel: () => void }

/**
 * The frame of a dialog with fields: the form's rules checked on Confirm, the
 * body sent, and the server's field messages put on the fields (the rest of
 * its refusal shown in the dialog).
 */
function FormDialog<T extends FieldValues>({
  form,
  fields,
  error,
  onValid,
  children,
  ...dialog
}: Omit<ComponentProps<typeof ConfirmDialog>, 'open' | 'busy' | 'error' | 'onConfirm'> & {
  form: UseFormReturn<T>
  fields: readonly FieldPath<T>[]
  error: unknown
  onValid: (values: T) => Promise<void>
}) {
  const submit = async (values: T) => {
    try {
      await onValid(values)
    } catch (err) {
      setServerErrors(form.setError, err, fields, serverNames)
    }
  }
  return (
    <Form {...form}>
      <ConfirmDialog open wide busy={form.formState.isSubmitting} error={dialogError(error, fields)} onConfirm={() => void form.handleSubmit(submit)()} {...dialog}>
        {children}
      </ConfirmDialog>
    </Form>
  )
}

type FulfilBody = Extract<ActionRequest, { action: 'fulfil' }>['body']

function FulfilDialog({ error, onConfirm, onCancel }: DialogProps<FulfilBody>) {
  const form = useForm<FulfilValues>({ resolver: zodResolver(fulfilSchema), defaultValues: emptyFulfil })
  return (
    <FormDialog form={form} fields={['carrier', 'trackingNumber', 'trackingUrl']} error={error} title="Mark as shipped" confirmLabel="Mark as shipped" onCancel={onCancel}
      onValid={(v) => onConfirm({ carrier: v.carrier.trim(), trackingNumber: v.trackingNumber.trim(), trackingUrl: v.trackingUrl.trim() })}>
      <p>The buyer gets “Your books are on their way” with the tracking link.</p>
      <InputField control={form.control} name="carrier" label="Carrier" autoComplete="off" placeholder="USPS" />
      <InputField control={form.control} name="trackingNumber" label="Tracking number" autoComplete="off" />
      <InputField control={form.control} name="trackingUrl" label="Tracking link (optional)" type="url" autoComplete="off" placeholder="https://" />
    </FormDialog>
  )
}

function CancelDialog({ order: o, error, onConfirm, onCancel }: DialogProps<{ reason: string }> & { order: AdminOrder }) {
  const form = useForm<CancelValues>({ resolver: zodResolver(cancelSchema), defaultValues: { reason: '' } })
  return (
    <FormDialog form={form} fields={['reason']} error={error} destructive title={`Cancel order ${o.number}?`} confirmLabel="Cancel and refund" dismissLabel="Keep the order" onCancel={onCancel}
      onValid={(v) => onConfirm({ reason: v.reason.trim() })}>
      <p>
        The order will not ship. {o.refundableCents > 0 ? `${formatCents(o.refundableCents)} goes back to the buyer${o.payment.demo ? ' (a demo payment: recorded only)' : ' through PayPal'}` : 'Nothing is left to refund'}, its
        copies go back to stock, and the buyer is told by e-mail.
      </p>
      <TextareaField control={form.control} name="reason" label="Reason (the buyer reads it)" rows={2} maxLength={500} />
    </FormDialog>
  )
}

type RefundBody = Extract<ActionRequest, { action: 'refund' }>['body']

function RefundDialog({ order: o, error, onConfirm, onCancel }: DialogProps<RefundBody> & { order: AdminOrder }) {
  const left = refundableLines(o.items)
  const form = useForm<RefundValues>({ resolver: zodResolver(refundSchema(o.refundableCents)), defaultValues: emptyRefund(o.items) })
  const mode = useWatch({ control: form.control, name: 'mode' })
  const chosen = useWatch({ control: form.control, name: 'lines' })
  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message
  // A refund of a digital purchase goes on only once the policy has been read: the first Refund shows it.
  const [warned, setWarned] = useState(false)
  const digital = refundsDigital({ mode, lines: chosen }, o.items)
  return (
    <FormDialog form={form} fields={['amount', 'lines', 'reason']} error={error} destructive title={`Refund order ${o.number}`} confirmLabel={digital && warned ? 'Refund anyway' : 'Refund'} onCancel={onCancel}
      onValid={async (v) => {
        if (refundsDigital(v, o.items) && !warned) {
          setWarned(true)
          return
        }
        await onConfirm(refundBodyOf(v))
      }}>
      <p>
        {formatCents(o.refundableCents)} is left to refund{o.payment.demo ? ' (a demo payment: the refund is recorded, no money moves)' : ', through PayPal'}. The buyer is told by e-mail.
        {!o.fulfilment && ' Refunded copies go back to stock, as the order has not shipped.'}
      </p>
      {left.length > 0 && (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 font-bold">Refund</legend>
          <label className="flex items-center gap-2">
            <input type="radio" value="amount" className="size-5 accent-tiger-600" {...form.register('mode')} /> An amount
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="lines" className="size-5 accent-tiger-600" {...form.register('mode')} /> Books
          </label>
        </fieldset>
      )}
      {mode === 'amount' ? (
        <InputField control={form.control} name="amount" label="Amount in dollars" inputMode="decimal" autoComplete="off" placeholder={(o.refundableCents / 100).toFixed(2)} />
      ) : (
        <fieldset className="flex flex-col gap-3" aria-describedby={linesError ? 'refund-lines-error' : undefined}>
          <legend className="sr-only">Copies to refund</legend>
          {left.map((l, i) => {
            const most = l.quantity - l.refundedQuantity
            const options = Array.from({ length: most + 1 }, (_, n) => ({ value: String(n), label: n === 0 ? 'None' : `${n} of ${most}` }))
            return <SelectField key={l.position} control={form.control} name={`lines.${i}.quantity`} label={`${lineName(l)} (${formatCents(l.unitPriceCents)} each)`} options={options} />
          })}
          <FieldError id="refund-lines-error" message={linesError} />
        </fieldset>
      )}
      <TextareaField control={form.control} name="reason" label="Reason (the buyer reads it)" rows={2} maxLength={500} />
      {digital && warned && (
        <p role="alert" className="rounded-xl border-2 border-sun-400 bg-sun-100 px-4 py-3 font-bold">
          {digitalRefundWarning} The family loses the refunded format from its Library at once.
        </p>
      )}
    </FormDialog>
  )
}
