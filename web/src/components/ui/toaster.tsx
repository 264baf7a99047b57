import { Toaster as Sonner } from 'sonner'

/** Toasts: sonner, styled to the palette. Destructive toasts use toast.error. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans rounded-2xl', title: 'font-bold' } }}
    />
  )
}
