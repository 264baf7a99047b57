import { Search, UserRound } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ListResults, useSearchBox } from '@/components/ui/list-controls'
import { paths } from '@/config/paths'
import { useCustomerSearch } from '../api/customers'
import { customerName, type CustomerSummary } from '../types'
import { StatusBadges } from './status-badges'

/** /admin/customers: find an account by e-mail or name; the search is in the page's URL. */
export function CustomersList() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const find = (words: string) => setParams(words ? { q: words } : {}, { replace: true })
  const box = useSearchBox(q, find)
  const search = useCustomerSearch(q)

  return (
    <div>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          find(box.flush())
        }}
        className="max-w-xl"
      >
        <Label htmlFor="customer-search">Search by e-mail or name</Label>
        <div className="relative mt-2">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input id="customer-search" type="search" className="pl-10" value={box.text} onChange={(e) => box.type(e.target.value)} autoComplete="off" />
        </div>
      </form>
      <div className="mt-6" aria-live="polite">
        <ListResults
          query={search}
          loading="Searching..."
          what="the customers"
          isEmpty={(data) => data.customers.length === 0}
          empty={{ icon: UserRound, title: 'No customers found', description: q ? `No account's e-mail or name contains "${q}".` : 'No accounts yet.' }}
        >
          {(data) => (
            <>
              <ul aria-label="Customers" className="divide-y-2 divide-line overflow-hidden rounded-2xl border-2 border-line bg-white">
                {data.customers.map((c) => (
                  <CustomerRow key={c.id} customer={c} />
                ))}
              </ul>
              {data.more && <p className="mt-3 text-sm text-muted">Showing the newest 50 matches. Type more to narrow the search.</p>}
            </>
          )}
        </ListResults>
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
