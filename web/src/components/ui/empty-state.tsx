import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** A page with nothing to show: an icon, a heading, a line of text and a way on (usually a button). */
export function EmptyState({ icon: Icon, title, description, action }: { icon: LucideIcon; title: ReactNode; description: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="flex size-24 items-center justify-center rounded-full bg-sun-100">
        <Icon className="size-12 text-tiger-500" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-lg text-muted">{description}</p>
      {action && <div className="mt-8">{action}</div>}
    </div>
  )
}
