import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-11 w-full rounded-xl border-2 border-line bg-white px-4 text-base text-ink placeholder:text-muted/70 transition-colors focus-visible:border-tiger-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-tiger-200 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400',
        className,
      )}
      {...props}
    />
  )
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full rounded-xl border-2 border-line bg-white px-4 py-3 text-base text-ink placeholder:text-muted/70 focus-visible:border-tiger-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-tiger-200 disabled:opacity-60 aria-invalid:border-red-400',
        className,
      )}
      {...props}
    />
  )
}

/** A native select: the phone's own picker, and type-to-find with a keyboard. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-11 w-full cursor-pointer rounded-xl border-2 border-line bg-white px-3 text-base text-ink focus-visible:border-tiger-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-tiger-200 disabled:opacity-60 aria-invalid:border-red-400',
        className,
      )}
      {...props}
    />
  )
}
