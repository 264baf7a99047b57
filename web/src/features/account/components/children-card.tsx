import { Baby, Pencil, Plus, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { ageText, todayISO } from '../age'
import { useAddKid } from '../api/add-kid'
import { useKids } from '../api/get-kids'
import { useRemoveKid } from '../api/remove-kid'
import { useUpdateKid } from '../api/update-kid'
import type { Kid, KidInput } from '../types'
import { Section } from './section'

/** The id Dream Maker's navigation flag scrolls to. */
export const CHILDREN_CARD_ID = 'my-children'

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** My Children (spec 02 §4): view, edit a row, or add a new row. */
export function ChildrenCard() {
  const kids = useKids()
  const [mode, setMode] = useState<{ kind: 'view' } | { kind: 'edit'; id: string } | { kind: 'add' }>({ kind: 'view' })
  const add = useAddKid()
  const update = useUpdateKid()
  const remove = useRemoveKid()
  // Spec 02 §8: a failed load of the children says so in a toast as well.
  useEffect(() => {
    if (kids.isError) toast.error('Error loading kid names', { description: messageOf(kids.error) })
  }, [kids.isError, kids.error])

  async function addChild(input: KidInput) {
    try {
      await add.mutateAsync(input)
      toast.success('Child added successfully')
      setMode({ kind: 'view' })
    } catch (err) {
      toast.error('Could not add child', { description: messageOf(err) })
    }
  }
  async function saveChild(id: string, input: KidInput) {
    try {
      await update.mutateAsync({ id, ...input })
      toast.success('Child information updated successfully')
      setMode({ kind: 'view' })
    } catch (err) {
      toast.error('Update failed', { description: messageOf(err) })
    }
  }
  async function removeChild(kid: Kid) {
    try {
      await remove.mutateAsync(kid.id)
      toast.success('Child removed successfully')
    } catch (err) {
      toast.error('Delete failed', { description: messageOf(err) })
    }
  }

  return (
    <Section
      id={CHILDREN_CARD_ID}
      icon={Baby}
      tone="berry"
      title="My Children"
      description="Dream Maker writes bedtime stories for the children you add here."
      action={
        mode.kind === 'view' && (
          <Button size="sm" variant="outline" onClick={() => setMode({ kind: 'add' })}>
            <Plus /> Add child
          </Button>
        )
      }
    >
      {kids.isPending && <p className="text-muted">Loading your children…</p>}
      {kids.isError && <p className="text-red-600">Error loading kid names</p>}
      {kids.data && (
        <ul className="flex flex-col gap-3">
          {kids.data.length === 0 && mode.kind !== 'add' && <li className="rounded-xl bg-cream px-4 py-3 text-muted">No children added yet.</li>}
          {kids.data.map((kid) =>
            mode.kind === 'edit' && mode.id === kid.id ? (
              <li key={kid.id}>
                <ChildForm initial={kid} busy={update.isPending} submitLabel="Save" onSubmit={(input) => saveChild(kid.id, input)} onCancel={() => setMode({ kind: 'view' })} />
              </li>
            ) : (
              <li key={kid.id} className="flex flex-wrap items-center gap-3 rounded-xl bg-cream px-4 py-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-berry-100 font-display text-lg font-bold text-berry-500" aria-hidden="true">
                  {kid.name.slice(0, 1).toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-bold">{kid.name}</p>
                  <p className="text-sm text-muted">{ageText(kid.date_of_birth)}</p>
                </div>
                {mode.kind === 'view' && (
                  <div className="flex gap-1">
                    <Button size="icon" variant="ghost" aria-label={`Edit ${kid.name}`} onClick={() => setMode({ kind: 'edit', id: kid.id })}>
                      <Pencil />
                    </Button>
                    <Button size="icon" variant="ghost" aria-label={`Remove ${kid.name}`} disabled={remove.isPending} onClick={() => void removeChild(kid)}>
                      <Trash2 />
                    </Button>
                  </div>
                )}
              </li>
            ),
          )}
          {mode.kind === 'add' && (
            <li>
              <ChildForm busy={add.isPending} submitLabel="Add" onSubmit={addChild} onCancel={() => setMode({ kind: 'view' })} />
            </li>
          )}
        </ul>
      )}
    </Section>
  )
}

/** One row being added or edited: a non-blank name and a date of birth not later than today (spec 02 §5). */
function ChildForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: KidInput
  busy: boolean
  submitLabel: string
  onSubmit: (input: KidInput) => void
  onCancel: () => void
}) {
  const [name, setName] = useState(initial?.name ?? '')
  const [dob, setDob] = useState(initial?.date_of_birth ?? '')
  const ready = name.trim() !== '' && dob !== '' && dob <= todayISO() && !busy
  return (
    <form
      className="grid gap-3 rounded-xl border-2 border-berry-100 bg-white p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault()
        if (ready) onSubmit({ name: name.trim(), date_of_birth: dob })
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm font-bold">
        Child's name
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoFocus />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-bold">
        Child's date of birth
        <Input type="date" value={dob} max={todayISO()} onChange={(e) => setDob(e.target.value)} />
      </label>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!ready}>
          {submitLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
