import { useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { emptyConfig } from '../logic/config-rules'
import type { DifferencePair, GameConfig, GameImage, PublishedConfig } from '../logic/types'
import type { ListStore } from '../components/config-store'
import { gameConfigQueryOptions, parsePublished, usePublishedGameConfig } from './get-game-config'

/** POST /api/admin/game-images (admin): uploads one picture, answers its immutable URL. */
export async function uploadGameImage(dataUrl: string): Promise<string> {
  const [head, base64 = ''] = dataUrl.split(',', 2)
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream'
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const { url } = await apiFetch<{ url: string }>('/api/admin/game-images', { method: 'POST', body: bytes, headers: { 'Content-Type': type } })
  return url
}

/**
 * PUT /api/admin/game-config (admin): replaces the configuration every visitor plays.
 * It names the version it was based on; when another admin saved in between,
 * the server refuses it with 409 (code "conflict") and nothing is published.
 */
export async function putGameConfig(config: PublishedConfig): Promise<PublishedConfig> {
  const { version, hideShopPictures, gameImages, differencePairs } = config
  return parsePublished(await apiFetch<unknown>('/api/admin/game-config', { method: 'PUT', json: { version, hideShopPictures, gameImages, differencePairs } }))
}

/** A picture still held as data (just picked) is uploaded first; a stored one keeps its URL. */
const stored = (url: string) => (url.startsWith('data:') ? uploadGameImage(url) : Promise.resolve(url))

async function uploadImages(images: GameImage[]): Promise<GameImage[]> {
  return Promise.all(images.map(async (img) => ({ ...img, imageUrl: await stored(img.imageUrl) })))
}

async function uploadPairs(pairs: DifferencePair[]): Promise<DifferencePair[]> {
  return Promise.all(pairs.map(async (p) => ({ ...p, image1Url: await stored(p.image1Url), image2Url: await stored(p.image2Url) })))
}

/** The published configuration as the admin's editors see it: one list, the shop-pictures switch, and a reload after a conflict. */
export type PublishedStore<T> = ListStore<T> & {
  loading: boolean
  hideShopPictures: boolean
  setHideShopPictures: (hide: boolean) => Promise<void>
}

/** The admin's editors work on the published configuration through this store. */
export function usePublishedStore<K extends keyof GameConfig>(kind: K): PublishedStore<GameConfig[K][number]> {
  const query = usePublishedGameConfig()
  const client = useQueryClient()
  const { queryKey } = gameConfigQueryOptions()
  const current = query.data ?? emptyConfig()
  /** Saves a change to the configuration this page loaded (its version), never to one it has not seen. */
  const publish = async (change: (loaded: PublishedConfig) => Promise<PublishedConfig>) => {
    const loaded = client.getQueryData(queryKey) ?? current
    const saved = await putGameConfig(await change(loaded))
    client.setQueryData(queryKey, saved)
  }
  return {
    loading: query.isPending,
    items: current[kind] as GameConfig[K][number][],
    hideShopPictures: current.hideShopPictures,
    save: (next) =>
      publish(async (loaded) =>
        kind === 'gameImages'
          ? { ...loaded, gameImages: await uploadImages(next as GameImage[]) }
          : { ...loaded, differencePairs: await uploadPairs(next as DifferencePair[]) },
      ),
    setHideShopPictures: (hide) => publish(async (loaded) => ({ ...loaded, hideShopPictures: hide })),
    reload: async () => {
      await client.refetchQueries({ queryKey })
    },
  }
}
