import { expect, it } from 'vitest'
import { canRead, currentPage, endingsOf, foundSentence, readingReducer, startReading } from './reading'

it('goes forward by choices, back along the same way, and starts again at one page', () => {
  let r = startReading('start')
  r = readingReducer(r, { type: 'choose', to: 'forest' })
  r = readingReducer(r, { type: 'choose', to: 'cave' })
  expect(currentPage(r)).toBe('cave')
  r = readingReducer(r, { type: 'back' })
  expect(currentPage(r)).toBe('forest')
  r = readingReducer(r, { type: 'choose', to: 'river' })
  expect(r.trail).toEqual(['start', 'forest', 'river'])
  expect(r.visited).toEqual(['start', 'forest', 'cave', 'river'])
  r = readingReducer(r, { type: 'open', page: 'start' })
  expect(r.trail).toEqual(['start'])
  expect(readingReducer(r, { type: 'back' })).toBe(r)
})

it('reads the preview for anyone and every page with the edition', () => {
  expect(canRead({ entitled: false, preview: ['a', 'b'] }, 'b')).toBe(true)
  expect(canRead({ entitled: false, preview: ['a', 'b'] }, 'c')).toBe(false)
  expect(canRead({ entitled: true, preview: ['a'] }, 'c')).toBe(true)
})

it('lists the endings of the map with the ones found, and says how many', () => {
  const map = [
    { id: 'a', choices: ['b', 'c'] },
    { id: 'b', choices: [], ending: 'Home Again' },
    { id: 'c', choices: [], ending: 'The Great Balloon Ride' },
  ]
  expect(endingsOf(map, ['c'])).toEqual([
    { id: 'b', name: 'Home Again', found: false },
    { id: 'c', name: 'The Great Balloon Ride', found: true },
  ])
  expect(foundSentence(2, 6)).toBe('You found 2 of 6 endings')
  expect(foundSentence(6, 6)).toBe('You found all 6 endings!')
})
