import { zodResolver } from '@hookform/resolvers/zod'
import { ClipboardList } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Form, InputField, SelectField } from '@/components/ui/form'
import { TableOrCards, type Column } from '@/components/ui/list-controls'
import { Loading } from '@/components/ui/loading'
import { Alert } from '@/components/ui/alert'
import { messageOf } from '@/lib/errors'
import { z } from '@/lib/zod'
import { useAuditLog } from '../api/get-audit'
import { actionNames, actorName, auditKinds, subjectOf } from '../audit-kinds'
import { changedFields, showValue } from '../diff'
import type { AuditEntry, AuditFilters } from '../types'
import { AdminPage } from './admin-shell'

const day = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date')])
const filtersSchema = z
  .object({ actor: z.string().trim().max(254, 'Too long'), kind: z.string(), from: day, to: day })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'The end date is before the start date' })

const filterNames = ['actor', 'kind', 'from', 'to'] as const

/** /admin/audit: every change made in the back office, newest first, filtered by person, kind and dates (kept in the URL). */
export function AuditLog() {
  const [search, setSearch] = useSearchParams()
  const filters: AuditFilters = { actor: search.get('actor') ?? '', kind: search.get('kind') ?? '', from: search.get('from') ?? '', to: search.get('to') ?? '' }
  const log = useAuditLog(filters)
  const apply = (values: AuditFilters) => {
    const next = new URLSearchParams()
    for (const name of filterNames) if (values[name].trim()) next.set(name, values[name].trim())
    setSearch(next, { replace: true })
  }
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? []
  const filtered = filterNames.some((name) => filters[name])

  return (
    <AdminPage title="Audit log" intro="Every change made in the back office: who, when, and the values before and after. Nobody can edit or delete it.">
      {/* Keyed on the URL: Clear (or Back) puts the URL's filters back in the fields. */}
      <FilterForm key={search.toString()} filters={filters} filtered={filtered} onApply={apply} onClear={() => setSearch(new URLSearchParams(), { replace: true })} />

      <div className="mt-6">
        {log.isPending ? (
          <Loading label="Loading the audit log..." />
        ) : log.isError ? (
          <Alert tone="error">Could not load the audit log: {messageOf(log.error)}</Alert>
        ) : entries.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title={filtered ? 'No changes match these filters' : 'Nothing has changed yet'}
            description={filtered ? 'Try another person, kind or date range.' : 'Changes made in the back office will be listed here.'}
          />
        ) : (
          <>
            <AuditTableOrCards entries={entries} />
            {log.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                  {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </AdminPage>
  )
}

function FilterForm({ filters, filtered, onApply, onClear }: { filters: AuditFilters; filtered: boolean; onApply: (f: AuditFilters) => void; onClear: () => void }) {
  const form = useForm<AuditFilters>({ resolver: zodResolver(filtersSchema), defaultValues: filters })
  return (
    <Form {...form}>
      <form
        role="search"
        aria-label="Filter the audit log"
        noValidate
        onSubmit={(e) => void form.handleSubmit(onApply)(e)}
        className="grid grid-cols-2 gap-4 rounded-2xl border-2 border-line bg-white p-4 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-start"
      >
        <InputField control={form.control} name="actor" label="Person (e-mail)" type="search" autoComplete="off" placeholder="e.g. ann@" className="col-span-2 sm:col-span-1" />
        <SelectField control={form.control} name="kind" label="Kind" options={auditKinds} placeholder="All kinds" className="col-span-2 sm:col-span-1" />
        <InputField control={form.control} name="from" label="From" type="date" />
        <InputField control={form.control} name="to" label="To" type="date" />
        <div className="col-span-2 flex gap-2 lg:col-span-1 lg:mt-7">
          <Button type="submit">Filter</Button>
          {filtered && (
            <Button type="button" variant="ghost" onClick={onClear}>
              Clear
            </Button>
          )}
        </div>
      </form>
    </Form>
  )
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const actionName = (action: string) => actionNames[action] ?? action

const columns: Column<AuditEntry>[] = [
  { header: 'When', cellClassName: 'whitespace-nowrap', cell: (e) => <time dateTime={e.at}>{when.format(new Date(e.at))}</time> },
  { header: 'Who', cellClassName: 'break-all', cell: actorName },
  {
    header: 'What',
    cell: (e) => (
      <>
        <span className="font-bold">{actionName(e.action)}</span>
        <span className="block break-all text-sm text-muted">{subjectOf(e)}</span>
      </>
    ),
  },
  { header: 'Changes', cellClassName: 'w-2/5', cell: (e) => <Changes entry={e} /> },
]

/** One row per change on a wide screen, one card per change on a phone. */
function AuditTableOrCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <TableOrCards
      label="Changes, newest first"
      items={entries}
      rowKey={(e) => e.id}
      columns={columns}
      align="top"
      card={(e) => (
        <>
          <p className="font-bold">{actionName(e.action)}</p>
          <p className="text-sm text-muted">
            <time dateTime={e.at}>{when.format(new Date(e.at))}</time> · <span className="break-all">{actorName(e)}</span>
          </p>
          <p className="break-all text-sm text-muted">{subjectOf(e)}</p>
          <div className="mt-2">
            <Changes entry={e} />
          </div>
        </>
      )}
    />
  )
}

/** Before and after, behind a disclosure: the fields that changed, or both values whole. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry.before, entry.after)
  return (
    <details className="group">
      <summary className="cursor-pointer font-bold text-tiger-800 hover:underline">
        {fields ? `Show changes (${fields.length})` : 'Show before and after'}
      </summary>
      {fields ? (
        <dl className="mt-2 space-y-2 text-sm">
          {fields.map((f) => (
            <div key={f.field}>
              <dt className="font-bold">{f.field}</dt>
              <dd className="flex flex-wrap items-baseline gap-x-2">
                <Value label="before" value={f.before} className="bg-berry-100 line-through decoration-berry-500/60" />
                <span aria-hidden="true">→</span>
                <Value label="after" value={f.after} className="bg-leaf-100" />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="mt-2 space-y-2 text-sm">
          <p className="font-bold">Before</p>
          <Json value={entry.before} />
          <p className="font-bold">After</p>
          <Json value={entry.after} />
        </div>
      )}
    </details>
  )
}

function Value({ label, value, className }: { label: string; value: unknown; className: string }) {
  const text = showValue(value)
  return (
    <span className={`max-w-full rounded px-1.5 py-0.5 font-mono text-xs ${className}`}>
      <span className="sr-only">{label}: </span>
      <span className={text.length > 80 ? 'line-clamp-3 break-all' : 'break-all'} title={text.length > 80 ? text : undefined}>
        {text}
      </span>
    </span>
  )
}

function Json({ value }: { value: unknown }) {
  return (
    <pre tabIndex={0} className="max-h-64 overflow-auto rounded-xl bg-cream p-3 font-mono text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  )
}
