import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { emptyConfig, gameConfigSchema } from '../logic/config-rules'
import type { GameConfig } from '../logic/types'

/** The configuration the admin published to every visitor (GET /api/game-config). */
export async function getGameConfig(): Promise<GameConfig> {
  const body = await apiFetch<unknown>('/api/game-config')
  return gameConfigSchema.safeParse(body).data ?? emptyConfig()
}

export const gameConfigQueryOptions = () => queryOptions({ queryKey: ['game-config'], queryFn: getGameConfig, staleTime: 60_000 })

export function usePublishedGameConfig() {
  return useQuery(gameConfigQueryOptions())
}
