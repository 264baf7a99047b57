import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { authClient } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { z } from '@/lib/zod'
import { SecurityKeyButton, useSecondFactors } from './security-key-step'

// A 6-digit app code or a recovery code (longer); the server judges which.
const schema = z.object({ code: z.string().trim().min(6, 'Enter the 6-digit code or a recovery code').max(16) })

/**
 * The second step of a sign-in with two-step sign-in on: the 6-digit code
 * from the authenticator app, or one of the recovery codes. The session is
 * complete (aal2) only after it.
 */
export function TwoStepChallenge({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { code: '' } })
  const ready = useWatch({ control: form.control, name: 'code' }).trim().length >= 6
  const busy = form.formState.isSubmitting
  const keys = useSecondFactors()

  async function verify({ code }: z.output<typeof schema>) {
    try {
      const { data, error: listError } = await authClient.mfa.listFactors()
      if (listError) throw listError
      // The app's code, or a recovery code (which any factor's challenge takes).
      const factor = data.totp.find((f) => f.status === 'verified') ?? data.webauthn.find((f) => f.status === 'verified')
      if (!factor) throw new Error('No authenticator app is set up for this account.')
      const { error: verifyError } = await authClient.mfa.challengeAndVerify({ factorId: factor.id, code: code.toUpperCase() })
      if (verifyError) throw verifyError
      toast.success('Login successful', { description: 'Welcome back!' })
      onDone()
    } catch (err) {
      form.setError('code', { type: 'server', message: messageOf(err) }, { shouldFocus: true })
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(verify)} className="space-y-4" noValidate>
        <p className="text-muted">
          {keys.hasApp
            ? 'Two-step sign-in is on. Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
            : 'Two-step sign-in is on. Use your security key or phone, or enter one of your recovery codes.'}
        </p>
        {keys.factorId && <SecurityKeyButton factorId={keys.factorId} onDone={onDone} />}
        <InputField control={form.control} name="code" label="Code" autoComplete="one-time-code" autoFocus maxLength={16} />
        <div className="flex gap-2">
          <Button type="submit" className="flex-1" disabled={!ready || busy}>
            {busy ? 'Checking…' : 'Verify'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  )
}
