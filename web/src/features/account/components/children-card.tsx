import { Baby, Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { isSessionEnded } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { ageText } from '../age'
import { useAddKid } from '../api/add-kid'
import { useConsents, useGiveConsent } from '../api/consents'
import { useKids } from '@/lib/kids'
import { useRemoveKid } from '../api/remove-kid'
import { useUpdateKid } from '../api/update-kid'
import type { Kid, KidInput } from '../types'
import { ChildForm } from './child-form'
import { Section } from './section'

/** The id Dream Maker's navigation flag scrolls to. */
export const CHILDREN_CARD_ID = 'my-children'

/** My Children (spec 02 §4): view, edit a row, or add a new row. */
export function ChildrenCard() {
  const kids = useKids()
  const [mode, setMode] = useState<{ kind: 'view' } | { kind: 'edit'; id: string } | { kind: 'add' } | { kind: 'remove'; id: string }>({ kind: 'view' })
  const add = useAddKid()
  const consents = useConsents()
  const giveConsent = useGiveConsent()
  const update = useUpdateKid()
  const remove = useRemoveKid()
  // Spec 02 §8: a failed load of the children says so in a toast as well (a session
  // ended elsewhere is not a failure to load: the sign-out says it once).
  const loadFailed = kids.isError && !isSessionEnded(kids.error)
  useEffect(() => {
    if (loadFailed) toast.error('Error loading kid names', { description: messageOf(kids.error) })
  }, [loadFailed, kids.error])

  async function addChild(input: KidInput, consentTo?: string) {
    try {
      if (consentTo) await giveConsent.mutateAsync(consentTo)
      await add.mutateAsync(input)
    } catch (err) {
      toast.error('Could not add child', { description: messageOf(err) })
      throw err
    }
    toast.success('Child added successfully')
    setMode({ kind: 'view' })
  }
  async function saveChild(id: string, input: KidInput) {
    try {
      await update.mutateAsync({ id, ...input })
    } catch (err) {
      toast.error('Update failed', { description: messageOf(err) })
      throw err
    }
    toast.success('Child information updated successfully')
    setMode({ kind: 'view' })
  }
  async function removeChild(kid: Kid) {
    try {
      await remove.mutateAsync(kid.id)
      toast.success('Child removed successfully')
    } catch (err) {
      toast.error('Delete failed', { description: messageOf(err) })
    }
    setMode({ kind: 'view' })
  }

  return (
    <Section
      id={CHILDREN_CARD_ID}
      icon={Baby}
      tone="berry"
      title="My Children"
      description={
        <>
          Dream Maker writes bedtime stories for the children you add here. We keep only a first name and a birth month,{' '}
          <Link to={paths.privacyCentre} className="font-bold text-tiger-700 underline-offset-2 hover:underline">
            and you can see, download or delete it all
          </Link>
          .
        </>
      }
      action={
        mode.kind === 'view' && (
          <Button size="sm" variant="outline" onClick={() => setMode({ kind: 'add' })}>
            <Plus /> Add child
          </Button>
        )
      }
    >
      {kids.isPending && <p className="text-muted">Loading your children…</p>}
      {loadFailed && <p className="text-red-600">Error loading kid names</p>}
      {kids.data && (
        <ul className="flex flex-col gap-3">
          {kids.data.length === 0 && mode.kind !== 'add' && <li className="rounded-xl bg-cream px-4 py-3 text-muted">No children added yet.</li>}
          {kids.data.map((kid) =>
            mode.kind === 'edit' && mode.id === kid.id ? (
              <li key={kid.id}>
                <ChildForm initial={kid} submitLabel="Save" onSubmit={(input) => saveChild(kid.id, input)} onCancel={() => setMode({ kind: 'view' })} />
              </li>
            ) : (
              <li key={kid.id} className="flex flex-wrap items-center gap-3 rounded-xl bg-cream px-4 py-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-berry-100 font-display text-lg font-bold text-berry-500" aria-hidden="true">
                  {kid.name.slice(0, 1).toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-bold">{kid.name}</p>
                  <p className="text-sm text-muted">{ageText(kid.birth_month)}</p>
                </div>
                {mode.kind === 'view' && (
                  <div className="flex gap-1">
                    <Button size="icon" variant="ghost" aria-label={`Edit ${kid.name}`} onClick={() => setMode({ kind: 'edit', id: kid.id })}>
                      <Pencil />
                    </Button>
                    <Button size="icon" variant="ghost" aria-label={`Remove ${kid.name}`} onClick={() => setMode({ kind: 'remove', id: kid.id })}>
                      <Trash2 />
                    </Button>
                  </div>
                )}
                {mode.kind === 'remove' && mode.id === kid.id && (
                  // Removing a child also deletes their stories (the server cascades): say so before it happens.
                  <div role="group" aria-label={`Remove ${kid.name}?`} className="flex w-full flex-wrap items-center gap-2 border-t border-line pt-3">
                    <p className="w-full text-sm font-semibold">Remove {kid.name}? Their dreams in Dream Maker are deleted too.</p>
                    <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => void removeChild(kid)}>
                      {remove.isPending ? 'Removing…' : 'Yes, remove'}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setMode({ kind: 'view' })}>
                      Cancel
                    </Button>
                  </div>
                )}
              </li>
            ),
          )}
          {mode.kind === 'add' && (
            <li>
              <ChildForm
                submitLabel="Add"
                // The parent's consent comes before a first child, and again after the notice changed.
                consentVersion={consents.data && !consents.data.current ? consents.data.noticeVersion : undefined}
                onSubmit={addChild}
                onCancel={() => setMode({ kind: 'view' })}
              />
            </li>
          )}
        </ul>
      )}
      {consents.data?.current && kids.data && kids.data.length > 0 && (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted">
          <ShieldCheck className="size-4 shrink-0 text-leaf-600" aria-hidden="true" />
          You confirmed you are their parent or guardian under our children&rsquo;s privacy notice (version {consents.data.noticeVersion}).
        </p>
      )}
    </Section>
  )
}

