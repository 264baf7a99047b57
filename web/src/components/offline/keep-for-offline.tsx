import { CircleCheck, CloudDownload, Trash2 } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { useKeptStorybook } from '@/lib/offline/use-kept-storybook'

/** Bytes as a family reads them: "1.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * "Keep for offline" on a storybook the family has: keeps its pages,
 * pictures and narration on this device (lib/offline), shows how far it
 * has come, then that it is ready to read without the internet, with a way
 * to remove it. Nothing in a browser that cannot read offline, nor before
 * the device has been asked (so a page rendered by the server matches).
 */
export function KeepForOffline({ slug, className }: { slug: string; className?: string }) {
  const { state, keep, remove } = useKeptStorybook(slug)
  switch (state.status) {
    case 'unknown':
    case 'unsupported':
      return null
    case 'none':
      return (
        <Button variant="outline" className={className} onClick={() => void keep()}>
          <CloudDownload aria-hidden /> Keep for offline
        </Button>
      )
    case 'saving': {
      const { step } = state
      return (
        <div className={cn('flex min-w-56 flex-col gap-2', className)} role="status">
          <span className="text-sm font-bold text-ink">{step ? `Saving ${step.saved} of ${step.total} pages…` : 'Getting the storybook ready…'}</span>
          <progress className="h-2 w-full accent-tiger-600" max={step?.total ?? 1} value={step?.saved ?? 0} aria-label="Saved pages" />
        </div>
      )
    }
    case 'kept':
      return (
        <div className={cn('flex flex-wrap items-center gap-x-4 gap-y-2', className)}>
          <p className="flex items-center gap-2 text-sm font-bold text-leaf-700" role="status">
            <CircleCheck aria-hidden className="size-5 shrink-0" />
            <span>
              Ready to read without the internet
              <span className="block font-normal text-muted">Saved on this device · {formatSize(state.record.bytes)}</span>
            </span>
          </p>
          <Button variant="ghost" size="sm" onClick={() => void remove()}>
            <Trash2 aria-hidden /> Remove from this device
          </Button>
        </div>
      )
    case 'failed':
      return (
        <Alert tone="error" className={cn('flex flex-wrap items-center gap-3', className)}>
          <span className="flex-1">{state.message}</span>
          <Button variant="outline" size="sm" onClick={() => void keep()}>
            Try again
          </Button>
        </Alert>
      )
  }
}
