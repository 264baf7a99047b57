import { useEffect, useRef } from 'react'

/**
 * The browser's own modal <dialog> opened and closed with `open`: focus
 * stays inside it and Escape closes it. Put the returned ref on the <dialog>.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return ref
}

/** The look of a modal dialog: a card over a dimmed page. */
export const modalDialogClass = 'm-auto w-[calc(100%-2rem)] rounded-3xl border-2 border-line bg-white p-6 text-ink shadow-2xl backdrop:bg-ink/40'
