import { cn } from '@/lib/cn'

/** A friendly spinner with a visible label, used while data or the session loads. */
export function Loading({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted', className)}>
      <span className="size-10 animate-spin rounded-full border-4 border-tiger-200 border-t-tiger-500" aria-hidden="true" />
      <span className="font-bold">{label}</span>
    </div>
  )
}
