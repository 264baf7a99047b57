import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { authClient } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'

/**
 * The second step of a sign-in with two-step sign-in on: the 6-digit code
 * from the authenticator app, or one of the recovery codes. The session is
 * complete (aal2) only after it.
 */
export function TwoStepChallenge({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const { data, error: listError } = await authClient.mfa.listFactors()
      if (listError) throw listError
      const factor = data.totp.find((f) => f.status === 'verified')
      if (!factor) throw new Error('No authenticator app is set up for this account.')
      const { error: verifyError } = await authClient.mfa.challengeAndVerify({ factorId: factor.id, code: code.trim().toUpperCase() })
      if (verifyError) throw verifyError
      toast.success('Login successful', { description: 'Welcome back!' })
      onDone()
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-muted">Two-step sign-in is on. Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="two-step-code" className="text-sm font-bold">
          Code
        </label>
        <Input
          id="two-step-code"
          autoComplete="one-time-code"
          autoFocus
          maxLength={16}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'two-step-error' : undefined}
        />
        {error && (
          <p id="two-step-error" role="alert" className="text-sm font-semibold text-red-600">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button type="submit" className="flex-1" disabled={code.trim().length < 6 || busy}>
          {busy ? 'Checking…' : 'Verify'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
