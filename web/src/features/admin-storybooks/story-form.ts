import { z } from '@/lib/zod'
import type { AdminStorybook, PageFields, StorybookSave } from './types'

// The editor's form: the whole storybook, saved at once (PUT with its
// version). A choice points at its target by the page's key, not its id, so
// renaming a page keeps every arrow to it; the ids are put back on save.

export type ChoiceValues = { label: string; to: string }

export type PageValues = {
  /** Stable while the editor is open: what choices and the start point at. */
  key: string
  id: string
  text: string
  picture: string
  /** The picture's description; dropped on save when there is no picture. */
  alt: string
  narration: string
  timings: number[]
  isEnding: boolean
  ending: string
  choices: ChoiceValues[]
}

/** previewPages is the select's text ("3"). */
export type StoryValues = { title: string; start: string; previewPages: string; pages: PageValues[] }

const keyOf = (id: string) => `k:${id}`

let fresh = 0
/** A key no loaded page has (loaded pages' keys start with "k:"). */
export const newKey = () => `n:${Date.now().toString(36)}:${++fresh}`

export function storyValuesOf(story: AdminStorybook): StoryValues {
  return {
    title: story.title,
    start: keyOf(story.start),
    previewPages: String(story.previewPages),
    pages: story.pages.map((p) => ({
      key: keyOf(p.id),
      id: p.id,
      text: p.text,
      picture: p.picture ?? '',
      alt: p.alt ?? '',
      narration: p.narration ?? '',
      timings: p.timings ?? [],
      // An ending is a page with an ending's name (the API leaves it out, or empty, on other pages).
      isEnding: !!p.ending,
      ending: p.ending ?? '',
      choices: p.choices.map((c) => ({ label: c.label, to: keyOf(c.to) })),
    })),
  }
}

/** A new page: the first id "page-N" that is free. */
export function blankPage(pages: readonly PageValues[]): PageValues {
  const taken = new Set(pages.map((p) => p.id))
  let n = pages.length + 1
  while (taken.has(`page-${n}`)) n++
  return { key: newKey(), id: `page-${n}`, text: '', picture: '', alt: '', narration: '', timings: [], isEnding: false, ending: '', choices: [] }
}

/** The save's body: keys become ids again, what is empty is left out, an ending keeps no choices. */
export function toSave(values: StoryValues, version: number): StorybookSave {
  const ids = new Map(values.pages.map((p) => [p.key, p.id.trim()]))
  const pages = values.pages.map((p): PageFields => {
    const page: PageFields = { id: p.id.trim(), text: p.text.trim(), choices: [] }
    if (p.picture) page.picture = p.picture
    if (p.picture && p.alt.trim()) page.alt = p.alt.trim()
    if (p.narration) page.narration = p.narration
    if (p.narration && p.timings.length > 0) page.timings = p.timings
    if (p.isEnding) page.ending = p.ending.trim()
    else page.choices = p.choices.map((c) => ({ label: c.label.trim(), to: ids.get(c.to) ?? c.to }))
    return page
  })
  return { version, title: values.title.trim(), start: ids.get(values.start) ?? values.start, previewPages: Number(values.previewPages), pages }
}

/**
 * The form's path of a field the server named (400 `fields`): its pages are
 * named by id (pages.cave.choices.1.to), the form's by place (pages.3.choices.1.to).
 * Null for a name the form has no field for.
 */
export function formPathOf(serverName: string, sentIds: readonly string[]): string | null {
  if (serverName === 'title' || serverName === 'start' || serverName === 'previewPages') return serverName
  if (!serverName.startsWith('pages.')) return null
  const rest = serverName.slice('pages.'.length)
  // The longest id that fits: an id may hold a dot.
  let found = -1
  sentIds.forEach((id, i) => {
    if ((rest === id || rest.startsWith(`${id}.`)) && (found < 0 || id.length > sentIds[found].length)) found = i
  })
  if (found < 0) return null
  const field = rest.slice(sentIds[found].length + 1)
  const known = /^(id|text|picture|alt|narration|timings|ending|choices)$|^choices\.\d+\.(to|label)$/
  if (!field) return `pages.${found}.id`
  if (!known.test(field)) return `pages.${found}.text`
  return `pages.${found}.${field === 'ending' ? 'ending' : field}`
}

/** The server's limits (internal/storybooks/story/validate.go), checked as the author types. */
export const limits = { id: 64, text: 4000, label: 120, title: 200, alt: 300, choices: 6 }

const tooLong = (what: string, n: number) => `Keep the ${what} to ${n.toLocaleString('en-US')} characters or fewer.`

