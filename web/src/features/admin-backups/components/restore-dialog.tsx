import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { modalDialogClass, useModalDialog } from '@/components/ui/modal-dialog'
import { cn } from '@/lib/cn'
import { formatWhen } from '../format'
import type { Backup } from '../types'

/** Asks before a restore: it replaces everything since the backup (kept in a snapshot first) and closes the shop for a minute. */
export function RestoreDialog({ backup, onClose, onConfirm }: { backup: Backup | null; onClose: () => void; onConfirm: (b: Backup) => void }) {
  const ref = useModalDialog(backup !== null)
  const titleId = useId()
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => backup && onClose()} className={cn(modalDialogClass, 'max-w-md')}>
      <h2 id={titleId} className="text-2xl font-bold">
        Restore this backup?
      </h2>
      {backup && (
        <>
          <p className="mt-3">
            The shop goes back to how it was on <strong>{formatWhen(backup.createdAt)}</strong>: orders, accounts, books and settings changed since then are
            replaced. A backup of the shop as it is now is made first, so nothing is lost.
          </p>
          <p className="mt-2 text-muted">The shop is closed to everyone while it restores, usually for a minute.</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => onConfirm(backup)}>
              Restore
            </Button>
          </div>
        </>
      )}
    </dialog>
  )
}
