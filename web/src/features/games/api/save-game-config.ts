import { useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { emptyConfig } from '../logic/config-rules'
import type { DifferencePair, GameConfig, GameImage } from '../logic/types'
import type { ListStore } from '../components/config-store'
import { gameConfigQueryOptions, usePublishedGameConfig } from './get-game-config'

/** POST /api/game-images (admin): uploads one picture, answers its immutable URL. */
export async function uploadGameImage(dataUrl: string): Promise<string> {
  const [head, base64 = ''] = dataUrl.split(',', 2)
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream'
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const { url } = await apiFetch<{ url: string }>('/api/game-images', { method: 'POST', body: bytes, headers: { 'Content-Type': type } })
  return url
}

/** PUT /api/game-config (admin): replaces the configuration every visitor plays. */
export function putGameConfig(config: GameConfig): Promise<GameConfig> {
  return apiFetch<GameConfig>('/api/game-config', { method: 'PUT', json: config })
}

/** A picture still held as data (just picked) is uploaded first; a stored one keeps its URL. */
const stored = (url: string) => (url.startsWith('data:') ? uploadGameImage(url) : Promise.resolve(url))

async function uploadImages(images: GameImage[]): Promise<GameImage[]> {
  return Promise.all(images.map(async (img) => ({ ...img, imageUrl: await stored(img.imageUrl) })))
}

async function uploadPairs(pairs: DifferencePair[]): Promise<DifferencePair[]> {
  return Promise.all(pairs.map(async (p) => ({ ...p, image1Url: await stored(p.image1Url), image2Url: await stored(p.image2Url) })))
}

/** The admin's editors work on the published configuration through this store. */
export function usePublishedStore<K extends keyof GameConfig>(kind: K): ListStore<GameConfig[K][number]> & { loading: boolean } {
  const query = usePublishedGameConfig()
  const client = useQueryClient()
  const current = query.data ?? emptyConfig()
  return {
    loading: query.isPending,
    items: current[kind] as GameConfig[K][number][],
    save: async (next) => {
      const latest = client.getQueryData(gameConfigQueryOptions().queryKey) ?? current
      const config: GameConfig =
        kind === 'gameImages'
          ? { ...latest, gameImages: await uploadImages(next as GameImage[]) }
          : { ...latest, differencePairs: await uploadPairs(next as DifferencePair[]) }
      const saved = await putGameConfig(config)
      client.setQueryData(gameConfigQueryOptions().queryKey, saved)
    },
  }
}
