import { ShoppingBag } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { Input, Select } from '@/components/ui/input'
import { FilterField as Field, Pager, useSearchBox } from '@/components/ui/list-controls'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { formatCents } from '@/lib/money'
import { useAdminOrders } from '../api/orders'
import { filtersFromSearch, FIRST_DAY, isFiltered, LAST_DAY, methodFilters, pageCount, searchFromFilters, sorts, statusFilters, withFilters, type OrderFilters } from '../list-params'
import { methodNames, type OrderSummary } from '../types'
import { OrderStatusBadge } from './status-badge'

/** When an order was placed, as staff read it: date and time. */
export function placedAt(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/**
 * /admin/orders: every order, searched, filtered, sorted and paged on the
 * server, with the filters in the page's URL. A table on a wide screen,
 * cards on a phone.
 */
export function OrdersList() {
  const [search, setSearch] = useSearchParams()
  const filters = filtersFromSearch(search)
  const orders = useAdminOrders(filters)
  const show = (next: OrderFilters) => setSearch(searchFromFilters(next), { replace: true })
  return (
    <div>
      <Filters filters={filters} onChange={show} />
      <div className="mt-6" aria-busy={orders.isFetching}>
        {orders.isPending ? (
          <Loading label="Loading the orders..." />
        ) : orders.isError ? (
          <LoadFailed what="the orders" onRetry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <EmptyState
            icon={ShoppingBag}
            title={isFiltered(filters) ? 'No orders match' : 'No orders yet'}
            description={isFiltered(filters) ? 'Try other words or fewer filters.' : 'Orders appear here as soon as they are paid.'}
          />
        ) : (
          <>
            <p role="status" className="mb-3 font-bold text-muted">
              {orders.data.total === 1 ? '1 order' : `${orders.data.total} orders`}
            </p>
            <OrdersTable orders={orders.data.orders} />
            <OrderCards orders={orders.data.orders} />
            <Pager page={filters.page} count={pageCount(orders.data.total)} onPage={(page) => show(withFilters(filters, { page }))} />
          </>
        )}
      </div>
    </div>
  )
}

function Filters({ filters, onChange }: { filters: OrderFilters; onChange: (f: OrderFilters) => void }) {
  const box = useSearchBox(filters.q, (q) => onChange(withFilters(filters, { q })))
  const choose = (changes: Partial<OrderFilters>) => onChange(withFilters(filters, { q: box.flush(), ...changes }))
  return (
    <form
      role="search"
      aria-label="Find orders"
      onSubmit={(e) => {
        e.preventDefault()
        choose({})
      }}
      className="grid grid-cols-2 gap-4 rounded-2xl border-2 border-line bg-white p-4 lg:grid-cols-5"
    >
      <Field label="Search" id="orders-q" className="col-span-2 lg:col-span-5">
        <Input id="orders-q" type="search" value={box.text} onChange={(e) => box.type(e.target.value)} placeholder="Order number, e-mail or name" autoComplete="off" />
      </Field>
      <Field label="Status" id="orders-status" className="col-span-2 sm:col-span-1">
        <Select id="orders-status" value={filters.status} onChange={(e) => choose({ status: e.target.value as OrderFilters['status'] })}>
          <option value="">Any status</option>
          {statusFilters.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Payment method" id="orders-method" className="col-span-2 sm:col-span-1">
        <Select id="orders-method" value={filters.method} onChange={(e) => choose({ method: e.target.value as OrderFilters['method'] })}>
          <option value="">Any method</option>
          {methodFilters.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="From" id="orders-from">
        <Input id="orders-from" type="date" value={filters.from} min={FIRST_DAY} max={filters.to || LAST_DAY} onChange={(e) => choose({ from: e.target.value })} />
      </Field>
      <Field label="To" id="orders-to">
        <Input id="orders-to" type="date" value={filters.to} min={filters.from || FIRST_DAY} max={LAST_DAY} onChange={(e) => choose({ to: e.target.value })} />
      </Field>
      <Field label="Sort by" id="orders-sort" className="col-span-2 sm:col-span-1">
        <Select id="orders-sort" value={filters.sort} onChange={(e) => choose({ sort: e.target.value as OrderFilters['sort'] })}>
          {sorts.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
    </form>
  )
}

function OrderLink({ order }: { order: OrderSummary }) {
  return (
    <Link to={paths.adminOrder(order.number)} className="font-bold whitespace-nowrap text-ink underline-offset-4 hover:text-tiger-800 hover:underline">
      {order.number}
    </Link>
  )
}

function Amount({ order }: { order: OrderSummary }) {
  return (
    <span className="tabular-nums">
      <span className="font-bold">{formatCents(order.totalCents)}</span>
      {order.refundedCents > 0 && <span className="block text-sm text-muted">{formatCents(order.refundedCents)} refunded</span>}
    </span>
  )
}

function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border-2 border-line bg-white md:block">
      <table className="w-full text-left">
        <caption className="sr-only">Orders</caption>
        <thead className="bg-cream text-sm text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-bold">Order</th>
            <th scope="col" className="px-4 py-3 font-bold">Placed</th>
            <th scope="col" className="px-4 py-3 font-bold">Buyer</th>
            <th scope="col" className="px-4 py-3 font-bold">Status</th>
            <th scope="col" className="px-4 py-3 font-bold">Method</th>
            <th scope="col" className="px-4 py-3 text-right font-bold">Total</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.number} className="border-t-2 border-line align-middle">
              <td className="px-4 py-3">
                <OrderLink order={o} />
                <span className="block text-sm text-muted">
                  {o.items} {o.items === 1 ? 'book' : 'books'}
                </span>
              </td>
              <td className="px-4 py-3 text-sm">{placedAt(o.createdAt)}</td>
              <td className="px-4 py-3">
                <span className="block font-bold">{o.name || '—'}</span>
                <span className="block text-sm break-all text-muted">{o.email}</span>
              </td>
              <td className="px-4 py-3">
                <OrderStatusBadge status={o.status} />
              </td>
              <td className="px-4 py-3 text-sm">{methodNames[o.provider] ?? o.provider}</td>
              <td className="px-4 py-3 text-right">
                <Amount order={o} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function OrderCards({ orders }: { orders: OrderSummary[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Orders">
      {orders.map((o) => (
        <li key={o.number} className="rounded-2xl border-2 border-line bg-white p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <OrderLink order={o} />
            <Amount order={o} />
          </div>
          <p className="mt-1 text-sm text-muted">
            {placedAt(o.createdAt)} · {o.items} {o.items === 1 ? 'book' : 'books'} · {methodNames[o.provider] ?? o.provider}
          </p>
          <p className="mt-1 text-sm break-all">
            {o.name || '—'} · {o.email}
          </p>
          <div className="mt-2">
            <OrderStatusBadge status={o.status} />
          </div>
        </li>
      ))}
    </ul>
  )
}
