import { numberInWords } from './number-words'

/**
 * The parent gate's rules: a number written in words, to be typed in
 * digits. A grown-up reads "six hundred forty-seven" at a glance; a young
 * child, who cannot yet read it, cannot guess it either: three-digit numbers
 * leave 899 answers, and after GATE_TRIES wrong ones the gate locks for
 * GATE_LOCK_MS. The count and the lock are kept in localStorage, so neither
 * closing the question nor reloading the page starts the tries again.
 */
export const GATE_TRIES = 3
export const GATE_LOCK_MS = 60_000
export const GATE_KEY = 'kidModeGate'

const LOWEST = 101
const HIGHEST = 999

export type Question = { answer: number; words: string }

/** A fresh question. `random` is in [0, 1); only ever called from an event or an effect, never while rendering. */
export function newQuestion(random: () => number = secureRandom): Question {
  const answer = LOWEST + Math.floor(random() * (HIGHEST - LOWEST + 1))
  return { answer, words: numberInWords(answer) }
}

function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32
}

/** Wrong answers since the last right one, and until when the gate is locked (epoch ms; 0: not locked). */
export type GateState = { wrong: number; lockedUntil: number }

const OPEN: GateState = { wrong: 0, lockedUntil: 0 }

/** The gate's state at `now`; a lock that has run out is forgotten with its wrong answers. */
export function readGate(now: number): GateState {
  let state = OPEN
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(GATE_KEY) ?? 'null')
    if (isGateState(stored)) state = stored
  } catch {
    // Unreadable or no storage: the gate starts open (it still counts this page's tries).
  }
  return state.lockedUntil !== 0 && state.lockedUntil <= now ? OPEN : state
}

function isGateState(value: unknown): value is GateState {
  if (typeof value !== 'object' || value === null) return false
  const { wrong, lockedUntil } = value as Record<string, unknown>
  return Number.isInteger(wrong) && (wrong as number) >= 0 && typeof lockedUntil === 'number' && Number.isFinite(lockedUntil)
}

function writeGate(state: GateState) {
  try {
    if (state.wrong === 0 && state.lockedUntil === 0) window.localStorage.removeItem(GATE_KEY)
    else window.localStorage.setItem(GATE_KEY, JSON.stringify(state))
  } catch {
    // Storage disabled: nothing to keep.
  }
}

/** Milliseconds left of the lock at `now` (0 when open). */
export function lockedFor(now: number): number {
  return Math.max(0, readGate(now).lockedUntil - now)
}

export type Outcome =
  | { kind: 'right' }
  | { kind: 'empty' }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'locked'; until: number }

/**
 * Judges what was typed for `question` at `now` and keeps the count. Blank
 * is not an answer (no try spent); a locked gate judges nothing. Spaces
 * around the digits are forgiven, anything else is a wrong answer.
 */
export function answerGate(question: Question, typed: string, now: number): Outcome {
  const state = readGate(now)
  if (state.lockedUntil > now) return { kind: 'locked', until: state.lockedUntil }
  const text = typed.trim()
  if (text === '') return { kind: 'empty' }
  if (/^\d+$/.test(text) && Number(text) === question.answer) {
    writeGate(OPEN)
    return { kind: 'right' }
  }
  const wrong = state.wrong + 1
  if (wrong >= GATE_TRIES) {
    const until = now + GATE_LOCK_MS
    writeGate({ wrong, lockedUntil: until })
    return { kind: 'locked', until }
  }
  writeGate({ wrong, lockedUntil: 0 })
  return { kind: 'wrong', triesLeft: GATE_TRIES - wrong }
}
