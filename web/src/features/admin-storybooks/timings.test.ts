import { describe, expect, it } from 'vitest'
import { complete, redoFrom, tap, wordAt } from './timings'

describe('word timings', () => {
  it('records one tap per word, never going back, and no more than the words', () => {
    let t: number[] = []
    t = tap(t, 3, 120.4)
    t = tap(t, 3, 90) // a tap can't be before the last: the same moment
    t = tap(t, 3, 800)
    expect(t).toEqual([120, 120, 800])
    expect(tap(t, 3, 900)).toEqual([120, 120, 800])
    expect(complete(t, 3)).toBe(true)
    expect(complete(t, 4)).toBe(false)
  })

  it('finds the word being spoken', () => {
    const t = [0, 400, 900]
    expect(wordAt([200], 100)).toBe(-1)
    expect(wordAt(t, 0)).toBe(0)
    expect(wordAt(t, 650)).toBe(1)
    expect(wordAt(t, 5000)).toBe(2)
  })

  it('redoes from a word: keeps those before it and plays from a little before it', () => {
    expect(redoFrom([0, 400, 3000, 3500], 2)).toEqual({ kept: [0, 400], playFromMs: 1500 })
    expect(redoFrom([0, 400, 900], 2)).toEqual({ kept: [0, 400], playFromMs: 400 })
    expect(redoFrom([0, 400, 900], 0)).toEqual({ kept: [], playFromMs: 0 })
  })
})
