import { useId, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { modalDialogClass, useModalDialog } from '@/components/ui/modal-dialog'

/**
 * A question that needs an answer before something is done (archive a
 * book): the browser's own modal <dialog>, so focus stays inside it and
 * Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const ref = useModalDialog(open)
  const titleId = useId()
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => open && onCancel()}
      className={`${modalDialogClass} max-w-md`}
    >
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-2 text-lg text-muted">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="destructive" className="bg-red-700 hover:bg-red-800" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working...' : confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
