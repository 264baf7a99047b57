import { cn } from '@/lib/cn'

export type OpeningHours = readonly { short: string; time: string }[]

/** The shop's opening hours as a list of day and time (the about and contact pages). */
export function StoreHours({ hours, className }: { hours: OpeningHours; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5', className)}>
      {hours.map((h) => (
        <div key={h.short} className="contents">
          <dt className="font-bold">{h.short}</dt>
          <dd>{h.time}</dd>
        </div>
      ))}
    </dl>
  )
}
