import { CalendarDays, UserRound } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import { formatLongDate } from '@/lib/dates'

/** The blog's five categories have their own colours; any other gets the sunny default. */
const categoryTones: Record<string, string> = {
  'Reading Tips': 'bg-grape-100 text-grape-700',
  Learning: 'bg-sky-100 text-sky-700',
  Family: 'bg-tiger-100 text-tiger-700',
  Activities: 'bg-leaf-100 text-leaf-700',
  Kindness: 'bg-berry-100 text-berry-700',
}

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return <Badge className={cn(categoryTones[category] ?? 'bg-sun-300 text-ink', className)}>{category}</Badge>
}

export function Byline({ author, date }: { author: string; date: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="size-4" aria-hidden="true" /> {author}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden="true" /> <time dateTime={date}>{formatLongDate(date)}</time>
      </span>
    </p>
  )
}
