import { describe, expect, it } from 'vitest'
import { DEFAULT_OBJECTS } from '../defaults'
import { displayScore, gameReducer, initialGame, type GameAction, type GameState } from './game-reducer'

const run = (state: GameState, ...actions: GameAction[]) => actions.reduce(gameReducer, state)
const playing = () => run(initialGame(DEFAULT_OBJECTS), { type: 'start' })
/** The forest picture's size: hit circles are measured in its pixels. */
const forest = { width: 1000, height: 600 }
const at = (point: { x: number; y: number }, size = forest): GameAction => ({ type: 'click', point, size })
const miss = at({ x: 90, y: 10 })

describe('gameReducer', () => {
  it('starts with 30.00 s and ignores clicks before Start Game', () => {
    const s = initialGame(DEFAULT_OBJECTS)
    expect(s.status).toBe('not-started')
    expect(s.timeLeft).toBe(3000)
    expect(gameReducer(s, at(DEFAULT_OBJECTS[0]))).toBe(s)
  })

  it('counts down in hundredths derived from elapsed time and loses at 0', () => {
    let s = run(playing(), { type: 'tick', elapsedMs: 1234 })
    expect(s.timeLeft).toBe(2877)
    s = run(s, { type: 'tick', elapsedMs: 29_999 })
    expect(s.timeLeft).toBe(1)
    expect(s.status).toBe('playing')
    s = run(s, { type: 'tick', elapsedMs: 30_000 })
    expect(s.status).toBe('lost')
    expect(s.lossReason).toBe('time')
    expect(displayScore(s)).toBe(0)
  })

  it('loses on the 3rd wrong click, not the 2nd', () => {
    const two = run(playing(), miss, miss)
    expect(two.status).toBe('playing')
    expect(two.wrongClicks).toBe(2)
    const three = run(two, miss)
    expect(three.status).toBe('lost')
    expect(three.lossReason).toBe('wrong-clicks')
  })

  it('wins when every object is found, scoring 5 × seconds left per find, summed and rounded', () => {
    let s = playing()
    s = run(s, { type: 'tick', elapsedMs: 1_010 }) // 28.99 s left
    s = run(s, at(DEFAULT_OBJECTS[0])) // 144.95
    s = run(s, { type: 'tick', elapsedMs: 2_000 }) // 28.00
    for (const o of DEFAULT_OBJECTS.slice(1)) s = run(s, at(o)) // 4 × 140
    expect(s.status).toBe('won')
    expect(s.rawScore).toBeCloseTo(704.95, 6)
    expect(displayScore(s)).toBe(705)
  })

  it('freezes the score at 0 on a loss even after finds', () => {
    const s = run(playing(), at(DEFAULT_OBJECTS[0]), miss, miss, miss)
    expect(s.rawScore).toBe(0)
    expect(displayScore(s)).toBe(0)
  })

  it('neither scores nor counts a miss for a second click on a found object', () => {
    const once = run(playing(), at(DEFAULT_OBJECTS[4]))
    const twice = run(once, at(DEFAULT_OBJECTS[4]))
    expect(twice).toBe(once)
  })

  it('uses half the radius in the differences game', () => {
    const diffs = [{ x: 20, y: 20, radius: 10 }]
    const start = run(initialGame(diffs, 0.5), { type: 'start' })
    const square = { width: 500, height: 500 }
    expect(run(start, at({ x: 27, y: 20 }, square)).wrongClicks).toBe(1)
    expect(run(start, at({ x: 24, y: 20 }, square)).status).toBe('won')
  })

  it('finds the nearest object still to find where circles overlap, and ignores a click nearer a found one', () => {
    // Between the apple core (19, 81) and the straw (25, 84), nearer the straw: both circles hold it.
    const between = { x: 23, y: 83 }
    let s = run(playing(), at(between))
    expect(s.targets[2].found).toBe(true)
    expect(s.targets[1].found).toBe(false)
    // Now the straw is found: the same place still lies in the apple core's circle, so it finds the apple core.
    s = run(s, at(between))
    expect(s.targets[1].found).toBe(true)
    expect(s.wrongClicks).toBe(0)
  })

  it('ignores ticks and clicks once over, and Play Again resets to not started', () => {
    const lost = run(playing(), miss, miss, miss)
    expect(run(lost, miss, { type: 'tick', elapsedMs: 5000 })).toBe(lost)
    const again = run(lost, { type: 'reset' })
    expect(again.status).toBe('not-started')
    expect(again.timeLeft).toBe(3000)
    expect(again.wrongClicks).toBe(0)
    expect(again.targets.every((t) => !t.found)).toBe(true)
  })
})
