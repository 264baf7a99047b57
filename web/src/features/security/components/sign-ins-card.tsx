import { CircleCheck, CircleX, History } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { useSignIns } from '../api/sign-ins'
import { methodName, placeName, when } from '../words'
import { SecurityCard } from './security-card'

const FIRST = 10

/** The sign-ins of the last 90 days, good and failed. */
export function SignInsCard() {
  const signIns = useSignIns()
  const [all, setAll] = useState(false)
  const list = signIns.data?.sign_ins ?? []
  const shown = all ? list : list.slice(0, FIRST)
  return (
    <SecurityCard icon={History} title="Recent sign-ins" description={`Sign-ins to your account in the last ${signIns.data?.days ?? 90} days, including failed ones.`}>
      {signIns.isPending && <Loading />}
      {signIns.isError && <LoadFailed what="your sign-ins" onRetry={() => void signIns.refetch()} />}
      {signIns.data && list.length === 0 && <p className="text-muted">No sign-ins recorded yet.</p>}
      <ul className="flex flex-col divide-y divide-line" aria-label="Sign-ins">
        {shown.map((e, i) => (
          <li key={`${e.at}-${i}`} className="flex items-start gap-3 py-3 text-sm">
            {e.ok ? (
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-leaf-700" aria-hidden="true" />
            ) : (
              <CircleX className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
            )}
            <div className="min-w-0">
              <p className="font-bold">
                {e.ok ? 'Signed in' : 'Failed sign-in'} · {methodName(e.method)}
              </p>
              <p className="break-words text-muted">
                {when(e.at)} · {[e.device, placeName(e.place)].filter(Boolean).join(' · ')}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {list.length > FIRST && (
        <Button size="sm" variant="ghost" className="mt-2" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${list.length}`}
        </Button>
      )}
    </SecurityCard>
  )
}
