import type { UseQueryResult } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Select } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { cn } from '@/lib/cn'

// The pieces of a back-office list (books, orders, customers, discount
// codes) whose filters live in the page's URL: a labelled filter, the search
// box that asks the server once typing pauses, the results in their states
// with the count and the pages, and the table on a wide screen that is
// cards on a phone.

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300

/** One labelled control of a filter bar. */
export function FilterField({ label, id, className, children }: { label: string; id: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  )
}

/** A labelled select of a filter bar; `all` is the first choice, which filters nothing. */
export function FilterSelect<T extends string>({
  label,
  id,
  value,
  all,
  options,
  onChange,
  className,
}: {
  label: string
  id: string
  value: T | ''
  all?: string
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
  className?: string
}) {
  return (
    <FilterField label={label} id={id} className={className}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {all !== undefined && <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FilterField>
  )
}

/**
 * The search box's text: it follows typing and calls `search` with the
 * trimmed words once typing pauses; `flush` stops the wait and returns the
 * words typed so far, for a filter chosen meanwhile. When the URL's search
 * (`q`) changes otherwise (Back), the box shows it.
 */
export function useSearchBox(q: string, search: (words: string) => void) {
  const [text, setText] = useState(q)
  const [shownQ, setShownQ] = useState(q)
  if (q !== shownQ) {
    setShownQ(q)
    if (q !== text.trim()) setText(q)
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return {
    text,
    type(value: string) {
      setText(value)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => search(value.trim()), SEARCH_DELAY_MS)
    },
    flush(): string {
      clearTimeout(timer.current)
      return text.trim()
    },
  }
}

/**
 * Previous, "Page n of m", Next; nothing when there is one page. With
 * `atLeast` the count is a lower bound (a list that stops counting, as the
 * orders after 400 pages): "Page n of m+", and Next stays while `hasNext`.
 */
export function Pager({
  page,
  count,
  onPage,
  atLeast = false,
  hasNext = false,
}: {
  page: number
  count: number
  onPage: (page: number) => void
  atLeast?: boolean
  hasNext?: boolean
}) {
  if (count <= 1 && !atLeast) return null
  const shown = atLeast ? page : Math.min(page, count)
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={shown <= 1} onClick={() => onPage(shown - 1)}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      <span className="font-bold" aria-current="page">
        {atLeast ? (shown <= count ? `Page ${shown} of ${count}+` : `Page ${shown}`) : `Page ${shown} of ${count}`}
      </span>
      <Button variant="outline" size="sm" disabled={atLeast ? !hasNext : shown >= count} onClick={() => onPage(shown + 1)}>
        Next <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  )
}

/**
 * The results of a list under its filters, in every state: Loading until
 * the first answer, LoadFailed with Try again, the empty state, or the
 * results (`children`) with how many there are above them (`count`) and
 * the pages below (`pages`).
 */
export function ListResults<D>({
  query,
  loading,
  what,
  isEmpty,
  empty,
  count,
  pages,
  children,
}: {
  query: UseQueryResult<D>
  /** "Loading the books..." */
  loading: string
  /** What could not be loaded: "the books". */
  what: string
  isEmpty: (data: D) => boolean
  empty: { icon: LucideIcon; title: string; description: string }
  /** "12 books" */
  count?: (data: D) => string
  pages?: (data: D) => { page: number; count: number; onPage: (page: number) => void; atLeast?: boolean; hasNext?: boolean }
  children: (data: D) => ReactNode
}) {
  if (query.isPending) return <Loading label={loading} />
  if (query.isError) return <LoadFailed what={what} onRetry={() => void query.refetch()} />
  const data = query.data
  if (isEmpty(data)) return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
  const pager = pages?.(data)
  return (
    <>
      {count && (
        <p role="status" className="mb-3 font-bold text-muted">
          {count(data)}
        </p>
      )}
      {children(data)}
      {pager && <Pager {...pager} />}
    </>
  )
}

/** "1 book", "12 books"; with `atLeast`, "10,000+ books". */
export function countOf(n: number, one: string, many = `${one}s`, atLeast = false): string {
  if (atLeast) return `${n.toLocaleString('en-US')}+ ${many}`
  return `${n} ${n === 1 ? one : many}`
}

/** A column of TableOrCards: its header, and its cell for each item; `className` goes on both, `cellClassName` on the cells only. */
export type Column<T> = { header: ReactNode; cell: (item: T) => ReactNode; className?: string; cellClassName?: string }

/**
 * A list's items as a table on a wide screen (md and up) and as cards on a
 * phone, both named `label` (the table's caption, the list's name). Cells
 * sit in the middle of their row, or at its top for rows of uneven height
 * (`align`).
 */
export function TableOrCards<T>({
  label,
  items,
  rowKey,
  columns,
  card,
  align = 'middle',
}: {
  label: string
  items: T[]
  rowKey: (item: T) => string | number
  columns: Column<T>[]
  card: (item: T) => ReactNode
  align?: 'middle' | 'top'
}) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border-2 border-line bg-white md:block">
        <table className="w-full text-left">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-cream text-sm text-muted">
            <tr>
              {columns.map((c, i) => (
                <th key={i} scope="col" className={cn('px-4 py-3 font-bold', c.className)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={rowKey(item)} className={cn('border-t-2 border-line', align === 'top' ? 'align-top' : 'align-middle')}>
                {columns.map((c, i) => (
                  <td key={i} className={cn('px-4 py-3', c.className, c.cellClassName)}>
                    {c.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={label}>
        {items.map((item) => (
          <li key={rowKey(item)} className="rounded-2xl border-2 border-line bg-white p-4">
            {card(item)}
          </li>
        ))}
      </ul>
    </>
  )
}
