import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Download, Gift, Plus, Save, Send, Undo2 } from 'lucide-react'
import { useCallback, useMemo, useRef, useState } from 'react'
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { StoryMap, type MapPage } from '@/components/storybook/story-map'
import { Button } from '@/components/ui/button'
import { Form, InputField, SelectField } from '@/components/ui/form'
import { RecordLoader } from '@/components/ui/record-loader'
import { StaleSaveAlerts, useStaleSave } from '@/components/ui/stale-save'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { paths } from '@/config/paths'
import { ApiError, apiFetch } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { exportTwee, storybookQueryOptions, usePublishing, useSaveStorybook, useStorybook } from '../api/storybooks'
import { saveText } from '../download'
import { blankPage, firstPageWithError, formPathOf, mergePages, sameValue, storySchema, storyValuesOf, toSave, type StoryValues } from '../story-form'
import type { AdminStorybook, Problem, Report } from '../types'
import { ProblemsCount, StatusBadge } from './badges'
import { GrantDialog } from './grant-dialog'
import { PageEditor } from './page-editor'
import { ProblemsList } from './problems-list'
import { ReadIt } from './read-it'

/** /admin/storybooks/{id}: the storybook loaded once, then its editor. */
export function StorybookEditor({ id, canGrant }: { id: number; canGrant: boolean }) {
  const story = useStorybook(id)
  return (
    <RecordLoader query={story} what="storybook" back={{ to: paths.adminStorybooks, label: 'Back to the storybooks' }} missing={!Number.isSafeInteger(id) || id < 1}>
      {(loaded) => <StoryForm key={loaded.id} loaded={loaded} canGrant={canGrant} />}
    </RecordLoader>
  )
}

const fieldLabels: Record<keyof StoryValues, string> = { title: 'Title', start: 'Start page', previewPages: 'Free pages', pages: 'Pages' }

const previewOptions = Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: i === 0 ? 'The start page only' : `${i + 1} pages deep` }))

/** The pages as the map draws them: ids, where their choices lead, endings. */
function mapShape(pages: StoryValues['pages']): MapPage[] {
  const idOf = new Map(pages.map((p) => [p.key, p.id]))
  return pages.map((p) => ({ id: p.id, choices: p.isEnding ? [] : p.choices.map((c) => idOf.get(c.to) ?? ''), ending: p.isEnding ? p.ending || true : null }))
}

/** The problems by page id, as the map draws them. */
function problemsByPage(report: Report): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const p of report.problems) (out[p.page] ??= []).push(p.message)
  return out
}

