import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { DIFFERENCE_PAIRS_KEY, GAME_IMAGES_KEY, loadDifferencePairs, loadGameImages, save, type Loaded } from '../storage'
import type { DifferencePair, GameImage } from '../logic/types'

/** What an editor needs: the current list and a way to keep a new version of it. */
export type ListStore<T> = { items: T[]; save: (next: T[]) => Promise<void> }

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
