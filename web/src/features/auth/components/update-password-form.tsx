import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { authClient } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'

/** spec 01 §5 "New password": two matching fields of at least 6 characters. */
export function UpdatePasswordForm({ onUpdated }: { onUpdated: () => void }) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [saving, setSaving] = useState(false)

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (password !== confirm) {
      toast.error("Passwords don't match", { description: 'Please make sure your passwords match.' })
      return
    }
    setSaving(true)
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
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className="space-y-4" onSubmit={(e) => void onSubmit(e)}>
      <div className="space-y-2">
        <Label htmlFor="new-password">New password</Label>
        <Input id="new-password" type="password" autoComplete="new-password" required minLength={6} value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="confirm-new-password">Confirm new password</Label>
        <Input id="confirm-new-password" type="password" autoComplete="new-password" required minLength={6} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={saving}>
        {saving ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  )
}
