// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { GATE_KEY, GATE_LOCK_MS, GATE_TRIES, answerGate, lockedFor, newQuestion, readGate } from './gate'

const question = { answer: 647, words: 'six hundred forty-seven' }
const T0 = Date.UTC(2026, 10, 26, 21, 0, 0)

afterEach(() => localStorage.clear())

describe('newQuestion', () => {
  it('asks for a three-digit number, written in words', () => {
    expect(newQuestion(() => 0)).toEqual({ answer: 101, words: 'one hundred one' })
    expect(newQuestion(() => 0.999999)).toEqual({ answer: 999, words: 'nine hundred ninety-nine' })
    expect(newQuestion(() => 0.5).words).toBe('five hundred fifty')
  })

  it('draws the number at random by default', () => {
    const answers = new Set(Array.from({ length: 50 }, () => newQuestion().answer))
    expect(answers.size).toBeGreaterThan(10)
    for (const a of answers) expect(a).toBeGreaterThanOrEqual(101)
    for (const a of answers) expect(a).toBeLessThanOrEqual(999)
  })
})

describe('answerGate', () => {
  it('lets the right digits through, spaces around them forgiven', () => {
    expect(answerGate(question, ' 647 ', T0)).toEqual({ kind: 'right' })
  })

  it('refuses a wrong number, the words themselves or other text, counting the tries', () => {
    expect(answerGate(question, '674', T0)).toEqual({ kind: 'wrong', triesLeft: GATE_TRIES - 1 })
    expect(answerGate(question, 'six hundred forty-seven', T0)).toEqual({ kind: 'wrong', triesLeft: GATE_TRIES - 2 })
    expect(readGate(T0)).toEqual({ wrong: 2, lockedUntil: 0 })
  })

  it('spends no try on a blank answer', () => {
    expect(answerGate(question, '   ', T0)).toEqual({ kind: 'empty' })
    expect(readGate(T0).wrong).toBe(0)
  })

  it('locks after the last wrong try, refusing even the right answer until the lock runs out', () => {
    answerGate(question, '1', T0)
    answerGate(question, '2', T0)
    expect(answerGate(question, '3', T0)).toEqual({ kind: 'locked', until: T0 + GATE_LOCK_MS })
    expect(answerGate(question, '647', T0 + GATE_LOCK_MS - 1)).toEqual({ kind: 'locked', until: T0 + GATE_LOCK_MS })
    expect(lockedFor(T0 + 1000)).toBe(GATE_LOCK_MS - 1000)

    // The lock has run out: a fresh set of tries, and the right answer opens.
    expect(lockedFor(T0 + GATE_LOCK_MS)).toBe(0)
    expect(answerGate(question, '1', T0 + GATE_LOCK_MS)).toEqual({ kind: 'wrong', triesLeft: GATE_TRIES - 1 })
    expect(answerGate(question, '647', T0 + GATE_LOCK_MS)).toEqual({ kind: 'right' })
  })

  it('starts the tries again after a right answer', () => {
    answerGate(question, '1', T0)
    answerGate(question, '2', T0)
    answerGate(question, '647', T0)
    expect(localStorage.getItem(GATE_KEY)).toBeNull()
    expect(answerGate(question, '3', T0)).toEqual({ kind: 'wrong', triesLeft: GATE_TRIES - 1 })
  })
})

describe('the kept count (a reload reads it back)', () => {
  it('keeps wrong tries and the lock in localStorage', () => {
    answerGate(question, '1', T0)
    expect(JSON.parse(localStorage.getItem(GATE_KEY)!)).toEqual({ wrong: 1, lockedUntil: 0 })
    answerGate(question, '2', T0)
    answerGate(question, '3', T0)
    expect(JSON.parse(localStorage.getItem(GATE_KEY)!)).toEqual({ wrong: GATE_TRIES, lockedUntil: T0 + GATE_LOCK_MS })
  })

  it('reads a lock written before (as after a reload)', () => {
    localStorage.setItem(GATE_KEY, JSON.stringify({ wrong: 3, lockedUntil: T0 + 30_000 }))
    expect(answerGate(question, '647', T0)).toEqual({ kind: 'locked', until: T0 + 30_000 })
    expect(lockedFor(T0)).toBe(30_000)
  })

  it.each(['not json', '{"wrong":"2","lockedUntil":0}', '{"wrong":-1,"lockedUntil":0}', 'null'])('starts open from unreadable storage %s', (stored) => {
    localStorage.setItem(GATE_KEY, stored)
    expect(readGate(T0)).toEqual({ wrong: 0, lockedUntil: 0 })
  })
})
