import { ShoppingBag } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Input } from '@/components/ui/input'
import { countOf, FilterField as Field, FilterSelect, ListResults, TableOrCards, useSearchBox, type Column } from '@/components/ui/list-controls'
import { paths } from '@/config/paths'
import { formatCents } from '@/lib/money'
import { useAdminOrders } from '../api/orders'
import {
  filtersFromSearch,
  FIRST_DAY,
  isFiltered,
  LAST_DAY,
  fulfillmentFilters,
  methodFilters,
  pageCount,
  pageFrom,
  paymentFilters,
  searchFromFilters,
  sorts,
  withFilters,
  type OrderFilters,
} from '../list-params'
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
        <ListResults
          query={orders}
          loading="Loading the orders..."
          what="the orders"
          isEmpty={(data) => data.orders.length === 0}
          empty={{
            icon: ShoppingBag,
            title: isFiltered(filters) ? 'No orders match' : 'No orders yet',
            description: isFiltered(filters) ? 'Try other words or fewer filters.' : 'Orders appear here as soon as they are paid.',
          }}
          count={(data) => countOf(data.total, 'order', 'orders', data.totalCapped)}
          pages={(data) => ({
            page: filters.page,
            count: pageCount(data.total),
            atLeast: data.totalCapped,
            hasNext: data.nextCursor !== null,
            onPage: (page) => show(pageFrom(filters, data, page)),
          })}
        >
          {(data) => <OrdersTableOrCards orders={data.orders} />}
        </ListResults>
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
      className="grid grid-cols-2 gap-4 rounded-2xl border-2 border-line bg-white p-4 lg:grid-cols-6"
    >
      <Field label="Search" id="orders-q" className="col-span-2 lg:col-span-6">
        <Input id="orders-q" type="search" value={box.text} onChange={(e) => box.type(e.target.value)} placeholder="Order number, e-mail or name" autoComplete="off" />
      </Field>
      <FilterSelect
        label="Shipping status"
        id="orders-fulfillment"
        className="col-span-2 sm:col-span-1"
        value={filters.fulfillmentStatus}
        all="Any"
        options={fulfillmentFilters}
        onChange={(fulfillmentStatus) => choose({ fulfillmentStatus })}
      />
      <FilterSelect
        label="Payment status"
        id="orders-payment"
        className="col-span-2 sm:col-span-1"
        value={filters.paymentStatus}
        all="Any"
        options={paymentFilters}
        onChange={(paymentStatus) => choose({ paymentStatus })}
      />
      <FilterSelect label="Payment method" id="orders-method" className="col-span-2 sm:col-span-1" value={filters.method} all="Any method" options={methodFilters} onChange={(method) => choose({ method })} />
      <Field label="From" id="orders-from">
        <Input id="orders-from" type="date" value={filters.from} min={FIRST_DAY} max={filters.to || LAST_DAY} onChange={(e) => choose({ from: e.target.value })} />
      </Field>
      <Field label="To" id="orders-to">
        <Input id="orders-to" type="date" value={filters.to} min={filters.from || FIRST_DAY} max={LAST_DAY} onChange={(e) => choose({ to: e.target.value })} />
      </Field>
      <FilterSelect label="Sort by" id="orders-sort" className="col-span-2 sm:col-span-1" value={filters.sort} options={sorts} onChange={(sort) => choose({ sort })} />
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
      {order.pendingRefundCents > 0 && (
        <span className="block text-sm text-muted">{formatCents(order.pendingRefundCents)} refund pending at PayPal</span>
      )}
    </span>
  )
}

const itemsText = (o: OrderSummary) => countOf(o.items, 'book')

/** One row per order on a wide screen, one card per order on a phone. */
function OrdersTableOrCards({ orders }: { orders: OrderSummary[] }) {
  const columns: Column<OrderSummary>[] = [
    {
      header: 'Order',
      cell: (o) => (
        <>
          <OrderLink order={o} />
          <span className="block text-sm text-muted">{itemsText(o)}</span>
        </>
      ),
    },
    { header: 'Placed', cellClassName: 'text-sm', cell: (o) => placedAt(o.createdAt) },
    {
      header: 'Buyer',
      cell: (o) => (
        <>
          <span className="block font-bold">{o.name || '—'}</span>
          <span className="block text-sm break-all text-muted">{o.email}</span>
        </>
      ),
    },
    { header: 'Status', cell: (o) => <OrderStatusBadge order={o} /> },
    { header: 'Method', cellClassName: 'text-sm', cell: (o) => methodNames[o.provider] ?? o.provider },
    { header: 'Total', className: 'text-right', cell: (o) => <Amount order={o} /> },
  ]
  return (
    <TableOrCards
      label="Orders"
      items={orders}
      rowKey={(o) => o.number}
      columns={columns}
      card={(o) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <OrderLink order={o} />
            <Amount order={o} />
          </div>
          <p className="mt-1 text-sm text-muted">
            {placedAt(o.createdAt)} · {itemsText(o)} · {methodNames[o.provider] ?? o.provider}
          </p>
          <p className="mt-1 text-sm break-all">
            {o.name || '—'} · {o.email}
          </p>
          <div className="mt-2">
            <OrderStatusBadge order={o} />
          </div>
        </>
      )}
    />
  )
}
