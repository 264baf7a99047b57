import { Gift } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { FieldError, Label } from '@/components/ui/label'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { Select } from '@/components/ui/input'
import { messageOf } from '@/lib/errors'
import { useCustomerStorybooks, useGiveStorybook, type CustomerStorybook } from '../api/storybooks'
import type { CustomerDetail } from '../types'

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })

function held(s: CustomerStorybook) {
  if (!s.entitled || !s.since) return 'Not in their library'
  return `In their library since ${day(s.since)} (${s.source === 'purchase' ? 'bought' : 'given by the shop'})`
}

/**
 * The published storybooks and which of them the customer's family reads;
 * support gives one here (a gift, a complaint put right) with the storybooks'
 * own grant, written in the audit log. canGrant: storybooks.grants.
 */
export function CustomerStorybooks({ customer, canGrant }: { customer: CustomerDetail; canGrant: boolean }) {
  const storybooks = useCustomerStorybooks(customer.id)
  if (storybooks.isPending) return <Loading label="Loading the storybooks..." />
  if (storybooks.isError) return <LoadFailed what="the storybooks" onRetry={() => void storybooks.refetch()} />
  if (storybooks.data.length === 0) return <p className="text-muted">No storybook is published yet.</p>
  const givable = storybooks.data.filter((s) => !s.entitled)
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-line text-sm" aria-label="Storybooks">
        {storybooks.data.map((s) => (
          <li key={s.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <span className="font-bold break-words">{s.title}</span>
            <span className={s.entitled ? 'font-semibold text-leaf-800' : 'text-muted'}>{held(s)}</span>
          </li>
        ))}
      </ul>
      {canGrant && givable.length > 0 && <GiveForm customer={customer} givable={givable} />}
    </div>
  )
}

function GiveForm({ customer, givable }: { customer: CustomerDetail; givable: CustomerStorybook[] }) {
  const give = useGiveStorybook(customer.id)
  const [chosen, setChosen] = useState(String(givable[0].id))
  const [error, setError] = useState('')
  // A double click submits twice before the button is disabled: the second is ignored (its Idempotency-Key would make it the same grant anyway).
  const giving = useRef(false)
  const selectId = useId()
  const hintId = useId()
  const errorId = useId()
  // A storybook given meanwhile leaves the choices: the select falls back to the first still to give.
  const storybook = givable.find((s) => String(s.id) === chosen) ?? givable[0]

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (giving.current) return
    giving.current = true
    setError('')
    try {
      await give.mutateAsync({ storybookId: storybook.id, email: customer.email })
      toast.success('Given to the family', { description: `The family of ${customer.email} can read “${storybook.title}”.` })
    } catch (err) {
      setError(messageOf(err))
    } finally {
      giving.current = false
    }
  }

  return (
    <form aria-label="Give a storybook" noValidate onSubmit={(e) => void submit(e)} className="space-y-3 rounded-2xl bg-cream p-4">
      <div className="space-y-2">
        <Label htmlFor={selectId}>Give a storybook</Label>
        <Select
          id={selectId}
          value={String(storybook.id)}
          onChange={(e) => setChosen(e.target.value)}
          aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
          aria-invalid={!!error || undefined}
        >
          {givable.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </Select>
        <p id={hintId} className="text-sm text-muted">
          The parent’s account and their children can read every page at once, as if they had bought it. It is written in the audit log.
        </p>
        <FieldError id={errorId} message={error} />
      </div>
      <Button type="submit" disabled={give.isPending}>
        <Gift aria-hidden="true" /> {give.isPending ? 'Giving...' : 'Give the edition'}
      </Button>
    </form>
  )
}
