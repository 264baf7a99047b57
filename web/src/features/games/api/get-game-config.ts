import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { emptyConfig, publishedConfigSchema } from '../logic/config-rules'
import type { PublishedConfig } from '../logic/types'

/** Reads the configuration a response carries; one the games cannot use counts as empty. */
export const parsePublished = (body: unknown): PublishedConfig => publishedConfigSchema.safeParse(body).data ?? emptyConfig()

/** The configuration the admin published to every visitor (GET /api/game-config), with its version. */
export async function getGameConfig(): Promise<PublishedConfig> {
  return parsePublished(await apiFetch<unknown>('/api/game-config'))
}

export const gameConfigQueryOptions = () => queryOptions({ queryKey: ['game-config'], queryFn: getGameConfig, staleTime: 60_000 })

export function usePublishedGameConfig() {
  return useQuery(gameConfigQueryOptions())
}
