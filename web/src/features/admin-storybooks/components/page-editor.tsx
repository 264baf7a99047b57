import { BookOpen, Plus, Trash2, X } from 'lucide-react'
import { useId, useState } from 'react'
import { useFieldArray, useFormContext, useWatch, type UseFieldArrayReturn } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, InputField } from '@/components/ui/form'
import { Input, Select, Textarea } from '@/components/ui/input'
import { Switch } from '@/components/ui/switch'
import { blankPage, limits, type StoryValues } from '../story-form'
import type { StoryPage } from '../types'
import { NarrationField, PictureField } from './media-fields'
import { TimingsRecorder } from './timings-recorder'

type Props = {
  index: number
  fields: UseFieldArrayReturn<StoryValues, 'pages', 'rowId'>
  /** The page as last saved, when its text is still the same (the words the recorder times). */
  saved?: StoryPage
  onSelect: (key: string) => void
  onRead: () => void
  /** Whether "Read from here" can show this page (saved, nothing unsaved). */
  readable: boolean
}

/** One page's fields: its name, text, picture, narration and word timings, and its choices or its ending. */
export function PageEditor({ index, fields, saved, onSelect, onRead, readable }: Props) {
  const form = useFormContext<StoryValues>()
  const [id, isEnding, key] = useWatch({ control: form.control, name: [`pages.${index}.id`, `pages.${index}.isEnding`, `pages.${index}.key`] })
  return (
    <section aria-labelledby="page-editor" className="space-y-5 rounded-2xl border-2 border-tiger-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="page-editor" className="text-xl font-bold">
          Page <span className="text-tiger-800">{id || '(no name yet)'}</span>
        </h2>
        <Button type="button" variant="outline" size="sm" onClick={onRead} disabled={!readable} title={readable ? undefined : 'Save first: Read it shows the saved storybook'}>
          <BookOpen aria-hidden="true" /> Read from here
        </Button>
      </div>
      <InputField control={form.control} name={`pages.${index}.id`} label="Page name" autoComplete="off">
        <p className="text-sm text-muted">For you and Twine, not shown to the child; choices follow a renamed page.</p>
      </InputField>
      <FormField
        control={form.control}
        name={`pages.${index}.text`}
        render={({ field }) => (
          <FormItem>
            <FormLabel>Text</FormLabel>
            <FormControl>
              <Textarea rows={6} spellCheck className="text-lg leading-relaxed" {...field} />
            </FormControl>
            <FormDescription>Short paragraphs, an empty line between them. *Siso* for emphasis, **Siso** for strong; end a line with two spaces to break it.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <PictureField index={index} />
      <NarrationField index={index} />
      <TimingsRecorder index={index} saved={saved} />
      <EndingField index={index} />
      {!isEnding && <ChoicesField index={index} onSelect={onSelect} fields={fields} />}
      <DeletePage index={index} fields={fields} pageKey={key} onSelect={onSelect} />
    </section>
  )
}

/** "This page is an ending", and then the ending's name. */
function EndingField({ index }: { index: number }) {
  const form = useFormContext<StoryValues>()
  const isEnding = useWatch({ control: form.control, name: `pages.${index}.isEnding` })
  return (
    <div className="space-y-4 rounded-xl bg-cream p-4">
      <FormField
        control={form.control}
        name={`pages.${index}.isEnding`}
        render={({ field }) => (
          <FormItem className="flex items-center gap-3 space-y-0">
            <FormControl>
              <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            </FormControl>
            <FormLabel>This page is an ending</FormLabel>
          </FormItem>
        )}
      />
      {isEnding && (
        <InputField control={form.control} name={`pages.${index}.ending`} label="Ending's name" autoComplete="off" placeholder="The Great Balloon Ride">
          <p className="text-sm text-muted">The child sees it at the end, and collects it. An ending has no choices.</p>
        </InputField>
      )}
    </div>
  )
}

const NEW_PAGE = '__new'

/** The page's choices: what the child taps, and the page it leads to, picked from the pages or a new one. */
function ChoicesField({ index, onSelect, fields }: { index: number; onSelect: (key: string) => void; fields: Props['fields'] }) {
  const form = useFormContext<StoryValues>()
  const choices = useFieldArray({ control: form.control, name: `pages.${index}.choices` })
  const pages = useWatch({ control: form.control, name: 'pages' })
  const own = pages[index]?.key
  const options = pages.filter((p) => p.key !== own).map((p) => ({ value: p.key, label: p.id || '(no name yet)' }))
  const headingId = useId()

  const lead = (to: string, onChange: (to: string) => void) => {
    if (to !== NEW_PAGE) return onChange(to)
    const page = blankPage(form.getValues('pages'))
    fields.append(page, { shouldFocus: false })
    onChange(page.key)
  }

  return (
    <fieldset className="space-y-3" aria-labelledby={headingId}>
      <legend id={headingId} className="text-lg font-bold">
        Choices
      </legend>
      {choices.fields.length === 0 && <p className="text-sm text-muted">No choices yet: add the first, or make this page an ending.</p>}
      <ol className="space-y-3">
        {choices.fields.map((choice, j) => (
          <li key={choice.id} className="grid gap-3 rounded-xl border-2 border-line p-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] sm:items-start">
            <FormField
              control={form.control}
              name={`pages.${index}.choices.${j}.label`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Choice {j + 1}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" placeholder="Follow the river" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name={`pages.${index}.choices.${j}.to`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Leads to</FormLabel>
                  <FormControl>
                    <Select {...field} onChange={(e) => lead(e.target.value, field.onChange)}>
                      <option value="">Choose a page</option>
                      {options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                      <option value={NEW_PAGE}>New page</option>
                    </Select>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="flex gap-1 sm:pt-7">
              {pages.some((p) => p.key === form.getValues(`pages.${index}.choices.${j}.to`)) && (
                <Button type="button" variant="ghost" size="sm" onClick={() => onSelect(form.getValues(`pages.${index}.choices.${j}.to`))}>
                  Go to page
                </Button>
              )}
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove choice ${j + 1}`} title="Remove the choice" onClick={() => choices.remove(j)}>
                <X aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {choices.fields.length < limits.choices ? (
        <Button type="button" variant="outline" size="sm" onClick={() => choices.append({ label: '', to: '' })}>
          <Plus aria-hidden="true" /> Add a choice
        </Button>
      ) : (
        <p className="text-sm text-muted">A page has at most {limits.choices} choices.</p>
      )}
    </fieldset>
  )
}

/**
 * Deletes the page after a second click. Choices that led to it are left
 * without a target (the form then asks for one) and the start moves to the
 * first page, so nothing points at a page that is gone.
 */
function DeletePage({ index, fields, pageKey, onSelect }: { index: number; fields: Props['fields']; pageKey: string; onSelect: (key: string) => void }) {
  const form = useFormContext<StoryValues>()
  const [asking, setAsking] = useState(false)
  const all = form.getValues('pages')
  if (all.length <= 1) return null
  const leading = all.filter((p) => !p.isEnding && p.choices.some((c) => c.to === pageKey)).length
  const remove = () => {
    all.forEach((p, i) =>
      p.choices.forEach((c, j) => {
        if (c.to === pageKey) form.setValue(`pages.${i}.choices.${j}.to`, '', { shouldDirty: true })
      }),
    )
    fields.remove(index)
    const rest = form.getValues('pages')
    if (form.getValues('start') === pageKey) form.setValue('start', rest[0].key, { shouldDirty: true })
    onSelect(rest[Math.max(0, index - 1)].key)
  }
  if (!asking)
    return (
      <Button type="button" variant="ghost" className="text-red-700" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" /> Delete this page
      </Button>
    )
  return (
    <div role="group" aria-label="Delete this page?" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-3 text-red-800">
      <p className="font-bold">
        Delete {all[index].id || 'this page'}?{leading > 0 && ` ${leading} ${leading === 1 ? 'page leads' : 'pages lead'} to it.`} It goes when you save.
      </p>
      <Button type="button" variant="destructive" size="sm" onClick={remove}>
        Delete the page
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={() => setAsking(false)} autoFocus>
        Keep it
      </Button>
    </div>
  )
}
