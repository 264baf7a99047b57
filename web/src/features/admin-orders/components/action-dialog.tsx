import { useId, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { modalDialogClass, useModalDialog } from '@/components/ui/modal-dialog'

/**
 * A desk action's confirmation: the browser's own modal <dialog> holding a
 * small form, so focus stays inside it and Escape cancels. The server's
 * refusal is shown inside it, above the buttons.
 */
export function ActionDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  destructive = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  /** The button that closes the dialog doing nothing ('Keep the order' where 'Cancel' would be read as the action). */
  dismissLabel?: string
  destructive?: boolean
  busy?: boolean
  error?: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const ref = useModalDialog(open)
  const titleId = useId()
  const errorId = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) onConfirm()
  }
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => open && onCancel()}
      className={`${modalDialogClass} max-w-lg`}
    >
      <form onSubmit={submit} aria-describedby={error ? errorId : undefined} noValidate>
        <h2 id={titleId} className="text-2xl font-bold">
          {title}
        </h2>
        <div className="mt-3 flex flex-col gap-4 text-base">{children}</div>
        {error && (
          <p id={errorId} role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 font-bold text-red-700">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button type="button" variant="outline" onClick={onCancel}>
            {dismissLabel}
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} className={destructive ? 'bg-red-700 hover:bg-red-800' : undefined} disabled={busy}>
            {busy ? 'Working...' : confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  )
}
