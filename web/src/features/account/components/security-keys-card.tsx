import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { KeyRound, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { messageOf } from '@/lib/errors'
import { z } from '@/lib/zod'
import { addSecurityKey, removeSecurityKey, securityKeysKey, useSecurityKeys, type SecurityKey } from '../api/passkeys'
import { shortDate, useWebAuthnSupport } from './passkeys-card'
import { ConfirmRemove } from './confirm-remove'
import { Section } from './section'
import { factorsKey, RecoveryCodes } from './two-step-card'

const keyName = (k: SecurityKey) => k.friendly_name || 'Security key'
const addSchema = z.object({ name: z.string().trim().min(1, 'Give the key a name').max(100) })

/**
 * Security keys and phones as the second step of signing in (WebAuthn
 * factors), beside the authenticator app. The first one turns two-step
 * sign-in on and brings the recovery codes.
 */
export function SecurityKeysCard() {
  const queryClient = useQueryClient()
  const keys = useSecurityKeys()
  const supported = useWebAuthnSupport()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<string | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useForm({ resolver: zodResolver(addSchema), defaultValues: { name: 'Security key' } })
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: securityKeysKey }), queryClient.invalidateQueries({ queryKey: factorsKey })])

  async function add({ name }: z.output<typeof addSchema>) {
    setBusy(true)
    try {
      setCodes(await addSecurityKey(name))
      setAdding(false)
      toast.success('Security key added', { description: 'It is now a second step of signing in.' })
      await refresh()
    } catch (err) {
      toast.error('Could not add the security key', { description: messageOf(err) })
    } finally {
      setBusy(false)
    }
  }

  async function remove(id: string) {
    setBusy(true)
    try {
      await removeSecurityKey(id)
      setRemoving(null)
      toast.success('Security key removed')
      await refresh()
    } catch (err) {
      toast.error('Could not remove the security key', { description: messageOf(err) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section
      id="security-keys"
      icon={KeyRound}
      tone="leaf"
      title="Security keys"
      description="Use a security key or your phone as the second step of signing in, instead of a code."
      action={
        !adding && (
          <Button size="sm" variant="outline" disabled={busy || supported === false} onClick={() => setAdding(true)}>
            <Plus /> Add a key
          </Button>
        )
      }
    >
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {adding && (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(add)} noValidate className="mb-3 flex flex-col gap-2">
            <InputField control={form.control} name="name" label="Name of the key" autoFocus maxLength={100} />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={busy}>
                {busy ? 'Waiting for the key…' : 'Continue'}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setAdding(false)}>
                Cancel
              </Button>
            </div>
          </form>
        </Form>
      )}
      {keys.isError && <p className="text-red-700">Could not load your security keys.</p>}
      {keys.data && !codes && (
        <ul className="flex flex-col gap-3" aria-label="Security keys">
          {keys.data.length === 0 && <li className="rounded-xl bg-cream px-4 py-3 text-muted">No security keys yet.</li>}
          {keys.data.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-3 rounded-xl bg-cream px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="break-words font-bold">{keyName(k)}</p>
                <p className="text-sm text-muted">Added {shortDate(k.created_at)}</p>
              </div>
              {removing !== k.id ? (
                <Button size="icon" variant="ghost" aria-label={`Remove ${keyName(k)}`} onClick={() => setRemoving(k.id)}>
                  <Trash2 />
                </Button>
              ) : (
                <ConfirmRemove name={keyName(k)} busy={busy} onConfirm={() => void remove(k.id)} onCancel={() => setRemoving(null)}>
                  Remove {keyName(k)}? It will no longer be a second step of signing in.
                </ConfirmRemove>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
