import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

const tones = {
  success: { icon: 'bg-leaf-100 text-leaf-600', heading: 'text-leaf-700' },
  error: { icon: 'bg-red-50 text-red-500', heading: 'text-red-600' },
  warning: { icon: 'bg-sun-100 text-tiger-600', heading: 'text-tiger-700' },
  info: { icon: 'bg-sky-100 text-sky-500', heading: 'text-sky-700' },
}

type StatusPanelProps = {
  icon: LucideIcon
  tone: keyof typeof tones
  /** A big line under the icon ('Account activated'). */
  heading?: ReactNode
  /** What happened and what to do: paragraphs. */
  children: ReactNode
  /** The way on, usually one full-width button. */
  action?: ReactNode
}

/** The auth screens' outcome views (confirmed, failed, expired, check your inbox): icon, message, button. */
export function StatusPanel({ icon: Icon, tone, heading, children, action }: StatusPanelProps) {
  return (
    <div className="space-y-5 text-center">
      <div className={cn('mx-auto flex size-16 items-center justify-center rounded-full', tones[tone].icon)}>
        <Icon className="size-8" aria-hidden="true" />
      </div>
      {heading && <p className={cn('font-display text-2xl font-semibold', tones[tone].heading)}>{heading}</p>}
      {children}
      {action}
    </div>
  )
}
