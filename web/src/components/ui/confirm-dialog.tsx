import { useId, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { modalDialogClass, useModalDialog } from '@/components/ui/modal-dialog'
import { cn } from '@/lib/cn'

/**
 * A question that needs an answer before something is done (archive a book,
 * ship an order, ban an account): the browser's own modal <dialog> holding a
 * small form, so focus stays inside it, Escape cancels and Enter in a field
 * confirms. Its content is rendered only while it is open; the server's
 * refusal (`error`) is shown inside it, above the buttons.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  destructive = false,
  busy = false,
  error,
  wide = false,
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
  /** A wider card, for a dialog with fields. */
  wide?: boolean
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
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => open && onCancel()} className={cn(modalDialogClass, wide ? 'max-w-lg' : 'max-w-md')}>
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      {open && (
        <form onSubmit={submit} aria-describedby={error ? errorId : undefined} noValidate>
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
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
              {busy ? 'Working...' : confirmLabel}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  )
}
