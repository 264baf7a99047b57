import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full bg-sun-300 px-3 py-1 text-xs font-extrabold uppercase tracking-wide text-ink', className)}
      {...props}
    />
  )
}
