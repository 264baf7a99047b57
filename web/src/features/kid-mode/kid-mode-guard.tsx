import { LockKeyhole } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { CharacterFigure } from '@/components/art/characters'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useLeaveKidMode } from './kid-mode-provider'
import { isKidPath } from './store'
import { useKidMode } from './use-kid-mode'

/**
 * In kid mode, a page that is not a child's (the shop, the cart, the
 * account, reached with Back or a typed address) is replaced by a notice:
 * back to the games, or a grown-up answers the gate and kid mode ends.
 */
export function KidModeGuard({ children }: { children: ReactNode }) {
  const kid = useKidMode()
  const { pathname } = useLocation()
  if (!kid || isKidPath(pathname)) return children
  return <GrownUpsOnly />
}

function GrownUpsOnly() {
  const leave = useLeaveKidMode()
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center">
      <CharacterFigure id="siso" decorative className="h-48 w-auto" />
      <h1 className="mt-6 text-3xl font-bold sm:text-4xl">This page is for grown-ups</h1>
      <p className="mt-3 text-lg text-muted">Kid mode is on, so the shop and the account are put away. Let&rsquo;s go back and play!</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={paths.activities}>Back to the games</Link>
        </Button>
        <Button variant="outline" size="lg" onClick={leave}>
          <LockKeyhole aria-hidden="true" /> I&rsquo;m a grown-up
        </Button>
      </div>
    </div>
  )
}
