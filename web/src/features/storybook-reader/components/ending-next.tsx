import { RotateCcw, Star } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { afterPaint } from '@/lib/after-paint'
import { cn } from '@/lib/cn'
import { endingsOf, foundSentence } from '../reading'
import type { Storybook } from '../types'

// The map's layout library is big, and only a family at an ending sees it:
// it loads then, not with every visitor's first pages.
const StoryMap = lazy(() => import('@/components/storybook/story-map').then((m) => ({ default: m.StoryMap })))

/**
 * What comes after an ending: how many of the story's endings this reader
 * has found, the endings (the found ones lit and named, the others kept a
 * surprise), a big "Start again", and the story's map with the pages read
 * lit, for a family with the edition.
 */
export function EndingNext({ book, found, visited, current, onRestart }: { book: Storybook; found: string[]; visited: string[]; current: string; onRestart: () => void }) {
  const endings = book.map ? endingsOf(book.map, found) : []
  // An ending not found yet keeps its name a surprise on the map too.
  const map = book.map?.map((page) => (page.ending && !found.includes(page.id) ? { ...page, ending: true } : page))
  // The map's layout takes a moment on a phone: the ending's page is painted first, the map just after.
  const [drawMap, setDrawMap] = useState(false)
  useEffect(() => afterPaint(() => setDrawMap(true)), [])
  const drawing = <Loading label="Drawing your story map..." className="min-h-40" />
  return (
    <div className="mt-5 flex flex-col items-center gap-5">
      <p className="text-2xl font-bold text-ink">{foundSentence(found.length, book.endings)}</p>
      {endings.length > 0 && (
        <ul aria-label="The story's endings" className="grid w-full max-w-4xl gap-2 text-left sm:grid-cols-2 lg:grid-cols-3">
          {endings.map((ending) => (
            <li
              key={ending.id}
              className={cn('flex items-center gap-3 rounded-2xl px-4 py-3 text-lg font-bold', ending.found ? 'bg-sun-300 text-ink' : 'bg-white/70 text-muted')}
            >
              <Star className={cn('size-6 shrink-0', ending.found ? 'fill-tiger-600 text-tiger-700' : 'text-muted')} aria-hidden="true" />
              {ending.found ? ending.name || 'An ending you found' : 'An ending still to find'}
            </li>
          ))}
        </ul>
      )}
      <Button size="lg" onClick={onRestart}>
        <RotateCcw /> Start again
      </Button>
      {map && (
        <div className="w-full text-left">
          <p className="mb-2 font-display text-xl font-bold text-ink">Your story map</p>
          {drawMap ? (
            <Suspense fallback={drawing}>
              <StoryMap pages={map} start={book.start} visited={visited} current={current} boxLabel={(page) => page.id.replaceAll('-', ' ')} label="Your story map: the pages you have read" />
            </Suspense>
          ) : (
            drawing
          )}
        </div>
      )}
    </div>
  )
}
