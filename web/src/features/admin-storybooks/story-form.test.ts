import { describe, expect, it } from 'vitest'
import { blankPage, formPathOf, storySchema, storyValuesOf, toSave } from './story-form'
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
