import { CircleAlert, CircleCheck } from 'lucide-react'
import { countOf } from '@/components/ui/list-controls'
import { cn } from '@/lib/cn'
import { statusNames, type StorybookStatus } from '../types'

const statusTones: Record<StorybookStatus, string> = { draft: 'bg-sun-100 text-ink', published: 'bg-leaf-100 text-leaf-800' }

/** Draft or Published, as a small pill. */
export function StatusBadge({ status }: { status: StorybookStatus }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-bold', statusTones[status])}>{statusNames[status]}</span>
}

/** "No problems", or how many keep the storybook from being published, in red. */
export function ProblemsCount({ count }: { count: number }) {
  if (count === 0)
    return (
      <span className="inline-flex items-center gap-1 text-sm font-bold text-leaf-700">
        <CircleCheck className="size-4" aria-hidden="true" /> No problems
      </span>
    )
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-bold text-red-700">
      <CircleAlert className="size-4" aria-hidden="true" /> {countOf(count, 'problem')}
    </span>
  )
}
