import { useEffect, useState } from 'react'
import { Download, MailCheck, MailX, Search, Users } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { messageOf } from '@/lib/errors'
import { downloadSubscribers, useLiftSuppression, useSubscribers, useUnsubscribeSubscriber } from '../api/newsletter'
import { formatWhen, sourceLabel, subscriberStatusLabel } from '../format'
import type { SubscriberStatus } from '../types'

const order: SubscriberStatus[] = ['subscribed', 'pending', 'unsubscribed', 'suppressed']

/** /admin/newsletter: who gets the newsletter, searched, exported, and taken off on request. */
export function SubscribersPage() {
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const t = setTimeout(() => setQ(typed.trim()), 300)
    return () => clearTimeout(t)
  }, [typed])
  const list = useSubscribers(q)
  const unsubscribe = useUnsubscribeSubscriber()
  const lift = useLiftSuppression()
  const [exportError, setExportError] = useState('')

  return (
    <div className="space-y-6">
      {list.data && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Subscribers by status">
          {order.map((s) => (
            <li key={s} className="rounded-2xl border-2 border-tiger-100 bg-white p-4">
              <p className="text-2xl font-extrabold">{list.data.counts[s] ?? 0}</p>
              <p className="text-sm text-muted">{subscriberStatusLabel[s]}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-2">
          <Label htmlFor="subscriber-search">Search by address</Label>
          <div className="relative">
            <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            <Input id="subscriber-search" type="search" className="pl-9" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="name@example.com" />
          </div>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            setExportError('')
            downloadSubscribers(q).catch((e: unknown) => setExportError(messageOf(e)))
          }}
        >
          <Download /> Export CSV
        </Button>
      </div>
      {exportError && <Alert tone="error">{exportError}</Alert>}
      {unsubscribe.isError && <Alert tone="error">{messageOf(unsubscribe.error)}</Alert>}
      {unsubscribe.isSuccess && <Alert tone="success">Unsubscribed. They will get no more newsletters.</Alert>}
      {lift.isError && <Alert tone="error">{messageOf(lift.error)}</Alert>}
      {lift.isSuccess && <Alert tone="success">Suppression lifted. A confirmed subscriber gets the newsletter again.</Alert>}
      {list.isPending ? (
        <Loading label="Loading subscribers..." />
      ) : list.isError ? (
        <LoadFailed what="the subscribers" onRetry={() => void list.refetch()} />
      ) : list.data.subscribers.length === 0 ? (
        <EmptyState
          icon={Users}
          title={q ? 'No subscriber matches' : 'No subscribers yet'}
          description={q ? 'Try another part of the address.' : 'Sign-ups from the newsletter form show here.'}
        />
      ) : (
        <Card>
          <CardContent className="p-0">
            <table className="w-full text-left text-sm">
              <thead className="hidden border-b-2 border-tiger-100 sm:table-header-group">
                <tr>
                  <th className="p-3">Address</th>
                  <th className="p-3">Status</th>
                  <th className="p-3">Source</th>
                  <th className="p-3">Since</th>
                  <th className="p-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.subscribers.map((s) => (
                  <tr key={s.email} className="flex flex-col gap-1 border-b border-tiger-50 p-3 sm:table-row sm:p-0">
                    <td className="font-bold break-all sm:p-3">{s.email}</td>
                    <td className="sm:p-3">
                      <Badge className={s.status === 'subscribed' ? 'bg-leaf-100' : 'bg-sun-100'}>{subscriberStatusLabel[s.status]}</Badge>
                    </td>
                    <td className="sm:p-3">{sourceLabel[s.source] ?? s.source}</td>
                    <td className="text-muted sm:p-3">{formatWhen(s.since)}</td>
                    <td className="sm:p-3 sm:text-right">
                      {(s.status === 'subscribed' || s.status === 'pending') && (
                        <Button size="sm" variant="outline" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(s.email)} aria-label={`Unsubscribe ${s.email}`}>
                          <MailX /> Unsubscribe
                        </Button>
                      )}
                      {s.status === 'suppressed' && (
                        <Button size="sm" variant="outline" disabled={lift.isPending} onClick={() => lift.mutate(s.email)} aria-label={`Lift the suppression of ${s.email}`}>
                          <MailCheck /> Lift suppression
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </div>
  )
}
