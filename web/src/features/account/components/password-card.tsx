import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { authClient } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { passwordChangeProblems, passwordChangeReady, type PasswordChange } from '../rules'
import { Section } from './section'

// The spec's rules (rules.ts), each message on the field it is about.
const schema = z.object({ current: z.string(), next: z.string(), confirmation: z.string() }).superRefine((values, ctx) => {
  for (const problem of passwordChangeProblems(values)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
})

const empty: PasswordChange = { current: '', next: '', confirmation: '' }

function failed(description: string) {
  toast.error('Password update failed', { description })
}

/**
 * Password (spec 02 §5): the new password is sent with the current one, which
 * the server checks; it then signs out every other device.
 */
export function PasswordCard() {
  // A field says what is wrong once it has been left, then as it is typed in (not only after Update).
  const form = useForm<PasswordChange>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: empty })
  const busy = form.formState.isSubmitting
  const values = useWatch({ control: form.control })

  async function update(values: PasswordChange) {
    try {
      // The server checks the current password and signs out every other device (this session stays, at its level).
      const { error } = await authClient.updateUser({ password: values.next, current_password: values.current })
      if (error?.code === 'current_password_mismatch') {
        form.setError('current', { type: 'server', message: 'Current password is incorrect' }, { shouldFocus: true })
        failed('Current password is incorrect')
        return
      }
      if (error) throw error
      form.reset(empty)
      toast.success('Password updated')
    } catch (err) {
      failed(messageOf(err))
    }
  }

  const onSubmit = form.handleSubmit(update, (errors) => {
    const first = errors.current ?? errors.next ?? errors.confirmation
    if (first?.message) failed(first.message)
  })

  return (
    <Section icon={KeyRound} tone="leaf" title="Password" description="After a change, your other devices are signed out.">
      <Form {...form}>
        {/* One field per row: side by side, a longer label wrapped and pushed its box out of line. */}
        <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
          <InputField control={form.control} name="current" label="Current password" type="password" autoComplete="current-password" />
          <InputField
            control={form.control}
            name="next"
            label="New password"
            type="password"
            autoComplete="new-password"
            onChange={() => {
              if (form.getFieldState('confirmation').isTouched) void form.trigger('confirmation')
            }}
          />
          <InputField control={form.control} name="confirmation" label="Confirm new password" type="password" autoComplete="new-password" />
          <div>
            <Button type="submit" variant="secondary" disabled={!passwordChangeReady({ ...empty, ...values }) || busy}>
              {busy ? 'Updating…' : 'Update Password'}
            </Button>
          </div>
        </form>
      </Form>
    </Section>
  )
}