const choiceSchema = z.object({
  label: z.string().trim().min(1, 'Write the words on the choice’s button, such as “Follow the river”.').max(limits.label, tooLong('choice', limits.label)),
  to: z.string().min(1, 'Choose the page it leads to.'),
})

const pageSchema = z
  .object({
    key: z.string(),
    id: z
      .string()
      .trim()
      .min(1, 'Give the page a name, such as cave or river 2.')
      .max(limits.id, tooLong('name', limits.id))
      .refine((s) => /^[\p{L}\p{N} \-_'’!,()]*$/u.test(s), "A page's name can use letters, digits, spaces and - _ ' ’ ! , ( )."),
    text: z.string().trim().min(1, "Write the page's text.").max(limits.text, tooLong('text', limits.text)),
    picture: z.string(),
    alt: z.string().trim().max(limits.alt, tooLong("picture's description", limits.alt)),
    narration: z.string(),
    timings: z.array(z.number()),
    isEnding: z.boolean(),
    ending: z.string().trim().max(limits.label, tooLong("ending's name", limits.label)),
    choices: z.array(choiceSchema).max(limits.choices, `A page has at most ${limits.choices} choices.`),
  })
  .superRefine((p, ctx) => {
    if (p.isEnding && !p.ending) ctx.addIssue({ code: 'custom', path: ['ending'], message: 'Name the ending, such as The Great Balloon Ride.' })
  })

export const storySchema = z
  .object({
    title: z.string().trim().min(1, 'Give the storybook a title.').max(limits.title, tooLong('title', limits.title)),
    start: z.string().min(1, 'Choose the page the story starts on.'),
    previewPages: z.string().regex(/^([1-9]|1\d|20)$/, 'Choose how many pages are free to read.'),
    pages: z.array(pageSchema).min(1, 'A storybook needs a page.'),
  })
  .superRefine((v, ctx) => {
    const seen = new Map<string, number>()
    v.pages.forEach((p, i) => {
      const id = p.id.trim()
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['pages', i, 'id'], message: `Another page is called ${id}: each page needs its own name.` })
      else seen.set(id, i)
    })
    const keys = new Set(v.pages.map((p) => p.key))
    if (!keys.has(v.start)) ctx.addIssue({ code: 'custom', path: ['start'], message: 'Choose the page the story starts on.' })
    v.pages.forEach((p, i) => {
      if (p.isEnding) return
      p.choices.forEach((c, j) => {
        if (c.to && !keys.has(c.to)) ctx.addIssue({ code: 'custom', path: ['pages', i, 'choices', j, 'to'], message: 'That page was deleted: choose another.' })
      })
    })
  })

/** The index of the first page with an error in the form's errors (pages.N...), or -1. */
export function firstPageWithError(errors: { pages?: unknown }): number {
  if (!Array.isArray(errors.pages)) return -1
  return errors.pages.findIndex((e) => e !== undefined && e !== null)
}

/** Deep equality of two form values, for the stale save's list of kept changes (arrays are new objects on every read). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * "Apply my changes again" after a stale save, page by page: a page only I
 * changed (or added, or deleted) takes my version; one only the other
 * person changed keeps theirs; one we both changed differently takes mine
 * and is named in `conflicts`, for the author to check before saving.
 * Pages keep the newer version's order, with my new pages after them.
 */
export function mergePages(mine: PageValues[], opened: PageValues[], latest: PageValues[]): { value: PageValues[]; conflicts: string[] } {
  const byKey = (pages: PageValues[]) => new Map(pages.map((p) => [p.key, p]))
  const m = byKey(mine)
  const o = byKey(opened)
  const l = byKey(latest)
  const conflicts: string[] = []
  const pick = (key: string): PageValues | undefined => {
    const [a, base, b] = [m.get(key), o.get(key), l.get(key)]
    if (sameValue(a, base)) return b // untouched here: theirs (or gone, if they deleted it)
    if (sameValue(b, base) || sameValue(a, b)) return a // untouched there, or the same change
    const name = a?.id || b?.id || base?.id || ''
    conflicts.push(a && b ? `Page ${name}: changed by both of you` : a ? `Page ${name}: you changed it, the newer version deleted it` : `Page ${name}: you deleted it, the newer version changed it`)
    return a
  }
  const keys = [...latest.map((p) => p.key), ...mine.map((p) => p.key).filter((k) => !l.has(k)), ...opened.map((p) => p.key).filter((k) => !l.has(k) && !m.has(k))]
  const value = keys.map(pick).filter((p): p is PageValues => p !== undefined)
  return { value, conflicts }
}
