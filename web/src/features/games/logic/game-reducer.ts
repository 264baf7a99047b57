import { GAME_CENTISECONDS, POINTS_PER_SECOND_LEFT, WRONG_CLICKS_TO_LOSE, nearestHit } from './rules'
import type { Point, Size, Zone } from './types'

/** A thing to find during play: an object or a difference, with its found flag. */
export type Target = Zone & { name?: string; found: boolean }

export type TargetInput = Zone & { name?: string }

export type GameStatus = 'not-started' | 'playing' | 'won' | 'lost'
export type LossReason = 'wrong-clicks' | 'time'

export type GameState = {
  status: GameStatus
  lossReason: LossReason | null
  /** Hundredths of a second left. */
  timeLeft: number
  wrongClicks: number
  /** Unrounded sum of 5 × seconds left at each find; shown rounded. */
  rawScore: number
  targets: Target[]
  /** Multiplies each target's radius in the hit test (0.5 in the differences game). */
  hitFactor: number
  /** The smallest tap area of each target, in CSS pixels (the objects game's MIN_TAP_PX; 0: the circle alone). */
  minTap: number
  /** The last miss, so the picture can show where it was. */
  lastMiss: Point | null
}

export type GameAction =
  | { type: 'start' }
  | { type: 'reset'; targets?: TargetInput[] }
  | { type: 'tick'; elapsedMs: number }
  /** A click at point on the picture as shown, whose size in pixels makes the hit test's circles round. */
  | { type: 'click'; point: Point; size: Size }

export function initialGame(targets: TargetInput[], hitFactor = 1, minTap = 0): GameState {
  return {
    status: 'not-started',
    lossReason: null,
    timeLeft: GAME_CENTISECONDS,
    wrongClicks: 0,
    rawScore: 0,
    targets: targets.map((t) => ({ ...t, found: false })),
    hitFactor,
    minTap,
    lastMiss: null,
  }
}

/** The score as the spec shows it: the sum rounded, and 0 on a loss. */
export function displayScore(state: GameState): number {
  return state.status === 'lost' ? 0 : Math.round(state.rawScore)
}

/** Spec 02 §4 "Games (both)" and §9: not started → playing → won or lost. */
export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'start':
      if (state.status !== 'not-started' || state.targets.length === 0) return state
      return { ...state, status: 'playing' }
    case 'reset':
      return initialGame(action.targets ?? state.targets, state.hitFactor, state.minTap)
    case 'tick': {
      if (state.status !== 'playing') return state
      // The clock is derived from elapsed time, so a slow frame never slows the game.
      const timeLeft = Math.max(0, Math.min(state.timeLeft, GAME_CENTISECONDS - Math.floor(action.elapsedMs / 10)))
      if (timeLeft === 0) return { ...state, timeLeft: 0, status: 'lost', lossReason: 'time', rawScore: 0 }
      return timeLeft === state.timeLeft ? state : { ...state, timeLeft }
    }
    case 'click':
      return state.status === 'playing' ? click(state, action.point, action.size) : state
  }
}

function click(state: GameState, point: Point, size: Size): GameState {
  // The nearest zone still to find wins where circles overlap.
  const hit = nearestHit(point, state.targets.map((t) => (t.found ? { ...t, radius: 0 } : t)), size, state.hitFactor, state.minTap)
  // A click on something already found is neither a find nor a miss.
  if (hit === -1 && nearestHit(point, state.targets.filter((t) => t.found), size, state.hitFactor, state.minTap) !== -1) return state
  if (hit === -1) {
    const wrongClicks = state.wrongClicks + 1
    if (wrongClicks >= WRONG_CLICKS_TO_LOSE) {
      return { ...state, wrongClicks, lastMiss: point, status: 'lost', lossReason: 'wrong-clicks', rawScore: 0 }
    }
    return { ...state, wrongClicks, lastMiss: point }
  }
  const targets = state.targets.map((t, i) => (i === hit ? { ...t, found: true } : t))
  const rawScore = state.rawScore + POINTS_PER_SECOND_LEFT * (state.timeLeft / 100)
  const won = targets.every((t) => t.found)
  return { ...state, targets, rawScore, lastMiss: null, status: won ? 'won' : 'playing' }
}
