import { useState } from 'react'
import { Link } from 'react-router'
import { Baby } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { CharacterPortrait, type CharacterId } from '@/components/art/characters'
import { useChoices } from '../api/get-choices'
import { useKids } from '../api/get-kids'
import { useCreateDream } from '../api/create-dream'
import { canCreate, OTHER, toggleInterest } from '../interests'
import type { Dream } from '../types'
import { MyDreams } from './my-dreams'
import { StoryView } from './story-view'
import './print.css'

const chip = (on: boolean) =>
  `rounded-full border-2 px-3 py-1.5 text-sm font-medium transition ${on ? 'border-tiger-500 bg-tiger-100 text-stone-900' : 'border-stone-200 bg-white hover:border-tiger-300'}`

/** Dream Maker: choose a child, a gender, a companion and interests; read the story. */
export function DreamMaker({ profilePath, profileState }: { profilePath: string; profileState: object }) {
  const kids = useKids()
  const choices = useChoices()
  const create = useCreateDream()
  const [kidId, setKidId] = useState('')
  const [gender, setGender] = useState('')
  const [companion, setCompanion] = useState('siso')
  const [interests, setInterests] = useState<string[]>([])
  const [other, setOther] = useState('')
  const [warning, setWarning] = useState<string | null>(null)
  const [story, setStory] = useState<Dream | null>(null)

  if (kids.isPending || choices.isPending) return <p className="text-stone-600">Loading…</p>
  if (kids.isError || choices.isError) return <p role="alert">Something went wrong. Please reload the page.</p>
  if (kids.data.length === 0)
    return (
      <EmptyState
        icon={Baby}
        title="No Children Added Yet"
        description="Add your little one on your profile, then come back to make a dream story."
        action={
          <Button asChild>
            <Link to={profilePath} state={profileState}>Go to My Children</Link>
          </Button>
        }
      />
    )
  const chosenKid = kids.data.length === 1 ? kids.data[0].id : kidId
  if (story)
    return (
      <>
        <StoryView dream={story} onAnother={() => setStory(null)} />
        <MyDreams onOpen={setStory} />
      </>
    )

  const submit = () =>
    create.mutate(
      { kid_id: chosenKid, gender, companion, interests, other: interests.includes(OTHER) ? other : '' },
      { onSuccess: setStory },
    )

  return (
    <>
      <form className="space-y-8" onSubmit={(e) => { e.preventDefault(); submit() }}>
        <fieldset>
          <legend className="mb-2 font-display text-lg font-bold">Choose a child</legend>
          <div className="flex flex-wrap gap-2">
            {kids.data.map((k) => (
              <label key={k.id} className={chip(chosenKid === k.id)}>
                <input type="radio" name="kid" className="sr-only" checked={chosenKid === k.id} onChange={() => setKidId(k.id)} />
                {k.name}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 font-display text-lg font-bold">Who is the story about?</legend>
          <div className="flex flex-wrap gap-2">
            {choices.data.genders.map((g) => (
              <label key={g.id} className={chip(gender === g.id)}>
                <input type="radio" name="gender" className="sr-only" checked={gender === g.id} onChange={() => setGender(g.id)} />
                {g.label} <span className="text-stone-500">({g.pronouns})</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 font-display text-lg font-bold">Choose a story companion</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {choices.data.companions.map((c) => (
              <label key={c.id} className={`flex flex-col items-center gap-2 rounded-2xl border-2 p-3 ${companion === c.id ? 'border-tiger-500 bg-tiger-50' : 'border-stone-200 bg-white'}`}>
                <input type="radio" name="companion" className="sr-only" checked={companion === c.id} onChange={() => setCompanion(c.id)} />
                <CharacterPortrait id={c.id as CharacterId} className="size-20" decorative />
                <span className="text-center text-sm font-semibold">{c.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 font-display text-lg font-bold">Interests (up to {choices.data.max_interests})</legend>
          <div className="flex flex-wrap gap-2">
            {choices.data.interests.map((i) => (
              <button
                key={i.id}
                type="button"
                aria-pressed={interests.includes(i.id)}
                className={chip(interests.includes(i.id))}
                onClick={() => {
                  const r = toggleInterest(interests, i.id, choices.data.max_interests)
                  setInterests(r.chosen)
                  setWarning(r.warning)
                }}
              >
                {i.label}
              </button>
            ))}
          </div>
          {warning && <p role="alert" className="mt-2 text-sm font-medium text-berry-700">{warning}</p>}
          {interests.includes(OTHER) && (
            <label className="mt-3 block text-sm font-medium">
              Other interest
              <input
                className="mt-1 block w-full max-w-md rounded-lg border border-stone-300 px-3 py-2"
                maxLength={choices.data.max_other_length}
                value={other}
                onChange={(e) => setOther(e.target.value)}
              />
            </label>
          )}
        </fieldset>
        {create.isError && <p role="alert" className="text-berry-700">{create.error.message}</p>}
        <Button type="submit" size="lg" disabled={!canCreate(chosenKid, gender, create.isPending)}>
          {create.isPending ? 'Creating Dream...' : 'Create Dream'}
        </Button>
      </form>
      <MyDreams onOpen={setStory} />
    </>
  )
}
