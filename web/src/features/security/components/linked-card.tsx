import type { UserIdentity } from '@supabase/auth-js'
import { Link2, Mail } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { messageOf } from '@/lib/errors'
import { useSettings } from '@/lib/settings'
import { linkGoogle, useIdentities, useUnlinkIdentity } from '../api/identities'
import { SecurityCard } from './security-card'

function addressOf(i: UserIdentity): string {
  const email = i.identity_data?.email
  return typeof email === 'string' ? email : ''
}

/** The ways into the account: the e-mail address, and Google linked or not. The last one never goes. */
export function LinkedCard({ returnPath }: { returnPath: string }) {
  const identities = useIdentities()
  const unlink = useUnlinkIdentity()
  const settings = useSettings()
  const [linking, setLinking] = useState(false)
  const list = identities.data ?? []
  const google = list.find((i) => i.provider === 'google')

  async function link() {
    setLinking(true)
    try {
      await linkGoogle(returnPath)
      // On the way to Google; the button stays busy.
    } catch (err) {
      setLinking(false)
      toast.error('Could not link Google', { description: messageOf(err) })
    }
  }

  async function remove(i: UserIdentity) {
    try {
      await unlink.mutateAsync(i)
      toast.success('Google is unlinked')
    } catch (err) {
      toast.error('Could not unlink Google', { description: messageOf(err) })
    }
  }

  return (
    <SecurityCard icon={Link2} title="Linked sign-ins" description="The ways you can sign in. Your e-mail address always stays one of them.">
      {identities.isPending && <Loading />}
      {identities.isError && <LoadFailed what="your linked sign-ins" onRetry={() => void identities.refetch()} />}
      {identities.data && (
        <ul className="flex flex-col gap-3" aria-label="Linked sign-ins">
          {list
            .filter((i) => i.provider === 'email')
            .map((i) => (
              <li key={i.identity_id} className="flex items-center gap-3 rounded-xl bg-cream px-4 py-3 text-sm">
                <Mail className="size-5 shrink-0 text-sky-700" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="font-bold">E-mail</p>
                  <p className="break-words text-muted">{addressOf(i)}</p>
                </div>
              </li>
            ))}
          <li className="flex flex-wrap items-center gap-3 rounded-xl bg-cream px-4 py-3 text-sm">
            <span className="flex size-5 shrink-0 items-center justify-center font-extrabold text-sky-700" aria-hidden="true">
              G
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-bold">Google</p>
              <p className="break-words text-muted">{google ? `Linked: ${addressOf(google) || 'your Google account'}` : 'Not linked'}</p>
            </div>
            {google ? (
              <Button size="sm" variant="outline" disabled={unlink.isPending || list.length < 2} onClick={() => void remove(google)}>
                Unlink Google
              </Button>
            ) : (
              <Button size="sm" variant="outline" disabled={linking || !settings.data?.google.enabled} onClick={() => void link()}>
                Link Google
              </Button>
            )}
          </li>
        </ul>
      )}
      {identities.data && !google && settings.data && !settings.data.google.enabled && (
        <p className="mt-3 text-sm text-muted">Google sign-in is not set up on this shop.</p>
      )}
      {google && list.length < 2 && <p className="mt-3 text-sm text-muted">Google is your only way in, so it stays linked.</p>}
    </SecurityCard>
  )
}
