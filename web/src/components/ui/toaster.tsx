import type { CSSProperties } from 'react'
import { Toaster as Sonner } from 'sonner'

// Sonner's rich colors, darkened to 4.5:1 or more on their tinted backgrounds (WCAG AA).
const readableColors = {
  '--success-text': '#166534',
  '--error-text': '#b91c1c',
  '--info-text': '#1d4ed8',
  '--warning-text': '#92400e',
} as CSSProperties

/** Toasts: sonner, styled to the palette. Destructive toasts use toast.error. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      // Below the sticky header, so a toast never covers the cart badge it is about.
      offset={{ top: 96 }}
      mobileOffset={{ top: 88 }}
      richColors
      style={readableColors}
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans rounded-2xl', title: 'font-bold' } }}
    />
  )
}
