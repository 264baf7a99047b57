import { describe, expect, it } from 'vitest'
import { numberInWords } from './number-words'

describe('numberInWords', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [20, 'twenty'],
    [47, 'forty-seven'],
    [100, 'one hundred'],
    [105, 'one hundred five'],
    [119, 'one hundred nineteen'],
    [340, 'three hundred forty'],
    [647, 'six hundred forty-seven'],
    [999, 'nine hundred ninety-nine'],
  ])('writes %i as "%s"', (n, words) => {
    expect(numberInWords(n)).toBe(words)
  })

  it('gives every number its own words, so a question has one answer', () => {
    const all = Array.from({ length: 1000 }, (_, n) => numberInWords(n))
    expect(new Set(all).size).toBe(1000)
    expect(all.every((words) => /^[a-z]+([ -][a-z]+)*$/.test(words))).toBe(true)
  })

  it.each([-1, 1000, 4.5, Number.NaN])('refuses %s', (n) => {
    expect(() => numberInWords(n)).toThrow(RangeError)
  })
})
