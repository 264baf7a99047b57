import { describe, expect, it } from 'vitest'
import { DEFAULT_OBJECTS } from '../defaults'
import { displayScore, gameReducer, initialGame, type GameAction, type GameState } from './game-reducer'

const run = (state: GameState, ...actions: GameAction[]) => actions.reduce(gameReducer, state)
const playing = () => run(initialGame(DEFAULT_OBJECTS), { type: 'start' })
const miss: GameAction = { type: 'click', point: { x: 90, y: 10 } }

describe('gameReducer', () => {
  it('starts with 30.00 s and ignores clicks before Start Game', () => {
    const s = initialGame(DEFAULT_OBJECTS)
    expect(s.status).toBe('not-started')
    expect(s.timeLeft).toBe(3000)
    expect(gameReducer(s, { type: 'click', point: DEFAULT_OBJECTS[0] })).toBe(s)
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
    s = run(s, { type: 'click', point: DEFAULT_OBJECTS[0] }) // 144.95
    s = run(s, { type: 'tick', elapsedMs: 2_000 }) // 28.00
    for (const o of DEFAULT_OBJECTS.slice(1)) s = run(s, { type: 'click', point: o }) // 4 × 140
    expect(s.status).toBe('won')
    expect(s.rawScore).toBeCloseTo(704.95, 6)
    expect(displayScore(s)).toBe(705)
  })

  it('freezes the score at 0 on a loss even after finds', () => {
    const s = run(playing(), { type: 'click', point: DEFAULT_OBJECTS[0] }, miss, miss, miss)
    expect(s.rawScore).toBe(0)
    expect(displayScore(s)).toBe(0)
  })

  it('neither scores nor counts a miss for a second click on a found object', () => {
    const once = run(playing(), { type: 'click', point: DEFAULT_OBJECTS[4] })
    const twice = run(once, { type: 'click', point: DEFAULT_OBJECTS[4] })
    expect(twice).toBe(once)
  })

  it('uses half the radius in the differences game', () => {
    const diffs = [{ x: 20, y: 20, radius: 10 }]
    const start = run(initialGame(diffs, 0.5), { type: 'start' })
    expect(run(start, { type: 'click', point: { x: 27, y: 20 } }).wrongClicks).toBe(1)
    expect(run(start, { type: 'click', point: { x: 24, y: 20 } }).status).toBe('won')
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
