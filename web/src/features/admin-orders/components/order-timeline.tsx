import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, setServerErrors, TextareaField } from '@/components/ui/form'
import { messageOf } from '@/lib/errors'
import { noteSchema, type NoteValues } from '../action-forms'
import { useOrderAction } from '../api/orders'
import { stepName, type AdminOrder, type TimelineEntry } from '../types'
import { Panel } from './order-panels'
import { placedAt } from './orders-list'

const kindNames: Record<TimelineEntry['kind'], string> = { status: 'Status', email: 'E-mail', refund: 'Refund', note: 'Note', webhook: 'PayPal' }

/** What happened to the order, newest first, with the staff's internal notes. */
export function Timeline({ order: o, canNote }: { order: AdminOrder; canNote: boolean }) {
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

