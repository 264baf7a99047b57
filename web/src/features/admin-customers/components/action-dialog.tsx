import { useId, type ReactNode } from 'react'
import { modalDialogClass, useModalDialog } from '@/components/ui/modal-dialog'
import { cn } from '@/lib/cn'

/**
 * One of a customer's actions in the kit's modal <dialog>: children hold the
 * question and its buttons (a form, when the action needs a note), rendered
 * only while it is open.
 */
export function ActionDialog({ open, title, onClose, children, className }: { open: boolean; title: string; onClose: () => void; children: ReactNode; className?: string }) {
  const ref = useModalDialog(open)
  const titleId = useId()
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => open && onClose()} className={cn(modalDialogClass, 'max-w-md', className)}>
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      {open && children}
    </dialog>
  )
}
