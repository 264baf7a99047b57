import { useEffect, useState } from 'react'
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { toast } from 'sonner'
import { setServerErrors } from '@/components/ui/form'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { DIFFERENCE_PAIRS_KEY, GAME_IMAGES_KEY, StorageFullError, loadDifferencePairs, loadGameImages, save, type Loaded } from '../storage'
import type { DifferencePair, GameImage } from '../logic/types'

/**
 * What an editor needs: the current list and a way to keep a new version of it;
 * `reload` (the published configuration) reads it again after another admin saved.
 */
export type ListStore<T> = { items: T[]; save: (next: T[]) => Promise<void>; reload?: () => Promise<void> }

function useLocalList<T>(key: typeof GAME_IMAGES_KEY | typeof DIFFERENCE_PAIRS_KEY, load: () => Loaded<T>): ListStore<T> {
  const [loaded] = useState(load)
  const [items, setItems] = useState<T[]>(loaded.items ?? [])
  useEffect(() => {
    if (loaded.failed) toast.error('Failed to load saved game configurations')
  }, [loaded])
  return {
    items,
    save: async (next) => {
      save(key, next)
      setItems(next)
    },
  }
}

/** The visitor's own game images, in browser storage (gameImages). */
export const useLocalGameImages = () => useLocalList<GameImage>(GAME_IMAGES_KEY, loadGameImages)
/** The visitor's own difference pairs, in browser storage (differencePairs). */
export const useLocalDifferencePairs = () => useLocalList<DifferencePair>(DIFFERENCE_PAIRS_KEY, loadDifferencePairs)

/** The title and text of the toast when a full browser storage refuses a change. */
export type StorageMessage = { title: string; description?: string }

/**
 * How both editors keep a change and say why one was refused: a full browser
 * storage shows the yellow banner and the given toast; another admin's save
 * (409) shows its message with a Reload button and keeps nothing; any other
 * refusal is a toast, and is handed back so a form can put its field messages
 * on its fields.
 */
export function useKeeper<T>(store: ListStore<T>) {
  const [storageFull, setStorageFull] = useState(false)
  const [conflict, setConflict] = useState<string | null>(null)
  /** Runs one change (a save, the shop-pictures switch); true when it was kept. */
  const attempt = async (change: () => Promise<void>, storageMessage: StorageMessage, onRefused?: (err: unknown) => boolean): Promise<boolean> => {
    try {
      await change()
      setStorageFull(false)
      return true
    } catch (err) {
      if (err instanceof StorageFullError) {
        setStorageFull(true)
        toast.error(storageMessage.title, { description: storageMessage.description ?? err.message })
      } else if (err instanceof ApiError && err.status === 409) {
        setConflict(err.message)
      } else if (!onRefused?.(err)) {
        toast.error('Not saved', { description: messageOf(err) })
      }
      return false
    }
  }
  const keep = (next: T[], storageMessage: StorageMessage, onRefused?: (err: unknown) => boolean) => attempt(() => store.save(next), storageMessage, onRefused)
  const reload = async () => {
    await store.reload?.()
    setConflict(null)
  }
  return { keep, attempt, storageFull, conflict, reload }
}

/**
 * A refusal handler for a form that changed one list of the published
 * configuration: the server names the list (`gameImages`, `differencePairs`)
 * in its field messages, and the message goes on the form's field that made
 * the change. True when a message was shown.
 */
export function onFieldOf<TValues extends FieldValues>(setError: UseFormSetError<TValues>, field: FieldPath<TValues>, list: 'gameImages' | 'differencePairs') {
  return (err: unknown): boolean => {
    if (!(err instanceof ApiError) || !err.fields[list]) return false
    return setServerErrors(setError, err, [field], { [list]: field })
  }
}
