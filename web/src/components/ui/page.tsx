import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

/** The standard page frame: a centered column with a heading and optional intro. */
export function Page({ title, intro, children, className }: { title: ReactNode; intro?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8', className)}>
      <header className="mb-8">
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        {intro && <p className="mt-3 max-w-2xl text-lg text-muted">{intro}</p>}
      </header>
      {children}
    </div>
  )
}
