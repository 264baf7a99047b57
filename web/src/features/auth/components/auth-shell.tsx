import type { ReactNode } from 'react'
import { CharacterPortrait, type CharacterId } from '@/components/art/characters'
import { cn } from '@/lib/cn'

const bands: Record<CharacterId, string> = {
  siso: 'from-tiger-400 to-sun-300',
  nainni: 'from-berry-500/80 to-tiger-300',
  lizzie: 'from-leaf-500 to-sky-500/70',
  feefee: 'from-sky-500/80 to-grape-500/70',
}

/** The frame of every account screen: a friend peeking over a bright card. */
export function AuthShell({
  character = 'siso',
  title,
  description,
  children,
  footer,
  className,
}: {
  character?: CharacterId
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  className?: string
}) {
  return (
    <div className="relative overflow-hidden px-4 py-10 sm:py-16">
      <div aria-hidden="true" className="pointer-events-none absolute -left-20 top-10 size-64 rounded-full bg-sun-100 blur-2xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -right-16 bottom-0 size-72 rounded-full bg-leaf-100 blur-2xl" />
      <div className={cn('relative mx-auto w-full max-w-md', className)}>
        <div className="overflow-hidden rounded-3xl border-2 border-line bg-white shadow-[0_12px_40px_-12px_rgb(249_115_22/0.35)]">
          <div className={cn('relative h-20 bg-gradient-to-r', bands[character])}>
            <svg aria-hidden="true" viewBox="0 0 400 40" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-6 w-full fill-white">
              <path d="M0 40 C 80 0, 160 40, 240 18 S 360 10, 400 24 L 400 40 Z" />
            </svg>
            <div aria-hidden="true" className="absolute -bottom-10 left-1/2 size-20 -translate-x-1/2 rounded-full border-4 border-white bg-cream shadow-md">
              <CharacterPortrait id={character} className="size-full" />
            </div>
          </div>
          <div className="px-6 pb-8 pt-14 sm:px-8">
            <header className="mb-6 text-center">
              <h1 className="text-3xl font-bold">{title}</h1>
              {description && <p className="mt-2 text-muted">{description}</p>}
            </header>
            {children}
          </div>
        </div>
        {footer && <div className="mt-6 text-center text-muted">{footer}</div>}
      </div>
    </div>
  )
}

/** "or" between the Google button and the e-mail form. */
export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-sm font-bold tracking-wide text-muted">
      <span className="h-px flex-1 bg-line" />
      Or
      <span className="h-px flex-1 bg-line" />
    </div>
  )
}
