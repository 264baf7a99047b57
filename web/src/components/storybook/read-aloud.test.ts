// @vitest-environment jsdom
import { expect, it } from 'vitest'
import { boundaryWords, wordAt, wordsOf } from './read-aloud'

it('finds the word a narration has reached by its timings', () => {
  const timings = [0, 400, 900, 1500]
  expect(wordAt(timings, -1)).toBe(-1)
  expect(wordAt(timings, 0)).toBe(0)
  expect(wordAt(timings, 899)).toBe(1)
  expect(wordAt(timings, 900)).toBe(2)
  expect(wordAt(timings, 99_999)).toBe(3)
  expect(wordAt([], 10)).toBe(-1)
})

const html =
  '<p><span class="w" data-w="0">Siso</span> <span class="w" data-w="1">jumps.</span></p><p><span class="w" data-w="2">Nainni</span> <span class="w" data-w="3"><em>laughs</em>!</span></p>'

it('gives the voice the words and lights the word or sentence it reports reaching', () => {
  const words = wordsOf(html)
  expect(words.text).toBe('Siso jumps. Nainni laughs!')
  expect(words.starts).toEqual([0, 5, 12, 19])
  expect(boundaryWords(words, 5, 'word')).toEqual({ from: 1, to: 1 })
  expect(boundaryWords(words, 0, 'sentence')).toEqual({ from: 0, to: 1 })
  expect(boundaryWords(words, 12, 'sentence')).toEqual({ from: 2, to: 3 })
})
