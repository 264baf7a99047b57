import { Search, UserRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useCustomerSearch } from '../api/customers'
import { customerName, type CustomerSummary } from '../types'
import { StatusBadges } from './status-badges'

/** How long the search waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300

/** /admin/customers: find an account by e-mail or name; the search is in the page's URL. */
export function CustomersList() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const [text, setText] = useState(q)
  useEffect(() => {
    if (text === q) return
    const timer = window.setTimeout(() => setParams(text ? { q: text } : {}, { replace: true }), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [text, q, setParams])
  const search = useCustomerSearch(q)

  return (
    <div>
      <form role="search" onSubmit={(e) => e.preventDefault()} className="max-w-xl">
        <Label htmlFor="customer-search">Search by e-mail or name</Label>
        <div className="relative mt-2">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input id="customer-search" type="search" className="pl-10" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
        </div>
      </form>
      <div className="mt-6" aria-live="polite">
        {search.isPending && <Loading label="Searching..." />}
        {search.isError && <LoadFailed what="the customers" onRetry={() => void search.refetch()} />}
        {search.data && search.data.customers.length === 0 && (
          <EmptyState icon={UserRound} title="No customers found" description={q ? `No account's e-mail or name contains "${q}".` : 'No accounts yet.'} />
        )}
        {search.data && search.data.customers.length > 0 && (
          <ul aria-label="Customers" className="divide-y-2 divide-line overflow-hidden rounded-2xl border-2 border-line bg-white">
            {search.data.customers.map((c) => (
              <CustomerRow key={c.id} customer={c} />
            ))}
          </ul>
        )}
        {search.data?.more && <p className="mt-3 text-sm text-muted">Showing the newest 50 matches. Type more to narrow the search.</p>}
      </div>
    </div>
  )
}

function CustomerRow({ customer: c }: { customer: CustomerSummary }) {
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link to={paths.adminCustomer(c.id)} className="font-bold text-tiger-800 underline-offset-4 hover:underline">
          {customerName(c)}
        </Link>
        <p className="break-all text-sm text-muted">{c.email}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <StatusBadges customer={c} />
        {c.role !== 'user' && <Badge className="bg-sky-100">Staff</Badge>}
      </div>
    </li>
  )
}
