import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { authClient } from '@/lib/auth-client'
import { passwordChangeError, passwordChangeReady, type PasswordChange } from '../rules'
import { Field, Section } from './section'

/**
 * Password (spec 02 §5): the new password is sent with the current one, which
 * the server checks; it then signs out every other device.
 */
export function PasswordCard() {
  const empty: PasswordChange = { current: '', next: '', confirmation: '' }
  const [values, setValues] = useState(empty)
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const set = (key: keyof PasswordChange) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }))

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    const problem = passwordChangeError(values)
    setError(problem)
    if (problem) {
      toast.error('Password update failed', { description: problem })
      return
    }
    setBusy(true)
    try {
      // The server checks the current password and signs out every other device (this session stays, at its level).
      const { error: updateError } = await authClient.updateUser({ password: values.next, current_password: values.current })
      if (updateError?.code === 'current_password_mismatch') {
        setError('Current password is incorrect')
        toast.error('Password update failed', { description: 'Current password is incorrect' })
        return
      }
      if (updateError) throw updateError
      setValues(empty)
      toast.success('Password updated')
    } catch (err) {
      toast.error('Password update failed', { description: err instanceof Error ? err.message : String(err) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section icon={KeyRound} tone="leaf" title="Password" description="After a change, your other devices are signed out.">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3">
        <Field id="current-password" label="Current password">
          <Input id="current-password" type="password" autoComplete="current-password" value={values.current} onChange={set('current')} />
        </Field>
        <Field id="new-password" label="New password">
          <Input id="new-password" type="password" autoComplete="new-password" value={values.next} onChange={set('next')} />
        </Field>
        <Field id="confirm-password" label="Confirm new password">
          <Input id="confirm-password" type="password" autoComplete="new-password" value={values.confirmation} onChange={set('confirmation')} />
        </Field>
        {error && (
          <p role="alert" className="text-sm font-semibold text-red-600 sm:col-span-3">
            {error}
          </p>
        )}
        <div className="sm:col-span-3">
          <Button type="submit" variant="secondary" disabled={!passwordChangeReady(values) || busy}>
            {busy ? 'Updating…' : 'Update Password'}
          </Button>
        </div>
      </form>
    </Section>
  )
}