function StoryForm({ loaded, canGrant }: { loaded: AdminStorybook; canGrant: boolean }) {
  const queryClient = useQueryClient()
  const save = useSaveStorybook()
  const publishing = usePublishing()
  // The version the edits are based on: the one a save names.
  const [base, setBase] = useState(loaded)
  const form = useForm<StoryValues>({ resolver: zodResolver(storySchema), defaultValues: storyValuesOf(loaded) })
  const pages = useFieldArray({ control: form.control, name: 'pages', keyName: 'rowId' })
  const [selected, setSelected] = useState(() => form.getValues('start'))
  const [reading, setReading] = useState<string | null>(null)
  const [granting, setGranting] = useState(false)
  const editorRef = useRef<HTMLDivElement>(null)
  const stale = useStaleSave({
    form,
    base,
    valuesOf: storyValuesOf,
    fetchLatest: (story) => queryClient.fetchQuery({ ...storybookQueryOptions(story.id), staleTime: 0 }),
    onReloaded: setBase,
    what: 'the storybook',
    equal: sameValue,
    merge: { pages: mergePages },
  })
  const saving = useRef(false)
  const [values, start] = useWatch({ control: form.control, name: ['pages', 'start'] })
  const index = Math.max(0, values.findIndex((p) => p.key === selected))
  const current = values[index]
  const report = base.report
  const problems = useMemo(() => problemsByPage(report), [report])
  // The map is laid out again only when its shape changes (names, arrows, endings), not on every letter of a page's text.
  const shape = JSON.stringify(mapShape(values))
  const mapPages = useMemo<MapPage[]>(() => JSON.parse(shape) as MapPage[], [shape])
  const startId = values.find((p) => p.key === start)?.id ?? ''
  const dirty = form.formState.isDirty

  /** Shows a page in the editor (from the map, the list, a problem) and brings the editor into view. */
  const select = useCallback((key: string, scroll = false) => {
    setSelected(key)
    // scroll-mt-24 on the editor keeps its heading clear of the site's sticky header.
    if (scroll) requestAnimationFrame(() => editorRef.current?.scrollIntoView?.({ block: 'start' }))
  }, [])
  const selectById = useCallback(
    (id: string, scroll = false) => {
      const page = form.getValues('pages').find((p) => p.id === id)
      if (page) select(page.key, scroll)
    },
    [form, select],
  )
  const selectFromMap = useCallback((id: string) => selectById(id, true), [selectById])

  const invalid = (errors: FieldErrors<StoryValues>) => {
    const at = firstPageWithError(errors)
    if (at >= 0) select(form.getValues('pages')[at].key)
    toast.error('Not saved', { description: 'Please correct the highlighted fields.' })
  }

  const saved = (story: AdminStorybook) => {
    setBase(story)
    form.reset(storyValuesOf(story))
    stale.forget()
  }

  const submit = async (v: StoryValues) => {
    if (saving.current) return
    saving.current = true
    const body = toSave(v, base.version)
    try {
      const story = await save.mutateAsync({ id: base.id, save: body })
      saved(story)
      const n = story.report.problems.length
      toast.success('Saved', { description: n === 0 ? 'No problems: it can be published.' : `${n} ${n === 1 ? 'problem keeps' : 'problems keep'} it from being published.` })
    } catch (error) {
      await refused(error, body.pages.map((p) => p.id))
    } finally {
      saving.current = false
    }
  }

  // The server's field messages are keyed by page id; the form's by place.
  const refused = async (error: unknown, sentIds: string[]) => {
    if (stale.refused(error)) return
    if (error instanceof ApiError && error.status === 422) return unpublishable(error, 'Not saved')
    let first = -1
    const unplaced: string[] = []
    if (error instanceof ApiError) {
      for (const [name, message] of Object.entries(error.fields)) {
        const path = formPathOf(name, sentIds)
        if (!path) {
          unplaced.push(message)
          continue
        }
        form.setError(path as never, { type: 'server', message })
        const at = /^pages\.(\d+)/.exec(path)
        if (at && first < 0) first = Number(at[1])
      }
    }
    if (first >= 0) select(form.getValues('pages')[first].key)
    const placed = error instanceof ApiError && Object.keys(error.fields).length > unplaced.length
    toast.error('Not saved', { description: unplaced.length > 0 ? unplaced.join(' ') : placed ? 'Please correct the highlighted fields.' : messageOf(error) })
  }

  // Refused for its problems (publishing, or saving a published storybook): they show in the list and on the map.
  const unpublishable = async (error: ApiError, title: string) => {
    const sent = error.details.problems
    const problems = Array.isArray(sent) ? (sent as Problem[]) : (await apiFetch<Report>(`/api/admin/storybooks/${base.id}/check`).catch(() => null))?.problems
    if (problems) setBase((b) => ({ ...b, report: { ...b.report, problems } }))
    toast.error(title, { description: error.message })
  }

  const publish = async (on: boolean) => {
    if (dirty) {
      toast.error(on ? 'Save first' : 'Save first', { description: 'Publishing changes what is saved: save your changes, then publish.' })
      return
    }
    try {
      const story = await publishing.mutateAsync({ id: base.id, version: base.version, publish: on })
      saved(story)
      toast.success(on ? 'Published' : 'Unpublished', { description: on ? `“${story.title}” can be read on the site.` : `“${story.title}” is a draft again.` })
    } catch (error) {
      if (stale.refused(error)) return
      if (error instanceof ApiError && error.status === 422) return unpublishable(error, 'Not published')
      toast.error(on ? 'Not published' : 'Not unpublished', { description: messageOf(error) })
    }
  }

  const download = async () => {
    try {
      saveText(await exportTwee(base.id), `${base.slug || `storybook-${base.id}`}.twee`, 'text/plain')
    } catch (error) {
      toast.error('Could not export the storybook', { description: messageOf(error) })
    }
  }

  const addPage = () => {
    const page = blankPage(form.getValues('pages'))
    pages.append(page, { shouldFocus: false })
    select(page.key, true)
  }

  const busy = form.formState.isSubmitting || stale.reloading || publishing.isPending

  return (
    <Form {...form}>
      <form aria-label={`Edit ${base.title}`} noValidate onSubmit={(e) => void form.handleSubmit(submit, invalid)(e)} className="space-y-6">
        <StaleSaveAlerts stale={stale} labels={fieldLabels} listing="names" />

        <section aria-labelledby="story-summary" className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border-2 border-line bg-white p-4">
          <h2 id="story-summary" className="font-display text-xl font-bold">
            {base.title}
          </h2>
          <StatusBadge status={base.status} />
          <span className="text-sm font-bold text-muted">
            {report.paths} {report.paths === 1 ? 'path' : 'paths'}, {report.endings} {report.endings === 1 ? 'ending' : 'endings'}
          </span>
          <ProblemsCount count={report.problems.length} />
          {dirty && <span className="text-sm font-bold text-tiger-800">Unsaved changes</span>}
          <div className="flex w-full flex-wrap gap-1 lg:ml-auto lg:w-auto">
            <Button type="button" variant="ghost" size="sm" onClick={() => void download()}>
              <Download aria-hidden="true" /> Export to Twine
            </Button>
            {canGrant && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setGranting(true)}>
                <Gift aria-hidden="true" /> Give to a family
              </Button>
            )}
          </div>
        </section>

        <ProblemsList problems={report.problems} onShow={(id) => selectById(id, true)} />

        <div className="grid gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          {/* On a wide screen the map stays in view beside the page being edited. */}
          <section aria-labelledby="story-pages" className="min-w-0 space-y-4 self-start rounded-2xl border-2 border-line bg-white p-4 sm:p-5 xl:sticky xl:top-24">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="story-pages" className="text-xl font-bold">
                Pages
              </h2>
              <Button type="button" variant="outline" size="sm" onClick={addPage}>
                <Plus aria-hidden="true" /> Add a page
              </Button>
            </div>
            <Tabs defaultValue="map">
              <TabsList aria-label="Show the pages">
                <TabsTrigger value="map">Map</TabsTrigger>
                <TabsTrigger value="list">List</TabsTrigger>
              </TabsList>
              <TabsContent value="map" className="pt-3">
                <StoryMap
                  pages={mapPages}
                  start={startId}
                  problems={problems}
                  selected={current?.id}
                  onSelect={selectFromMap}
                  label={`Map of ${base.title}`}
                />
                <p className="mt-2 text-sm text-muted">Click a page to edit it. Red pages have a problem, as of the last save.</p>
              </TabsContent>
              <TabsContent value="list" className="pt-3">
                <PageList values={values} start={start} selected={current?.key} problems={problems} onSelect={(key) => select(key, true)} />
              </TabsContent>
            </Tabs>
          </section>

          <div ref={editorRef} className="min-w-0 scroll-mt-24 space-y-6">
            {current && (
              <PageEditor
                key={current.key}
                index={index}
                fields={pages}
                saved={base.pages.find((p) => p.id === current.id && p.text === current.text)}
                onSelect={select}
                onRead={() => setReading(current.id)}
                readable={!dirty && base.pages.some((p) => p.id === current.id)}
              />
            )}
            <section aria-labelledby="story-settings" className="space-y-5 rounded-2xl border-2 border-line bg-white p-5">
              <h2 id="story-settings" className="text-xl font-bold">
                The storybook
              </h2>
              <InputField control={form.control} name="title" label="Title" autoComplete="off" />
              <SelectField control={form.control} name="start" label="Start page" options={values.map((p) => ({ value: p.key, label: p.id || '(no name yet)' }))} />
              <SelectField control={form.control} name="previewPages" label="Free to read" options={previewOptions} />
              <p className="-mt-3 text-sm text-muted">
                Anyone may read the pages fewer than this many choices from the start, from the book's page; the rest needs the edition.
              </p>
            </section>
          </div>
        </div>

        <div data-sticky-actions className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t-2 border-line bg-cream/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border-2">
          <Button type="submit" disabled={busy}>
            <Save aria-hidden="true" /> {form.formState.isSubmitting ? 'Saving...' : 'Save'}
          </Button>
          {base.status === 'draft' ? (
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void publish(true)}>
              <Send aria-hidden="true" /> Publish
            </Button>
          ) : (
            <Button type="button" variant="outline" disabled={busy} onClick={() => void publish(false)}>
              <Undo2 aria-hidden="true" /> Unpublish
            </Button>
          )}
          <Button type="button" variant="outline" onClick={() => setReading(base.start)} disabled={dirty} title={dirty ? 'Save first: Read it shows the saved storybook' : undefined}>
            Read it
          </Button>
          <Button asChild variant="link" className="ml-auto hidden sm:inline-flex">
            <Link to={paths.adminStorybooks}>Back to the storybooks</Link>
          </Button>
        </div>
      </form>
      <ReadIt story={base} from={reading} onClose={() => setReading(null)} />
      {canGrant && <GrantDialog open={granting} storybook={base} onClose={() => setGranting(false)} />}
    </Form>
  )
}

