import { Toaster as Sonner } from 'sonner'

/** Toasts: sonner, styled to the palette. Destructive toasts use toast.error. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      // Below the sticky header, so a toast never covers the cart badge it is about.
      offset={{ top: 96 }}
      mobileOffset={{ top: 88 }}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans rounded-2xl', title: 'font-bold' } }}
    />
  )
}
