import { expect, it } from 'vitest'
import { slugify } from './slug'

it.each([
  ['Our First Adventure', 'our-first-adventure'],
  ["Siso's Big Day!", 'sisos-big-day'],
  ['  Crème brûlée & the Café  ', 'creme-brulee-the-cafe'],
  ['Straße der Bären', 'strasse-der-baren'],
  ['1, 2, 3', 'book-1-2-3'],
  ['!!!', 'book'],
  ['Ünïcödé — Ωmega', 'unicode-mega'],
])('slugify(%j) is %j', (title, slug) => {
  expect(slugify(title)).toBe(slug)
})

it('keeps a long title short, without a trailing hyphen', () => {
  const slug = slugify('word '.repeat(40))
  expect(slug.length).toBeLessThanOrEqual(88)
  expect(slug.endsWith('-')).toBe(false)
})
