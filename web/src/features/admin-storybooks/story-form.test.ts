import { describe, expect, it } from 'vitest'
import { blankPage, formPathOf, mergePages, storySchema, storyValuesOf, toSave, type PageValues } from './story-form'
import type { AdminStorybook } from './types'

const story: AdminStorybook = {
  id: 7,
  bookId: 3,
  slug: 'our-first-adventure',
  title: 'Our First Adventure',
  status: 'draft',
  version: 4,
  start: 'start',
  previewPages: 3,
  report: { paths: 1, endings: 1, problems: [] },
  pages: [
    { id: 'start', text: 'Siso wakes up.', choices: [{ label: 'Go', to: 'the end' }], html: '', words: 3 },
    { id: 'the end', text: 'Home.', ending: 'Home again', narration: '/storybooks/media/a.mp3', timings: [0], choices: [], html: '', words: 1 },
  ],
}

describe('the storybook form', () => {
  it('loads and saves a storybook unchanged', () => {
    const values = storyValuesOf(story)
    expect(storySchema.safeParse(values).success).toBe(true)
    expect(toSave(values, 4)).toEqual({
      version: 4,
      title: 'Our First Adventure',
      start: 'start',
      previewPages: 3,
      pages: [
        { id: 'start', text: 'Siso wakes up.', choices: [{ label: 'Go', to: 'the end' }] },
        { id: 'the end', text: 'Home.', ending: 'Home again', narration: '/storybooks/media/a.mp3', timings: [0], choices: [] },
      ],
    })
  })

  it("carries a picture's description, trimmed, and drops it with the picture", () => {
    const values = storyValuesOf({ ...story, pages: [{ ...story.pages[0], picture: '/illustrations/siso.svg', alt: 'Siso yawns.' }, story.pages[1]] })
    expect(values.pages[0].alt).toBe('Siso yawns.')
    values.pages[0].alt = '  Siso yawns in the sun.  '
    expect(toSave(values, 4).pages[0]).toMatchObject({ picture: '/illustrations/siso.svg', alt: 'Siso yawns in the sun.' })
    values.pages[0].picture = ''
    expect(toSave(values, 4).pages[0]).not.toHaveProperty('alt')
    expect(formPathOf('pages.start.alt', ['start', 'the end'])).toBe('pages.0.alt')
    values.pages[0].picture = '/illustrations/siso.svg'
    values.pages[0].alt = 'x'.repeat(301)
    expect(storySchema.safeParse(values).error?.issues.map((i) => i.message)).toEqual(["Keep the picture's description to 300 characters or fewer."])
  })

  it('keeps choices and the start on a renamed page', () => {
    const values = storyValuesOf(story)
    values.pages[1].id = 'home'
    values.pages[0].id = 'wake'
    const saved = toSave(values, 4)
    expect(saved.start).toBe('wake')
    expect(saved.pages[0].choices).toEqual([{ label: 'Go', to: 'home' }])
  })

  it('names a new page with the first free number, and refuses two pages of one name', () => {
    const values = storyValuesOf(story)
    const added = blankPage(values.pages)
    expect(added.id).toBe('page-3')
    values.pages.push({ ...added, id: 'start', text: 'Again' , choices: [{ label: 'Back', to: values.pages[1].key }] })
    const result = storySchema.safeParse(values)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['pages.2.id'])
  })

  it('asks for what a page needs: text, choice labels and targets, an ending name', () => {
    const values = storyValuesOf(story)
    values.pages[0].text = ' '
    values.pages[0].choices.push({ label: '', to: '' })
    values.pages[1].ending = ''
    const paths = storySchema.safeParse(values).error?.issues.map((i) => i.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['pages.0.text', 'pages.0.choices.1.label', 'pages.0.choices.1.to', 'pages.1.ending']))
  })

  it("puts the server's field messages on the page they name", () => {
    const ids = ['start', 'end', 'end.1']
    expect(formPathOf('pages.end.1.text', ids)).toBe('pages.2.text')
    expect(formPathOf('pages.end.text', ids)).toBe('pages.1.text')
    expect(formPathOf('pages.start.choices.2.to', ids)).toBe('pages.0.choices.2.to')
    expect(formPathOf('pages.start.id', ids)).toBe('pages.0.id')
    expect(formPathOf('start', ids)).toBe('start')
    expect(formPathOf('pages.gone.text', ids)).toBeNull()
    expect(formPathOf('bookId', ids)).toBeNull()
  })
})

describe('applying my pages again over a newer version', () => {
  const opened = () => storyValuesOf(story).pages
  const texts = (pages: PageValues[]) => pages.map((p) => `${p.id}: ${p.text}`)

  it("keeps the other person's pages where I changed nothing, and mine where they changed nothing", () => {
    const mine = opened()
    mine[0].text = 'Siso wakes up early.'
    const added = { ...blankPage(mine), id: 'hill', text: 'Windy!' }
    mine.push(added)
    const latest = opened()
    latest[1].text = 'Home at last.'
    latest.push({ ...blankPage(latest), key: 'k:river', id: 'river', text: 'Splash!' })
    const { value, conflicts } = mergePages(mine, opened(), latest)
    expect(texts(value)).toEqual(['start: Siso wakes up early.', 'the end: Home at last.', 'river: Splash!', 'hill: Windy!'])
    expect(conflicts).toEqual([])
  })

  it('takes deletions from either side, and names a page both changed (mine is applied)', () => {
    const mine = opened()
    mine[0].text = 'Siso wakes up early.'
    const latest = opened()
    latest[0].text = 'Siso wakes up late.'
    latest.splice(1, 1) // they deleted "the end"
    const { value, conflicts } = mergePages(mine, opened(), latest)
    expect(texts(value)).toEqual(['start: Siso wakes up early.'])
    expect(conflicts).toEqual(['Page start: changed by both of you'])

    const mineDeleted = opened().slice(0, 1)
    const theirs = opened()
    theirs[1].text = 'Home, and cocoa.'
    const second = mergePages(mineDeleted, opened(), theirs)
    expect(texts(second.value)).toEqual(['start: Siso wakes up.'])
    expect(second.conflicts).toEqual(['Page the end: you deleted it, the newer version changed it'])
  })

  it('sees the same change on both sides as no conflict', () => {
    const mine = opened()
    const latest = opened()
    mine[0].text = latest[0].text = 'Siso yawns.'
    expect(mergePages(mine, opened(), latest)).toEqual({ value: latest, conflicts: [] })
  })
})
