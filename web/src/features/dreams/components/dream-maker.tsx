import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { useForm, useWatch, type Control, type ControllerRenderProps } from 'react-hook-form'
import { Link } from 'react-router'
import { Baby } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Form, FormControl, FormField, FormItem, FormMessage, InputField, setServerErrors } from '@/components/ui/form'
import { CharacterPortrait, type CharacterId } from '@/components/art/characters'
import { cn } from '@/lib/cn'
import { messageOf } from '@/lib/errors'
import { useKids, type Kid } from '@/lib/kids'
import { z } from '@/lib/zod'
import { useChoices } from '../api/get-choices'
import { useCreateDream } from '../api/create-dream'
import { canCreate, OTHER, toggleInterest } from '../interests'
import type { Choices, Dream } from '../types'
import { MyDreams } from './my-dreams'
import { StoryView } from './story-view'
import './print.css'

const chip = (on: boolean) =>
  cn(
    'cursor-pointer rounded-full border-2 px-3 py-1.5 text-sm font-medium transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-tiger-200 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-tiger-200',
    on ? 'border-tiger-500 bg-tiger-100 text-stone-900' : 'border-stone-200 bg-white hover:border-tiger-300',
  )

/** Dream Maker: choose a child, a gender, a companion and interests; read the story. */
export function DreamMaker({ profilePath, profileState }: { profilePath: string; profileState: object }) {
  const kids = useKids()
  const choices = useChoices()
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
  return (
    <>
      {story ? <StoryView dream={story} onAnother={() => setStory(null)} /> : <DreamForm kids={kids.data} choices={choices.data} onCreated={setStory} />}
      <MyDreams kids={kids.data} onOpen={setStory} />
    </>
  )
}

const dreamSchema = (choices: Choices) =>
  z.object({
    kid_id: z.string().min(1, 'Please choose a child.'),
    gender: z.string().min(1, 'Please choose who the story is about.'),
    companion: z.string().min(1, 'Please choose a story companion.'),
    interests: z.array(z.string()).max(choices.max_interests),
    other: z.string().max(choices.max_other_length),
  })
type DreamValues = z.infer<ReturnType<typeof dreamSchema>>
const fieldNames = ['kid_id', 'gender', 'companion', 'interests', 'other'] as const

/**
 * The story form (spec 02 §2, §4, §5) on the form kit: the server's field
 * messages (kid_id, gender, companion, interests, other) show on their fields.
 * 'Create Another Dream' brings back a fresh one.
 */
function DreamForm({ kids, choices, onCreated }: { kids: Kid[]; choices: Choices; onCreated: (dream: Dream) => void }) {
  const create = useCreateDream()
  const form = useForm<DreamValues>({
    resolver: zodResolver(dreamSchema(choices)),
    // The only child is chosen for the parent (spec 02 §2).
    defaultValues: { kid_id: kids.length === 1 ? kids[0].id : '', gender: '', companion: 'siso', interests: [], other: '' },
  })
  const [kidId, gender, interests] = useWatch({ control: form.control, name: ['kid_id', 'gender', 'interests'] })
  const [warning, setWarning] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const submit = async (values: DreamValues) => {
    setFailure(null)
    try {
      onCreated(await create.mutateAsync({ ...values, other: values.interests.includes(OTHER) ? values.other : '' }))
    } catch (err) {
      // The server's field messages go on their fields; anything else is said above the button.
      if (!setServerErrors(form.setError, err, fieldNames)) setFailure(messageOf(err))
    }
  }

  return (
    <Form {...form}>
      <form className="space-y-8" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        <ChoiceField control={form.control} name="kid_id" legend="Choose a child">
          {(field) => (
            <div className="flex flex-wrap gap-2">
              {kids.map((k, i) => (
                <Radio key={k.id} field={field} value={k.id} first={i === 0} className={chip(field.value === k.id)}>
                  {k.name}
                </Radio>
              ))}
            </div>
          )}
        </ChoiceField>
        <ChoiceField control={form.control} name="gender" legend="Who is the story about?">
          {(field) => (
            <div className="flex flex-wrap gap-2">
              {choices.genders.map((g, i) => (
                <Radio key={g.id} field={field} value={g.id} first={i === 0} className={chip(field.value === g.id)}>
                  {g.label} <span className="text-stone-600">({g.pronouns})</span>
                </Radio>
              ))}
            </div>
          )}
        </ChoiceField>
        <ChoiceField control={form.control} name="companion" legend="Choose a story companion">
          {(field) => (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {choices.companions.map((c, i) => (
                <Radio
                  key={c.id}
                  field={field}
                  value={c.id}
                  first={i === 0}
                  className={cn(
                    'flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 p-3 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-tiger-200',
                    field.value === c.id ? 'border-tiger-500 bg-tiger-50' : 'border-stone-200 bg-white',
                  )}
                >
                  <CharacterPortrait id={c.id as CharacterId} className="size-20" decorative />
                  <span className="text-center text-sm font-semibold">{c.label}</span>
                </Radio>
              ))}
            </div>
          )}
        </ChoiceField>
        <ChoiceField control={form.control} name="interests" legend={`Interests (up to ${choices.max_interests})`}>
          {(field) => (
            <>
              <div className="flex flex-wrap gap-2">
                {choices.interests.map((i, n) => (
                  <button
                    key={i.id}
                    ref={n === 0 ? field.ref : undefined}
                    type="button"
                    aria-pressed={field.value.includes(i.id)}
                    className={chip(field.value.includes(i.id))}
                    onClick={() => {
                      const r = toggleInterest(field.value, i.id, choices.max_interests)
                      field.onChange(r.chosen)
                      setWarning(r.warning)
                    }}
                  >
                    {i.label}
                  </button>
                ))}
              </div>
              {warning && (
                <p role="alert" className="mt-2 text-sm font-medium text-berry-700">
                  {warning}
                </p>
              )}
            </>
          )}
        </ChoiceField>
        {interests.includes(OTHER) && (
          <InputField control={form.control} name="other" label="Other interest" className="-mt-4 max-w-md" maxLength={choices.max_other_length} />
        )}
        {failure && (
          <p role="alert" className="text-berry-700">
            {failure}
          </p>
        )}
        <Button type="submit" size="lg" disabled={!canCreate(kidId, gender, create.isPending)}>
          {create.isPending ? 'Creating Dream...' : 'Create Dream'}
        </Button>
      </form>
    </Form>
  )
}

type DreamField = ControllerRenderProps<DreamValues, 'kid_id' | 'gender' | 'companion'>

/** A group of choices with its legend and its message (the form kit's field, as a fieldset). */
function ChoiceField<TName extends (typeof fieldNames)[number]>({
  control,
  name,
  legend,
  children,
}: {
  control: Control<DreamValues>
  name: TName
  legend: string
  children: (field: ControllerRenderProps<DreamValues, TName>) => ReactNode
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormControl>
            <fieldset>
              <legend className="mb-2 font-display text-lg font-bold">{legend}</legend>
              {children(field)}
            </fieldset>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** One radio of a ChoiceField, drawn as its label; the first takes the field's focus when the server refuses the choice. */
function Radio({ field, value, first, className, children }: { field: DreamField; value: string; first: boolean; className: string; children: ReactNode }) {
  return (
    <label className={className}>
      <input
        ref={first ? field.ref : undefined}
        type="radio"
        name={field.name}
        value={value}
        className="sr-only"
        checked={field.value === value}
        onChange={() => field.onChange(value)}
        onBlur={field.onBlur}
      />
      {children}
    </label>
  )
}
