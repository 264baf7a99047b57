import type { MapPage, Storybook } from './types'

/**
 * Where a child is in a story: the pages from where they began to the one
 * they are on (the last), so Back returns along the way they came, and
 * every page read since the story opened, for the map and the progress.
 */
export type Reading = { trail: string[]; visited: string[] }

export type ReadingAction =
  | { type: 'choose'; to: string }
  | { type: 'back' }
  /** Start again, or continue where the reader stopped: a trail of one page. */
  | { type: 'open'; page: string }

export function startReading(page: string): Reading {
  return { trail: [page], visited: [page] }
}

export function readingReducer(state: Reading, action: ReadingAction): Reading {
  switch (action.type) {
    case 'choose':
      return { trail: [...state.trail, action.to], visited: union(state.visited, [action.to]) }
    case 'back':
      return state.trail.length > 1 ? { ...state, trail: state.trail.slice(0, -1) } : state
    case 'open':
      return { trail: [action.page], visited: union(state.visited, [action.page]) }
  }
}

export const currentPage = (reading: Reading) => reading.trail[reading.trail.length - 1]

/** Whether the caller may read the page: a preview page, or any with the edition. The server decides again. */
export function canRead(storybook: Pick<Storybook, 'entitled' | 'preview'>, page: string): boolean {
  return storybook.entitled || storybook.preview.includes(page)
}

/** The items of both lists, once each, in the order first seen. */
export function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])]
}

/** The endings of the map, each with whether it was found. */
export function endingsOf(map: readonly MapPage[], found: readonly string[]): { id: string; name: string; found: boolean }[] {
  return map.filter((page) => page.ending).map((page) => ({ id: page.id, name: typeof page.ending === 'string' ? page.ending : '', found: found.includes(page.id) }))
}

/** "You found 2 of 6 endings", in words a child hears read aloud. */
export function foundSentence(found: number, total: number): string {
  if (total > 0 && found >= total) return `You found all ${total} endings!`
  return `You found ${found} of ${total} ${total === 1 ? 'ending' : 'endings'}`
}
