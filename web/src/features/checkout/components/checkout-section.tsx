import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'

/** One numbered step of the checkout form (a card with its heading). */
export function CheckoutSection({ title, step, children }: { title: string; step: number; children: ReactNode }) {
  const id = `checkout-section-${step}`
  return (
    <Card className="p-5 sm:p-6" role="group" aria-labelledby={id}>
      <h2 id={id} className="mb-4 flex items-center gap-3 text-xl font-bold">
        <span className="flex size-8 items-center justify-center rounded-full bg-tiger-100 text-base text-tiger-700" aria-hidden="true">
          {step}
        </span>
        {title}
      </h2>
      {children}
    </Card>
  )
}
