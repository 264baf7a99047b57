import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { authClient } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'

// The browser enforces required and the 6-character minimum (minLength) before submitting, as the spec's form always did.
const newPasswordSchema = z.object({ password: z.string().min(6), confirm: z.string().min(6) })
type NewPasswordValues = z.infer<typeof newPasswordSchema>

/** spec 01 §5 "New password": two matching fields of at least 6 characters. */
export function UpdatePasswordForm({ onUpdated }: { onUpdated: () => void }) {
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } })
  const saving = form.formState.isSubmitting

  const onSubmit = form.handleSubmit(async ({ password, confirm }) => {
    // A mismatch is a toast (spec 01 §5), not a field message.
    if (password !== confirm) {
      toast.error("Passwords don't match", { description: 'Please make sure your passwords match.' })
      return
    }
    try {
      const { error } = await authClient.updateUser({ password })
      if (error) {
        toast.error('Error', { description: error.message })
        return
      }
      toast.success('Password updated', { description: 'Your password has been updated successfully.' })
      onUpdated()
    } catch (err) {
      toast.error('Error', { description: messageOf(err) })
    }
  })

  return (
    <Form {...form}>
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <InputField control={form.control} name="password" label="New password" id="new-password" type="password" autoComplete="new-password" required minLength={6} />
        <InputField control={form.control} name="confirm" label="Confirm new password" id="confirm-new-password" type="password" autoComplete="new-password" required minLength={6} />
        <Button type="submit" size="lg" className="w-full" disabled={saving}>
          {saving ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </Form>
  )
}
