import { zodResolver } from '@hookform/resolvers/zod'
import { Download, FileHeart } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, InputField, setServerErrors } from '@/components/ui/form'
import { messageOf } from '@/lib/errors'
import { useDeleteAccount } from '../api/delete-account'
import { useExportData } from '../api/export-data'
import { Section } from './section'

const confirmSchema = z.object({ password: z.string().min(1) })
type Confirmation = z.infer<typeof confirmSchema>

/** Your data: download everything we keep, or delete the account for good. */
export function YourDataCard({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const exportData = useExportData()
  const deleteAccount = useDeleteAccount()
  const [confirming, setConfirming] = useState(false)
  // The password proves it is the owner; the server checks it (a wrong one shows on the field).
  const form = useForm<Confirmation>({ resolver: zodResolver(confirmSchema), mode: 'onChange', defaultValues: { password: '' } })

  const remove = form.handleSubmit(async ({ password }) => {
    try {
      await deleteAccount.mutateAsync(password)
    } catch (err) {
      if (!setServerErrors(form.setError, err, ['password'])) form.setError('password', { type: 'server', message: messageOf(err) }, { shouldFocus: true })
      return
    }
    toast.success('Your account has been deleted')
    await onDeleted()
  })

  return (
    <Section icon={FileHeart} tone="berry" title="Your data" description="Everything we keep about you and your children is yours.">
      <div className="flex flex-col gap-4">
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
                This removes your account, profile, children, their dream stories, devices and preferences. Paid orders stay for our accounts, without your name or address. This cannot be undone.
              </p>
              <InputField control={form.control} name="password" label="Your password" type="password" autoComplete="current-password" />
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
