import { ShieldCheck } from 'lucide-react'

/** The promise to parents, said plainly wherever campaigns are. */
export function NoTrackingNote() {
  return (
    <p className="flex max-w-2xl items-start gap-2 text-sm text-muted">
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-leaf-700" aria-hidden="true" />
      <span>
        No open or click tracking: our letters carry no tracking pixel and no rewritten links. We only count what the mail server tells us
        (sent, failed) and who unsubscribed.
      </span>
    </p>
  )
}
