import { useState } from 'react'
import { BookOpen, Moon, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { CharacterPortrait, type CharacterId } from '@/components/art/characters'
import { messageOf } from '@/lib/errors'
import { useDeleteDream } from '../api/delete-dream'
import { useDreams } from '../api/list-dreams'
import type { Dream } from '../types'

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' })

/** 'My Dreams': the stories already made, newest first, to read again or delete. */
export function MyDreams({ onOpen }: { onOpen: (dream: Dream) => void }) {
  const dreams = useDreams()
  return (
    <section aria-labelledby="my-dreams" className="mt-12">
      <h2 id="my-dreams" className="mb-4 flex items-center gap-2 font-display text-2xl font-bold">
        <Moon aria-hidden="true" className="size-6 text-sky-700" /> My Dreams
      </h2>
      {dreams.isPending ? (
        <p className="text-stone-600">Loading…</p>
      ) : dreams.isError ? (
        <p role="alert">Your dreams could not be loaded. Please reload the page.</p>
      ) : dreams.data.length === 0 ? (
        <p className="text-stone-600">No dreams yet. Every story you make is kept here, ready for another bedtime.</p>
      ) : (
        <div className="space-y-6">
          {byChild(dreams.data).map(({ kidId, name, stories }, _, all) => (
            <div key={kidId}>
              {all.length > 1 && <h3 className="mb-2 font-display text-lg font-bold text-stone-700">{name}&rsquo;s dreams</h3>}
              <ul className="grid gap-3 sm:grid-cols-2">
                {stories.map((dream) => (
                  <DreamItem key={dream.id} dream={dream} titleLevel={all.length > 1 ? 'h4' : 'h3'} onOpen={() => onOpen(dream)} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  )
}

/** The dreams grouped by child (in the order of each child's newest story), each group newest first. */
function byChild(dreams: Dream[]): { kidId: string; name: string; stories: Dream[] }[] {
  const groups = new Map<string, Dream[]>()
  for (const dream of dreams) groups.set(dream.kid.id, [...(groups.get(dream.kid.id) ?? []), dream])
  return [...groups].map(([kidId, stories]) => ({ kidId, name: stories[0].kid.name, stories }))
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
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete ${dream.title}`}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  )
}
