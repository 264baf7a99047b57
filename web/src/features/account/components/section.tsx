import type { LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/cn'

/** One card of the profile page: a colored icon, a title and its content. */
export function Section({
  id,
  icon: Icon,
  tone = 'tiger',
  title,
  description,
  action,
  children,
  className,
}: {
  id?: string
  icon: LucideIcon
  tone?: 'tiger' | 'leaf' | 'berry' | 'sky'
  title: string
  description?: ReactNode
  action?: ReactNode
  children: ReactNode
  className?: string
}) {
  const tones = { tiger: 'bg-tiger-100 text-tiger-700', leaf: 'bg-leaf-100 text-leaf-700', berry: 'bg-berry-100 text-berry-500', sky: 'bg-sky-100 text-sky-500' }
  // Each card is a region named by its title, so assistive technology (and tests) can find it by name.
  const generatedId = useId()
  const headingId = id ? `${id}-title` : generatedId
  return (
    <Card id={id} aria-labelledby={headingId} role="region" className={cn('min-w-0 scroll-mt-28', className)}>
      <CardHeader className="flex-row items-start gap-3">
        <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-2xl', tones[tone])} aria-hidden="true">
          <Icon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <CardTitle id={headingId}>{title}</CardTitle>
          {description && <CardDescription className="mt-1">{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}
