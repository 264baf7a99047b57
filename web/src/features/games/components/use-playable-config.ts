import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { usePublishedGameConfig } from '../api/get-game-config'
import { DEFAULT_DIFFERENCE_PAIR, DEFAULT_GAME_IMAGE } from '../defaults'
import { loadDifferencePairs, loadGameImages } from '../storage'
import type { DifferencePair, GameImage } from '../logic/types'

/**
 * What the games play, in this order: the visitor's own pictures (kept in this
 * browser), the ones the admin published, and the shop's own forest and picnic
 * pair, unless the admin took those out (hideShopPictures). Every source adds
 * to the others; none hides another.
 */
export function usePlayableConfig(): { loading: boolean; images: GameImage[]; pairs: DifferencePair[] } {
  const published = usePublishedGameConfig()
  const [local] = useState(() => ({ images: loadGameImages(), pairs: loadDifferencePairs() }))
  useEffect(() => {
    if (local.images.failed || local.pairs.failed) toast.error('Failed to load saved game configurations')
  }, [local])
  const showShop = !published.data?.hideShopPictures
  const images = distinct([...(local.images.items ?? []), ...(published.data?.gameImages ?? []), ...(showShop ? [DEFAULT_GAME_IMAGE] : [])])
  const pairs = distinct([...(local.pairs.items ?? []), ...(published.data?.differencePairs ?? []), ...(showShop ? [DEFAULT_DIFFERENCE_PAIR] : [])])
  return { loading: published.isPending, images, pairs }
}

/** Each id once (the first wins), since the game tells its pictures apart by id. */
function distinct<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>()
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id))
}