/** The pages as a list: the same as the map, for a keyboard and a screen reader, each selecting its page. */
function PageList({
  values,
  start,
  selected,
  problems,
  onSelect,
}: {
  values: StoryValues['pages']
  start: string
  selected?: string
  problems: Record<string, string[]>
  onSelect: (key: string) => void
}) {
  const idOf = new Map(values.map((p) => [p.key, p.id]))
  return (
    <ol aria-label="The pages" className="divide-y-2 divide-line overflow-hidden rounded-xl border-2 border-line">
      {values.map((p) => {
        const wrong = problems[p.id] ?? []
        return (
          <li key={p.key}>
            <button
              type="button"
              aria-current={p.key === selected ? 'true' : undefined}
              onClick={() => onSelect(p.key)}
              className="flex w-full flex-col items-start gap-0.5 px-3 py-2.5 text-left hover:bg-tiger-50 aria-[current=true]:bg-tiger-100"
            >
              <span className="font-bold">
                {p.id || '(no name yet)'}
                {p.key === start && <span className="ml-2 rounded-full bg-tiger-700 px-2 py-0.5 text-xs text-white">Start</span>}
                {p.isEnding && <span className="ml-2 rounded-full bg-leaf-100 px-2 py-0.5 text-xs text-leaf-800">Ending{p.ending ? `: ${p.ending}` : ''}</span>}
              </span>
              {!p.isEnding && (
                <span className="text-sm text-muted">{p.choices.length === 0 ? 'No choices yet' : `Leads to ${p.choices.map((c) => idOf.get(c.to) || '?').join(', ')}`}</span>
              )}
              {wrong.map((w) => (
                <span key={w} className="text-sm font-bold text-red-700">
                  {w}
                </span>
              ))}
            </button>
          </li>
        )
      })}
    </ol>
  )
}
