import { Download, FileHeart } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api'
import { useDeleteAccount } from '../api/delete-account'
import { useExportData } from '../api/export-data'
import { Field, Section } from './section'

/** Your data: download everything we keep, or delete the account for good. */
export function YourDataCard({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const exportData = useExportData()
  const deleteAccount = useDeleteAccount()
  const [confirming, setConfirming] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()

  async function remove(e: React.FormEvent) {
    e.preventDefault()
    setError(undefined)
    try {
      await deleteAccount.mutateAsync(password)
      toast.success('Your account has been deleted')
      await onDeleted()
    } catch (err) {
      const message = err instanceof ApiError ? (err.fields.password ?? err.message) : String(err)
      setError(message)
    }
  }

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
          <form onSubmit={remove} className="flex flex-col gap-3 rounded-xl border-2 border-red-200 bg-red-50 p-4">
            <p className="text-sm">
              This removes your account, profile, children, their dream stories, devices and preferences. Paid orders stay for our accounts, without your name or address. This cannot be undone.
            </p>
            <Field id="delete-password" label="Your password" error={error}>
              <Input id="delete-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <div className="flex gap-2">
              <Button type="submit" variant="destructive" disabled={!password || deleteAccount.isPending}>
                Delete my account for good
              </Button>
              <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </Section>
  )
}
