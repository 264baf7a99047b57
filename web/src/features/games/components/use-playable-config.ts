import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { usePublishedGameConfig } from '../api/get-game-config'
import { loadDifferencePairs, loadGameImages } from '../storage'
import type { DifferencePair, GameImage } from '../logic/types'

export type Source = 'browser' | 'published' | 'default'

/**
 * What the games play: the visitor's own browser configuration when it
 * exists (it wins in that browser), else the published one, else the
 * pictures shipped with the app.
 */
export function usePlayableConfig(): { loading: boolean; images: GameImage[]; pairs: DifferencePair[]; imagesFrom: Source; pairsFrom: Source } {
  const published = usePublishedGameConfig()
  const [local] = useState(() => ({ images: loadGameImages(), pairs: loadDifferencePairs() }))
  useEffect(() => {
    if (local.images.failed || local.pairs.failed) toast.error('Failed to load saved game configurations')
  }, [local])
  const pick = <T,>(own: T[] | null, shared: T[] | undefined): [T[], Source] => {
    if (own && own.length > 0) return [own, 'browser']
    if (shared && shared.length > 0) return [shared, 'published']
    return [[], 'default']
  }
  const [images, imagesFrom] = pick(local.images.items, published.data?.gameImages)
  const [pairs, pairsFrom] = pick(local.pairs.items, published.data?.differencePairs)
  return { loading: published.isPending, images, pairs, imagesFrom, pairsFrom }
}
