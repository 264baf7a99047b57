import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { facts } from './facts'

/** A titled block of readable text: the building block of the policy pages. */
export function ProseSection({ id, title, icon: Icon, tone = 'bg-tiger-100 text-tiger-700', children }: { id?: string; title: string; icon?: LucideIcon; tone?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="scroll-mt-28 rounded-3xl border-2 border-line bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id ? `${id}-title` : undefined} className="flex items-center gap-3 text-2xl font-semibold">
        {Icon && (
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-2xl', tone)}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
        {title}
      </h2>
      <div className="prose-body mt-4 space-y-4 text-lg leading-relaxed text-ink/85">{children}</div>
    </section>
  )
}

/** A bulleted list with little colored dots instead of plain bullets. */
export function DotList({ items, className }: { items: ReactNode[]; className?: string }) {
  return (
    <ul className={cn('space-y-2', className)}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-3">
          <span className="mt-2.5 size-2 shrink-0 rounded-full bg-tiger-400" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

/** "Last updated" line under a policy's title. */
export function LastUpdated({ date }: { date: string }) {
  return (
    <p className="mb-8 inline-flex rounded-full bg-sun-100 px-4 py-1.5 text-sm font-bold text-tiger-800">
      Last updated: {date}
    </p>
  )
}

/** A table of contents for long policy pages, linking to each section's id. */
export function OnThisPage({ sections }: { sections: { id: string; title: string }[] }) {
  return (
    <nav aria-label="On this page" className="rounded-3xl bg-tiger-50 p-5">
      <p className="font-display text-lg font-semibold text-tiger-800">On this page</p>
      <ol className="mt-3 space-y-1.5">
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`} className="font-semibold text-ink/80 hover:text-tiger-700 hover:underline">
              {s.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** The frame of a policy page: last-updated line, "On this page" sidebar, then the sections. */
export function PolicyLayout({ sections, children }: { sections: { id: string; title: string }[]; children: ReactNode }) {
  return (
    <>
      <LastUpdated date={facts.policiesUpdated} />
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <OnThisPage sections={sections} />
        </aside>
        <div className="space-y-6">{children}</div>
      </div>
    </>
  )
}

/**
 * A policy's table of facts with three columns, the first naming each row: a small card per row on
 * a phone, a table from sm up. cardLabels name the second and third cells on a card (default: their columns).
 */
export function FactTable({
  columns,
  rows,
  cardLabels = [columns[1], columns[2]],
}: {
  columns: [string, string, string]
  rows: [string, ReactNode, ReactNode][]
  cardLabels?: [string, string]
}) {
  return (
    <>
      <ul className="space-y-3 sm:hidden">
        {rows.map(([name, second, third]) => (
          <li key={name} className="rounded-2xl border-2 border-line bg-cream p-4">
            <p className="font-display text-lg font-semibold">{name}</p>
            <p className="text-base"><span className="font-bold">{cardLabels[0]}:</span> {second}</p>
            <p className="text-base"><span className="font-bold">{cardLabels[1]}:</span> {third}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-2xl border-2 border-line sm:block">
        <table className="w-full text-left text-base">
          <thead className="bg-tiger-50 font-display text-ink">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-4 py-3 font-semibold">{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, second, third]) => (
              <tr key={name} className="border-t-2 border-line align-top">
                <th scope="row" className="px-4 py-3 font-bold">{name}</th>
                <td className="px-4 py-3">{second}</td>
                <td className="px-4 py-3">{third}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
