import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-tiger-300 bg-tiger-50 text-tiger-800',
  info: 'border-sky-500/30 bg-sky-100 text-ink',
  success: 'border-leaf-500/30 bg-leaf-100 text-leaf-700',
}

/** An inline message box; role="alert" for errors so screen readers announce it. */
export function Alert({ tone = 'info', className, ...props }: ComponentProps<'div'> & { tone?: keyof typeof tones }) {
  return <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-2xl border-2 p-4', tones[tone], className)} {...props} />
}
