import { Mail } from 'lucide-react'
import { useEffect } from 'react'
import { toast } from 'sonner'
import { Switch } from '@/components/ui/switch'
import { ApiError, isSessionEnded } from '@/lib/api'
import { useCommunications } from '../api/get-communications'
import { useUpdateCommunications } from '../api/update-communications'
import { Section } from './section'

/** Communications (spec 02 §4, §8): one switch, subscribed unless the parent said otherwise. */
export function CommunicationsCard() {
  const pref = useCommunications()
  const save = useUpdateCommunications()
  const loadFailed = pref.isError && !isSessionEnded(pref.error)
  useEffect(() => {
    if (loadFailed) toast.error('Error loading preferences', { description: 'Could not load your communication preferences. Please try again.' })
  }, [loadFailed])
  const subscribed = save.isPending ? save.variables : (pref.data?.subscribed ?? true)

  async function change(next: boolean) {
    try {
      await save.mutateAsync(next)
      toast.success('Preferences updated', {
        description: next ? 'You are subscribed to news and offers.' : 'You are unsubscribed from news and offers.',
      })
    } catch (err) {
      if (isSessionEnded(err)) return // the sign-out says it
      if (err instanceof ApiError && err.status === 401) {
        toast.error('Authentication required', { description: 'Please log in to update your communication preferences.' })
      } else if (err instanceof ApiError) {
        toast.error('Update failed', { description: 'There was an error updating your communication preferences. Please try again.' })
      } else {
        toast.error('Error', { description: 'An unexpected error occurred. Please try again.' })
      }
    }
  }

  return (
    <Section icon={Mail} tone="sky" title="Communications" description="New books, story ideas and the odd special offer, by e-mail.">
      <div className="flex items-center justify-between gap-4 rounded-xl bg-cream px-4 py-3">
        <label htmlFor="communications" className="font-bold">
          Send me news and offers
        </label>
        <Switch id="communications" checked={subscribed} disabled={pref.isPending || save.isPending} onCheckedChange={(v) => void change(v)} />
      </div>
      {pref.isError && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-600">
          Error loading preferences: Could not load your communication preferences. Please try again.
        </p>
      )}
    </Section>
  )
}
