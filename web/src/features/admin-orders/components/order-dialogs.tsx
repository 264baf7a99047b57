import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ComponentProps } from 'react'
import { useForm, useWatch, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Form, InputField, SelectField, setServerErrors, TextareaField } from '@/components/ui/form'
import { FieldError } from '@/components/ui/label'
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
  refundableLines,
  refundBodyOf,
  refundSchema,
  type CancelValues,
  type FulfilValues,
  type RefundValues,
} from '../action-forms'
import { useOrderAction, type ActionRequest } from '../api/orders'
import type { AdminOrder } from '../types'

/** The desk's actions that ask first, in a dialog. */
export type OrderDialog = 'fulfil' | 'deliver' | 'cancel' | 'refund' | 'resend' | null

/** The server's refusal as a sentence for the dialog, unless it is all about fields shown beside them. */
function dialogError(error: unknown, fields: readonly string[]): string | undefined {
  if (!error) return undefined
  if (error instanceof ApiError && Object.keys(error.fields).length > 0 && Object.keys(error.fields).every((f) => fieldOf(f, fields))) return undefined
  return messageOf(error)
}

/** The dialog of the action chosen on the order page, which runs it. */
export function ActionDialogs({ order: o, open, onClose }: { order: AdminOrder; open: OrderDialog; onClose: () => void }) {
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
