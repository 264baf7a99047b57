import type { LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** One card of the security page: a region named by its title. */
export function SecurityCard({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-sky-100 text-sky-500" aria-hidden="true">
          <Icon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <CardTitle id={headingId}>{title}</CardTitle>
          <CardDescription className="mt-1">{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}
