import { useState } from 'react'
import { BookOpen, Moon, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { CharacterPortrait, type CharacterId } from '@/components/art/characters'
import { messageOf } from '@/lib/errors'
import type { Kid } from '@/lib/kids'
import { useDeleteDream } from '../api/delete-dream'
import { useKidDreams } from '../api/list-dreams'
import type { Dream } from '../types'

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' })

/**
 * 'My Dreams': the stories already made, to read again or delete; each
 * child's newest first, a page at a time with 'Load more', so every story
 * can be reached however many there are. Grouped by child when there are several.
 */
export function MyDreams({ kids, onOpen }: { kids: Kid[]; onOpen: (dream: Dream) => void }) {
  const grouped = kids.length > 1
  return (
    <section aria-labelledby="my-dreams" className="mt-12">
      <h2 id="my-dreams" className="mb-4 flex items-center gap-2 font-display text-2xl font-bold">
        <Moon aria-hidden="true" className="size-6 text-sky-700" /> My Dreams
      </h2>
      <div className="space-y-6">
        {kids.map((kid) => (
          <KidDreams key={kid.id} kid={kid} grouped={grouped} onOpen={onOpen} />
        ))}
        {/* Shown only while no child shows anything (no list, no loading line): every list is empty. */}
        <p className="hidden text-stone-600 only:block">No dreams yet. Every story you make is kept here, ready for another bedtime.</p>
      </div>
    </section>
  )
}

/** One child's dreams; nothing at all when the child has none. */
function KidDreams({ kid, grouped, onOpen }: { kid: Kid; grouped: boolean; onOpen: (dream: Dream) => void }) {
  const dreams = useKidDreams(kid.id)
  if (dreams.isPending) return <p className="text-stone-600">Loading…</p>
  if (dreams.isError) return <p role="alert">{kid.name}&rsquo;s dreams could not be loaded. Please reload the page.</p>
  const stories = dreams.data.pages.flatMap((page) => page.dreams)
  if (stories.length === 0) return null
  const headingId = `dreams-of-${kid.id}`
  return (
    <div aria-labelledby={grouped ? headingId : undefined} role={grouped ? 'group' : undefined}>
      {grouped && (
        <h3 id={headingId} className="mb-2 font-display text-lg font-bold text-stone-700">
          {kid.name}&rsquo;s dreams
        </h3>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {stories.map((dream) => (
          <DreamItem key={dream.id} dream={dream} titleLevel={grouped ? 'h4' : 'h3'} onOpen={() => onOpen(dream)} />
        ))}
      </ul>
      {dreams.hasNextPage && (
        <Button variant="outline" className="mt-4" disabled={dreams.isFetchingNextPage} onClick={() => void dreams.fetchNextPage()}>
          {dreams.isFetchingNextPage ? 'Loading…' : grouped ? `Load more of ${kid.name}'s dreams` : 'Load more dreams'}
        </Button>
      )}
      {dreams.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-berry-700">
          More dreams could not be loaded. Please try again.
        </p>
      )}
    </div>
  )
}

function DreamItem({ dream, titleLevel: Title, onOpen }: { dream: Dream; titleLevel: 'h3' | 'h4'; onOpen: () => void }) {
  const remove = useDeleteDream()
  const [confirming, setConfirming] = useState(false)
  const erase = async () => {
    try {
      await remove.mutateAsync(dream.id)
      toast.success('Dream deleted')
    } catch (err) {
      setConfirming(false)
      toast.error('Delete failed', { description: messageOf(err) })
    }
  }
  return (
    <li className="flex gap-3 rounded-2xl border-2 border-line bg-white p-4">
      <CharacterPortrait id={dream.companion.id as CharacterId} className="size-14 shrink-0" decorative />
      <div className="min-w-0 flex-1">
        <Title className="font-display text-lg font-bold leading-snug">{dream.title}</Title>
        <p className="text-sm text-stone-600">
          For {dream.kid.name} with {dream.companion.name} · {dateFormat.format(new Date(dream.created_at))}
        </p>
        {confirming ? (
          <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label={`Delete ${dream.title}?`}>
            <span className="text-sm font-semibold">Delete this dream?</span>
            <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => void erase()}>
              Yes, delete
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Read ${dream.title}`}>
              <BookOpen aria-hidden="true" /> Read
            </Button>
            {/* data-grown-up: in kid mode a grown-up answers the parent gate first (features/kid-mode). */}
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete ${dream.title}`} data-grown-up>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  )
}
