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
