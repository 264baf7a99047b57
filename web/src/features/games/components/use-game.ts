import { useEffect, useReducer, useRef } from 'react'
import { toast } from 'sonner'
import { gameReducer, initialGame, type GameState } from '../logic/game-reducer'
import type { Point } from '../logic/types'

type TargetInput = Point & { radius: number; name?: string }

/** One round of either game: the reducer plus a clock that ticks every 10 ms while playing. */
export function useGame(targets: TargetInput[], hitFactor = 1) {
  const [state, dispatch] = useReducer(gameReducer, undefined, () => initialGame(targets, hitFactor))
  const startedAt = useRef(0)

  useEffect(() => {
    if (state.status !== 'playing') return
    const id = window.setInterval(() => dispatch({ type: 'tick', elapsedMs: performance.now() - startedAt.current }), 10)
    return () => window.clearInterval(id)
  }, [state.status])

  return {
    state,
    start: () => {
      // A toast left over from before (sign-in, a save) may sit over the
      // picture on a phone and swallow the first taps: clear them.
      toast.dismiss()
      startedAt.current = performance.now()
      dispatch({ type: 'start' })
    },
    click: (point: Point) => dispatch({ type: 'click', point }),
    reset: (next?: TargetInput[]) => dispatch({ type: 'reset', targets: next }),
  }
}

export type Game = ReturnType<typeof useGame>
export type { GameState }
