import { zodResolver } from '@hookform/resolvers/zod'
import { Download, FileHeart, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { authClient } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { useDeleteAccount } from '../api/delete-account'
import { useExportData } from '../api/export-data'
import { Section } from './section'

const confirmSchema = z.object({ secret: z.string().trim().min(1) })
type Confirmation = z.infer<typeof confirmSchema>

/** Your data: download everything we keep, or delete the account for good. */
export function YourDataCard({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const exportData = useExportData()
  const deleteAccount = useDeleteAccount()
  const [confirming, setConfirming] = useState(false)
  // The owner proves it is them with the password, or (an account without
  // one: Google, magic link) with a code e-mailed on request. The server
  // checks either; a wrong one shows on the field.
  const [proof, setProof] = useState<'password' | 'code'>('password')
  const [sending, setSending] = useState(false)
  const form = useForm<Confirmation>({ resolver: zodResolver(confirmSchema), mode: 'onChange', defaultValues: { secret: '' } })

  const remove = form.handleSubmit(async ({ secret }) => {
    try {
      await deleteAccount.mutateAsync(proof === 'code' ? { code: secret } : { password: secret })
    } catch (err) {
      const message = err instanceof ApiError ? (err.fields[proof] ?? err.message) : messageOf(err)
      form.setError('secret', { type: 'server', message }, { shouldFocus: true })
      return
    }
    toast.success('Your account has been deleted')
    await onDeleted()
  })

  async function sendCode() {
    setSending(true)
    const { error } = await authClient.reauthenticate()
    setSending(false)
    if (error) {
      toast.error('Could not send the code', { description: error.message })
      return
    }
    setProof('code')
    form.reset({ secret: '' })
    toast.success('Code sent', { description: 'Check your e-mail for a 6-digit code.' })
  }

  return (
    <Section icon={FileHeart} tone="berry" title="Your data" description="Everything we keep about you and your children is yours.">
      <div className="flex flex-col gap-4">
        <Button asChild variant="outline" className="self-start">
          <Link to={paths.privacyCentre}>
            <ShieldCheck /> Privacy center: each child&rsquo;s data
          </Link>
        </Button>
        <Button
          variant="outline"
          className="self-start"
          disabled={exportData.isPending}
          onClick={() => exportData.mutate(undefined, { onError: (err) => toast.error('Download failed', { description: err.message }) })}
        >
          <Download /> Download my data
        </Button>
        {!confirming ? (
          <Button variant="destructive" className="self-start" onClick={() => setConfirming(true)}>
            Delete my account
          </Button>
        ) : (
          <Form {...form}>
            <form onSubmit={remove} noValidate className="flex flex-col gap-3 rounded-xl border-2 border-red-200 bg-red-50 p-4">
              <p className="text-sm">
                This removes your account, profile, children, their dream stories, your consent record, devices and preferences. Paid orders stay for our accounts, without your name or address. This cannot be undone.
              </p>
              {proof === 'password' ? (
                <InputField key="password" control={form.control} name="secret" label="Your password" type="password" autoComplete="current-password" />
              ) : (
                <InputField key="code" control={form.control} name="secret" label="Code from your e-mail" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              )}
              {proof === 'password' && (
                <Button type="button" variant="link" size="sm" className="self-start px-0" disabled={sending} onClick={() => void sendCode()}>
                  No password? E-mail me a code instead
                </Button>
              )}
              <div className="flex gap-2">
                <Button type="submit" variant="destructive" disabled={!form.formState.isValid || form.formState.isSubmitting}>
                  Delete my account for good
                </Button>
                <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </form>
          </Form>
        )}
      </div>
    </Section>
  )
}
