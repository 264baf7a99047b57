import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { formatWhen } from '../format'
import type { Backup } from '../types'

/** Asks before a restore: it replaces everything since the backup (kept in a snapshot first) and closes the shop for a minute. */
export function RestoreDialog({ backup, onClose, onConfirm }: { backup: Backup | null; onClose: () => void; onConfirm: (b: Backup) => void }) {
  return (
    <ConfirmDialog
      open={backup !== null}
      title="Restore this backup?"
      confirmLabel="Restore"
      destructive
      onConfirm={() => {
        if (backup) onConfirm(backup)
      }}
      onCancel={onClose}
    >
      {backup && (
        <div>
          <p>
            The shop goes back to how it was on <strong>{formatWhen(backup.createdAt)}</strong>: orders, accounts, books and settings changed since then are
            replaced. A backup of the shop as it is now is made first, so nothing is lost.
          </p>
          <p className="mt-2 text-muted">The shop is closed to everyone while it restores, usually for a minute.</p>
        </div>
      )}
    </ConfirmDialog>
  )
}
