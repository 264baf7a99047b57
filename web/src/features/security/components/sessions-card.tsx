import { Laptop, LogOut } from 'lucide-react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { messageOf } from '@/lib/errors'
import { useRevokeSessions, useSessions } from '../api/sessions'
import type { SessionInfo } from '../types'
import { placeName, when } from '../words'
import { SecurityCard } from './security-card'

function where(s: SessionInfo) {
  return [placeName(s.place), s.ip].filter(Boolean).join(' · ')
}

/** Every signed-in session: device, approximate place, last use; sign one out, or all others. */
export function SessionsCard() {
  const sessions = useSessions()
  const revoke = useRevokeSessions()
  const others = sessions.data?.filter((s) => !s.current) ?? []

  async function signOut(id?: string) {
    try {
      await revoke.mutateAsync(id)
      toast.success(id ? 'That session is signed out' : 'Signed out of every other session')
    } catch (err) {
      toast.error('Sign out failed', { description: messageOf(err) })
    }
  }

  return (
    <SecurityCard icon={Laptop} title="Where you're signed in" description="Every browser signed in to your account. Sign out any you do not recognize.">
      {sessions.isPending && <Loading />}
      {sessions.isError && <LoadFailed what="your sessions" onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <ul className="flex flex-col gap-3" aria-label="Sessions">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-cream px-4 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-bold">
                  <span className="break-words">{s.device}</span>
                  {s.current && <Badge className="bg-leaf-100 text-leaf-700">This device</Badge>}
                </p>
                {where(s) && <p className="mt-1 break-words text-muted">{where(s)}</p>}
                <p className="mt-1 text-muted">Last used {when(s.last_used_at)}</p>
              </div>
              {!s.current && (
                <Button size="sm" variant="outline" disabled={revoke.isPending} onClick={() => void signOut(s.id)} aria-label={`Sign out ${s.device}, last used ${when(s.last_used_at)}`}>
                  <LogOut /> Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <Button className="mt-4" size="sm" variant="outline" disabled={revoke.isPending} onClick={() => void signOut()}>
          Sign out of all other sessions
        </Button>
      )}
    </SecurityCard>
  )
}
