import { useCallback, useSyncExternalStore } from 'react'
import { textSizes, type TextSize } from '@/components/storybook/page-view'
import type { ReaderId } from './types'

/**
 * What a reader sets for themselves on this device: the text size (kept
 * in localStorage) and who is reading (in sessionStorage: a tab a child
 * reads in stays theirs, a new one starts as the parent). The server renders
 * the reader for everyone, so its render, and the hydration of it, start
 * from the defaults; the stored value comes right after.
 */
const TEXT_SIZE_KEY = 'storybookTextSize'
const READER_KEY = 'storybookReader'

/** The parent, who reads unless the library says otherwise. */
export const PARENT: ReaderId = 'me'

/** Values kept here when storage is disabled (private mode): they last for the page. */
const remembered = new Map<string, string>()
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key)
  } catch {
    return remembered.get(key) ?? null
  }
}

function write(storage: () => Storage, key: string, value: string) {
  remembered.set(key, value)
  try {
    storage().setItem(key, value)
  } catch {
    // Storage disabled: remembered for this page.
  }
  for (const listener of listeners) listener()
}

/** The stored value, or `fallback`; `known` is false while the page hydrates, before storage is read. */
function useStored<T extends string>(storage: () => Storage, key: string, fallback: T, valid: (value: string) => value is T) {
  const stored = useSyncExternalStore(
    subscribe,
    () => read(storage, key),
    () => undefined,
  )
  const change = useCallback((next: T) => write(storage, key, next), [storage, key])
  const value = typeof stored === 'string' && valid(stored) ? stored : fallback
  return [value, change, stored !== undefined] as const
}

const local = () => window.localStorage
const session = () => window.sessionStorage
const isTextSize = (value: string): value is TextSize => (textSizes as readonly string[]).includes(value)
const isReader = (value: string): value is ReaderId => value !== ''

export const useTextSize = () => useStored<TextSize>(local, TEXT_SIZE_KEY, 'big', isTextSize)

export const useReader = () => useStored<ReaderId>(session, READER_KEY, PARENT, isReader)
