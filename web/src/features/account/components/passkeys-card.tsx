import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Fingerprint, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState, useSyncExternalStore } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { messageOf } from '@/lib/errors'
import { z } from '@/lib/zod'
import { addPasskey, passkeysKey, removePasskey, renamePasskey, usePasskeys, type Passkey } from '../api/passkeys'
import { ConfirmRemove } from './confirm-remove'
import { Section } from './section'

type Mode = { kind: 'view' } | { kind: 'rename' | 'remove'; id: string }

export const passkeyName = (p: Passkey) => p.friendly_name || 'Passkey'

export function shortDate(iso: string) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

const noSubscription = () => () => {}

/** Whether this browser can make passkeys; null where the page is rendered on the server and while it hydrates. */
export function useWebAuthnSupport(): boolean | null {
  return useSyncExternalStore(
    noSubscription,
    () => typeof window.PublicKeyCredential === 'function',
    () => null,
  )
}

/**
 * Passkeys: sign in with the phone's or computer's screen lock instead of
 * the password. Each with its name, when it was made and last used; add,
 * rename and remove.
 */
export function PasskeysCard() {
  const queryClient = useQueryClient()
  const passkeys = usePasskeys()
  const supported = useWebAuthnSupport()
  const [mode, setMode] = useState<Mode>({ kind: 'view' })
  const [busy, setBusy] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysKey })

  async function run(action: () => Promise<void>, success: string, failure: string) {
    setBusy(true)
    try {
      await action()
      toast.success(success)
      setMode({ kind: 'view' })
      await refresh()
    } catch (err) {
      toast.error(failure, { description: messageOf(err) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section
      id="passkeys"
      icon={Fingerprint}
      tone="sky"
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of your password."
      action={
        mode.kind === 'view' && (
          <Button size="sm" variant="outline" disabled={busy || supported === false} onClick={() => void run(addPasskey, 'Passkey added', 'Could not add a passkey')}>
            <Plus /> Add a passkey
          </Button>
        )
      }
    >
      {supported === false && <p className="mb-3 text-sm text-muted">This browser cannot make passkeys.</p>}
      {passkeys.isPending && <p className="text-muted">Loading your passkeys…</p>}
      {passkeys.isError && <p className="text-red-700">Could not load your passkeys.</p>}
      {passkeys.data && (
        <ul className="flex flex-col gap-3" aria-label="Passkeys">
          {passkeys.data.length === 0 && <li className="rounded-xl bg-cream px-4 py-3 text-muted">No passkeys yet.</li>}
          {passkeys.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 rounded-xl bg-cream px-4 py-3">
              {mode.kind === 'rename' && mode.id === p.id ? (
                <RenameForm
                  initial={passkeyName(p)}
                  busy={busy}
                  onSave={(name) => run(() => renamePasskey(p.id, name), 'Passkey renamed', 'Could not rename the passkey')}
                  onCancel={() => setMode({ kind: 'view' })}
                />
              ) : (
                <>
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-bold">{passkeyName(p)}</p>
                    <p className="text-sm text-muted">
                      Added {shortDate(p.created_at)} · {p.last_used_at ? `Last used ${shortDate(p.last_used_at)}` : 'Not used yet'}
                    </p>
                  </div>
                  {mode.kind === 'view' && (
                    <div className="flex gap-1">
                      <Button size="icon" variant="ghost" aria-label={`Rename ${passkeyName(p)}`} onClick={() => setMode({ kind: 'rename', id: p.id })}>
                        <Pencil />
                      </Button>
                      <Button size="icon" variant="ghost" aria-label={`Remove ${passkeyName(p)}`} onClick={() => setMode({ kind: 'remove', id: p.id })}>
                        <Trash2 />
                      </Button>
                    </div>
                  )}
                </>
              )}
              {mode.kind === 'remove' && mode.id === p.id && (
                <ConfirmRemove
                  name={passkeyName(p)}
                  busy={busy}
                  onConfirm={() => void run(() => removePasskey(p.id), 'Passkey removed', 'Could not remove the passkey')}
                  onCancel={() => setMode({ kind: 'view' })}
                >
                  Remove {passkeyName(p)}? It will no longer sign you in.
                </ConfirmRemove>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

const renameSchema = z.object({ name: z.string().trim().min(1, 'Give the passkey a name').max(120) })

function RenameForm({ initial, busy, onSave, onCancel }: { initial: string; busy: boolean; onSave: (name: string) => Promise<void>; onCancel: () => void }) {
  const form = useForm({ resolver: zodResolver(renameSchema), defaultValues: { name: initial } })
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(({ name }) => onSave(name))} noValidate className="flex w-full flex-col gap-2">
        <InputField control={form.control} name="name" label="Passkey name" autoFocus maxLength={120} />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={busy}>
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  )
}
