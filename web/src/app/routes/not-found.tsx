import { Sparkles } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { CharacterFigure } from '@/components/art/characters'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

const mysteryDestinations = [
  { to: paths.findObjects, label: 'Hidden Objects Adventure' },
  { to: paths.findDifferences, label: 'Spot the Difference Quest' },
  { to: paths.dreamaker, label: 'Story Creation Magic' },
]

// Chosen once per page load in the browser, so it does not change while the
// page is open. The server's HTML (and the hydration that must match it)
// shows the first; React swaps in the browser's pick right after.
let chosen: number | undefined
const pick = () => (chosen ??= Math.floor(Math.random() * mysteryDestinations.length))
const noChange = () => () => {}

export default function NotFoundPage() {
  const mystery = mysteryDestinations[useSyncExternalStore(noChange, pick, () => 0)]
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-12 text-center">
      <div className="flex items-end justify-center gap-2" aria-hidden="true">
        <img src="/illustrations/signpost.svg" width={220} height={260} alt="" className="h-44 w-auto sm:h-56" />
        <CharacterFigure id="siso" decorative className="h-36 w-auto sm:h-44" />
      </div>
      <p className="mt-4 font-display text-5xl font-bold text-tiger-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-2 text-4xl font-bold">Once Upon a Time... This Page Existed.</h1>
      <p className="mt-4 text-lg text-muted">
        But the story took a different turn. Why not try a mystery destination instead?
      </p>
      <Link
        to={mystery.to}
        data-testid="mystery-destination"
        className="mt-8 rounded-3xl border-2 border-dashed border-tiger-300 bg-white px-6 py-4 font-display text-xl font-semibold text-tiger-700 transition hover:-translate-y-1 hover:shadow-lg"
      >
        <Sparkles className="mr-2 inline size-5 align-[-2px]" aria-hidden="true" />
        {mystery.label}
      </Link>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.home}>Return Home</Link>
      </Button>
    </div>
  )
}
