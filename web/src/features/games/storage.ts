import { differencePairSchema, gameImageSchema } from './logic/config-rules'
import type { DifferencePair, GameImage } from './logic/types'

// Spec 02 §3 and §7: the visitor's own configuration lives in browser
// storage under exactly these keys.
export const GAME_IMAGES_KEY = 'gameImages'
export const DIFFERENCE_PAIRS_KEY = 'differencePairs'

export type Loaded<T> = { items: T[] | null; failed: boolean }

/** A stored list, null when the key is absent; unreadable data reports failed. */
function load<T>(key: string, parse: (v: unknown) => T | null): Loaded<T> {
  try {
    const raw = window.localStorage.getItem(key)
    if (raw === null) return { items: null, failed: false }
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return { items: null, failed: true }
    const items = value.map(parse).filter((v): v is T => v !== null)
    return { items, failed: items.length !== value.length }
  } catch {
    return { items: null, failed: true }
  }
}

export const loadGameImages = () => load<GameImage>(GAME_IMAGES_KEY, (v) => gameImageSchema.safeParse(v).data ?? null)
export const loadDifferencePairs = () => load<DifferencePair>(DIFFERENCE_PAIRS_KEY, (v) => differencePairSchema.safeParse(v).data ?? null)

/** Thrown when the browser refuses to store more (its quota is full). */
export class StorageFullError extends Error {
  constructor() {
    super("You've reached the browser's local storage limit")
  }
}

/** Saves a list; an empty list removes the key so the shared configuration applies again. */
export function save(key: typeof GAME_IMAGES_KEY | typeof DIFFERENCE_PAIRS_KEY, items: unknown[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, JSON.stringify(items))
  } catch {
    throw new StorageFullError()
  }
}
