import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'

/** The question under a row before it is removed: what happens, then Yes, remove or Cancel. */
export function ConfirmRemove({ name, busy, onConfirm, onCancel, children }: { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void; children: ReactNode }) {
  return (
    <div role="group" aria-label={`Remove ${name}?`} className="flex w-full flex-wrap items-center gap-2 border-t border-line pt-3">
      <p className="w-full text-sm font-semibold">{children}</p>
      <Button size="sm" variant="destructive" disabled={busy} onClick={onConfirm}>
        {busy ? 'Removing…' : 'Yes, remove'}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}
