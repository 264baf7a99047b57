import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * The browser's modal <dialog> around one of a customer's actions: focus
 * stays inside, Escape cancels. children hold the question and its buttons
 * (a form, when the action needs a note).
 */
export function ActionDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => open && onClose()}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-3xl border-2 border-line bg-white p-6 text-ink shadow-2xl backdrop:bg-ink/40"
    >
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      {open && <div className="mt-3">{children}</div>}
    </dialog>
  )
}
