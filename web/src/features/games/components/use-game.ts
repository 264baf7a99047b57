import { useEffect, useReducer, useRef } from 'react'
import { toast } from 'sonner'
import { gameReducer, initialGame, type GameState, type TargetInput } from '../logic/game-reducer'
import type { Point, Size } from '../logic/types'

/** One round of either game: the reducer plus a clock that ticks every 10 ms while playing. */
export function useGame(targets: TargetInput[], hitFactor = 1, minTap = 0) {
  const [state, dispatch] = useReducer(gameReducer, undefined, () => initialGame(targets, hitFactor, minTap))
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
    click: (point: Point, size: Size) => dispatch({ type: 'click', point, size }),
    reset: (next?: TargetInput[]) => dispatch({ type: 'reset', targets: next }),
  }
}

export type Game = ReturnType<typeof useGame>
export type { GameState }

/**
 * Brings the board (the score panel and the pictures) wholly into view when a
 * round starts, so a phone shows everything to find without scrolling while
 * the clock runs. The board's scroll margin keeps it clear of the sticky header.
 * It jumps rather than glides: the clock is already running.
 */
export function showBoard(board: HTMLElement | null) {
  if (!board) return
  const rect = board.getBoundingClientRect()
  const margin = parseFloat(getComputedStyle(board).scrollMarginTop) || 0
  if (rect.top >= margin && rect.bottom <= window.innerHeight) return
  board.scrollIntoView({ block: 'start', behavior: 'instant' })
}
