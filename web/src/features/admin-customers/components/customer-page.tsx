import { ArrowLeft, CircleCheck, CircleX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { formatCents } from '@/lib/money'
import { useCustomer } from '../api/customers'
import { customerName, type CustomerDetail } from '../types'
import { CustomerActions, ResetFactors } from './customer-actions'
import { CustomerStorybooks } from './customer-storybooks'
import { StatusBadges } from './status-badges'

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never')
const place = (code: string) => {
  if (!code) return ''
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
const methods: Record<string, string> = { password: 'Password', link: 'E-mail link', code: 'E-mail code', google: 'Google', passkey: 'Passkey' }

function Block({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card role="region" aria-label={title} className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/** /admin/customers/:id: what support needs to help the customer, and the actions the role allows (canGrant: give a storybook). */
export function CustomerPage({ id, canResend, canHelp, canGrant }: { id: string; canResend: boolean; canHelp: boolean; canGrant: boolean }) {
  const customer = useCustomer(id)
  return (
    <div>
      <Link to={paths.adminCustomers} className="mb-4 inline-flex items-center gap-1 font-bold text-tiger-800 underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> All customers
      </Link>
      {customer.isPending && <Loading />}
      {customer.isError &&
        (customer.error instanceof ApiError && customer.error.status === 404 ? (
          <Alert tone="error">This account does not exist (any more).</Alert>
        ) : (
          <LoadFailed what="the customer" onRetry={() => void customer.refetch()} />
        ))}
      {customer.data && <Customer c={customer.data} canResend={canResend} canHelp={canHelp} canGrant={canGrant} />}
    </div>
  )
}

function Customer({ c, canResend, canHelp, canGrant }: { c: CustomerDetail; canResend: boolean; canHelp: boolean; canGrant: boolean }) {
  return (
    <>
      <header className="mb-6">
        <h2 className="text-2xl font-bold break-words">{customerName(c)}</h2>
        <p className="flex flex-wrap items-center gap-2 break-all text-muted">
          {c.email} <StatusBadges customer={c} />
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        <Block title="Profile" className="lg:col-span-2">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-bold text-muted">E-mail</dt>
            <dd className="break-all">
              {c.email} {c.confirmed ? '(confirmed)' : '(not confirmed)'}
            </dd>
            <dt className="font-bold text-muted">Country</dt>
            <dd>{place(c.country) || 'Not given'}</dd>
            <dt className="font-bold text-muted">Language</dt>
            <dd>{c.language || 'Not given'}</dd>
            <dt className="font-bold text-muted">Joined</dt>
            <dd>{when(c.created_at)}</dd>
            <dt className="font-bold text-muted">Last sign-in</dt>
            <dd>{when(c.last_sign_in_at)}</dd>
            <dt className="font-bold text-muted">Signs in with</dt>
            <dd>{c.providers.map((p) => (p === 'email' ? 'E-mail' : p === 'google' ? 'Google' : p)).join(', ') || 'Nothing'}</dd>
            <dt className="font-bold text-muted">Children</dt>
            <dd>{c.children_count}</dd>
            {c.banned_until && (
              <>
                <dt className="font-bold text-muted">Banned until</dt>
                <dd>{when(c.banned_until)}</dd>
              </>
            )}
          </dl>
        </Block>
        <Block title="Actions">
          <CustomerActions customer={c} canResend={canResend} canHelp={canHelp} />
        </Block>
        <Block title="Orders" className="lg:col-span-2">
          {c.orders.length === 0 ? (
            <p className="text-muted">No orders.</p>
          ) : (
            <ul className="divide-y divide-line text-sm" aria-label="Orders">
              {c.orders.map((o) => (
                <li key={o.number} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                  <span className="font-bold">{o.number}</span>
                  <span className="text-muted">{when(o.createdAt)}</span>
                  <span>{o.status.replace(/_/g, ' ')}</span>
                  <span className="font-bold">{formatCents(o.totalCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </Block>
        <Block title="Two-step sign-in">
          {c.factors.length === 0 ? (
            <p className="text-muted">Off: no factors.</p>
          ) : (
            <>
              <ul className="mb-4 flex flex-col gap-2 text-sm" aria-label="Factors">
                {c.factors.map((f) => (
                  <li key={f.id}>
                    <span className="font-bold">{f.friendly_name || f.factor_type.toUpperCase()}</span> · {f.factor_type} · {f.status} · added{' '}
                    {when(f.created_at)}
                  </li>
                ))}
              </ul>
              {canHelp && c.role === 'user' && <ResetFactors customer={c} />}
            </>
          )}
        </Block>
        <Block title="Storybooks" className="lg:col-span-3">
          <CustomerStorybooks customer={c} canGrant={canGrant} />
        </Block>
        <Block title="Sessions" className="lg:col-span-2">
          {c.sessions.length === 0 ? (
            <p className="text-muted">Not signed in anywhere.</p>
          ) : (
            <ul className="divide-y divide-line text-sm" aria-label="Sessions">
              {c.sessions.map((s) => (
                <li key={s.id} className="py-2">
                  <p className="font-bold break-words">{s.device}</p>
                  <p className="break-words text-muted">
                    {[place(s.place), s.ip].filter(Boolean).join(' · ')} · last used {when(s.last_used_at)} · {s.aal === 'aal2' ? 'two steps' : 'one step'}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Block>
        <Block title="Recent sign-ins">
          {c.sign_ins.length === 0 ? (
            <p className="text-muted">None in the last 90 days.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm" aria-label="Sign-ins">
              {c.sign_ins.map((e, i) => (
                <li key={`${e.at}-${i}`} className="flex gap-2">
                  {e.ok ? (
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-leaf-700" aria-label="Succeeded" />
                  ) : (
                    <CircleX className="mt-0.5 size-4 shrink-0 text-red-700" aria-label="Failed" />
                  )}
                  <span className="min-w-0 break-words">
                    {methods[e.method] ?? e.method} · {when(e.at)} · {e.device}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Block>
      </div>
    </>
  )
}
