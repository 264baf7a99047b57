import { Download } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { apiFetch } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { formatCents } from '@/lib/money'
import { useLowStock, useSales, type DayRevenue, type SalesPeriod } from '../api/sales'

const periodNames: Record<number, string> = { 1: 'Today', 7: 'Last 7 days', 30: 'Last 30 days' }

/**
 * The day's sales: Shopify's measures (gross sales, discounts, refunds, net
 * sales, shipping, tax, total) for today, 7 and 30 days; total sales per day
 * (a chart, with its table for screen readers)
 * and the top books; the orders waiting to ship; the books low on stock
 * (for a role with the catalogue); the orders of a date range as CSV.
 */
export function SalesDashboard({ showStock }: { showStock: boolean }) {
  const sales = useSales()
  if (sales.isPending) return <Loading label="Loading the day's sales..." />
  if (sales.isError) return <LoadFailed what="the day's sales" onRetry={() => void sales.refetch()} />
  const report = sales.data
  return (
    <div className="space-y-6">
      <section aria-labelledby="sales-periods" className="grid gap-4 md:grid-cols-3">
        <h2 id="sales-periods" className="sr-only">
          Sales
        </h2>
        {report.periods.map((p) => (
          <PeriodCard key={p.days} period={p} />
        ))}
      </section>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RevenueChart days={report.days} />
        <section aria-labelledby="top-books" className="rounded-2xl border-2 border-line bg-white p-5">
          <h2 id="top-books" className="text-xl font-bold">
            Top books, 30 days (net copies)
          </h2>
          {report.topBooks.length === 0 ? (
            <p className="mt-2 text-muted">No books sold yet.</p>
          ) : (
            <table className="mt-3 w-full text-left">
              <thead className="text-sm text-muted">
                <tr>
                  <th scope="col">Book</th>
                  <th scope="col" className="text-right">
                    Copies
                  </th>
                  <th scope="col" className="text-right">
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.topBooks.map((b) => (
                  <tr key={b.bookId} className="border-t border-line">
                    <th scope="row" className="py-2 pr-2 font-bold">
                      {b.title}
                    </th>
                    <td className="text-right">{b.copies}</td>
                    <td className="text-right">{formatCents(b.revenueCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="waiting" className="rounded-2xl border-2 border-line bg-white p-5">
          <h2 id="waiting" className="text-xl font-bold">
            Waiting to ship ({report.waitingCount})
          </h2>
          {report.waiting.length === 0 ? (
            <p className="mt-2 text-muted">Every paid order has shipped.</p>
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {report.waiting.map((o) => (
                <li key={o.number} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                  <Link to={paths.adminOrder(o.number)} className="font-bold text-tiger-700 underline-offset-4 hover:underline">
                    {o.number}
                  </Link>
                  <span className="min-w-0 flex-1 truncate text-sm text-muted">{o.email}</span>
                  <span className="font-bold">{formatCents(o.totalCents)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm text-muted">
            Pre-orders awaiting release: <strong className="text-ink">{report.awaitingRelease ?? 0}</strong>. They join these on their book’s day.
          </p>
        </section>
        {showStock && <LowStock />}
      </div>
      <ExportForm />
    </div>
  )
}

/** A period's total sales, then how they are made, as Shopify's sales report shows them (cancelled orders left out). */
function PeriodCard({ period: p }: { period: SalesPeriod }) {
  const minus = (cents: number) => (cents > 0 ? `−${formatCents(cents)}` : formatCents(0))
  const rows: [string, string][] = [
    ['Gross sales', formatCents(p.grossSalesCents)],
    ['Discounts', minus(p.discountsCents)],
    ['Refunds', minus(p.refundsCents)],
    ['Net sales', formatCents(p.netSalesCents)],
    ['Shipping', formatCents(p.shippingCents)],
    ['Tax', formatCents(p.taxCents)],
    ['Total sales', formatCents(p.totalCents)],
    ['Orders', String(p.orders)],
    ['Average order', formatCents(p.averageCents)],
    ['Of which pre-orders', `${p.preorders ?? 0} (${formatCents(p.preorderSalesCents ?? 0)})`],
  ]
  return (
    <section aria-label={periodNames[p.days]} className="rounded-2xl border-2 border-line bg-white p-5">
      <h3 className="text-sm font-extrabold uppercase tracking-wide text-tiger-700">{periodNames[p.days] ?? `${p.days} days`}</h3>
      <p className="mt-1 font-display text-3xl font-bold">{formatCents(p.totalCents)}</p>
      <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted">{name}</dt>
            <dd className="text-right font-bold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Bars drawn in SVG for the eye; the same figures in a table for screen readers. */
function RevenueChart({ days }: { days: DayRevenue[] }) {
  const max = Math.max(1, ...days.map((d) => d.revenueCents))
  const barWidth = 100 / days.length
  const short = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
  return (
    <section aria-labelledby="revenue-chart" className="rounded-2xl border-2 border-line bg-white p-5">
      <h2 id="revenue-chart" className="text-xl font-bold">
        Total sales per day, 30 days
      </h2>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="mt-3 h-48 w-full" aria-hidden="true">
        {days.map((d, i) => {
          const h = (Math.max(0, d.revenueCents) / max) * 38
          return <rect key={d.day} x={i * barWidth + barWidth * 0.15} y={40 - h} width={barWidth * 0.7} height={h} rx={0.4} className="fill-tiger-500" />
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{short(days[0].day)}</span>
        <span>{short(days[days.length - 1].day)}</span>
      </div>
      <table className="sr-only">
        <caption>Total sales and orders per day, the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Total sales</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{short(d.day)}</th>
              <td>{formatCents(d.revenueCents)}</td>
              <td>{d.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function LowStock() {
  const books = useLowStock(true)
  return (
    <section aria-labelledby="low-stock" className="rounded-2xl border-2 border-line bg-white p-5">
      <h2 id="low-stock" className="text-xl font-bold">
        Low on stock
      </h2>
      {books.isPending ? (
        <Loading label="Loading..." />
      ) : books.isError || books.data.length === 0 ? (
        <p className="mt-2 text-muted">{books.isError ? 'The stock could not be read.' : 'No book is low on stock.'}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {books.data.map((b) => (
            <li key={b.id} className="flex justify-between gap-2 py-2">
              <Link to={paths.adminBook(b.id)} className="font-bold text-tiger-700 underline-offset-4 hover:underline">
                {b.title}
              </Link>
              <span className="font-bold">{b.stock === 0 ? 'Out of stock' : `${b.stock} left`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The orders of a range of days as CSV, for the accountant (a plain download link). */
function ExportForm() {
  const today = new Date().toISOString().slice(0, 10)
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`)
  const [to, setTo] = useState(today)
  return (
    <section aria-labelledby="export" className="rounded-2xl border-2 border-line bg-white p-5">
      <h2 id="export" className="text-xl font-bold">
        Export orders (CSV)
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-sm font-bold">
          From (UTC)
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="mt-1" />
        </label>
        <label className="text-sm font-bold">
          To (UTC)
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} className="mt-1" />
        </label>
        <Button type="button" variant="outline" onClick={() => void download(from, to)}>
          <Download aria-hidden="true" /> Download CSV
        </Button>
      </div>
    </section>
  )
}

/** Fetches the CSV with the session's token (a link could not carry it) and hands it to the browser as a file. */
async function download(from: string, to: string) {
  try {
    const text = await apiFetch<string>(`/api/admin/orders/export.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers: { Accept: 'text/csv' } })
    save(new Blob([text], { type: 'text/csv' }), `orders-${from}-to-${to}.csv`)
  } catch (error) {
    toast.error('Not exported', { description: messageOf(error) })
  }
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  URL.revokeObjectURL(url)
}
