import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Dream, NewDream } from '../types'
import { dreamsQueryOptions } from './list-dreams'

/** The page shows 'Creating Dream...' for at least this long (spec 02 §9). */
export const CREATING_MS = 1500

export async function createDream(input: NewDream): Promise<Dream> {
  const [dream] = await Promise.all([
    apiFetch<Dream>('/api/dreams', { method: 'POST', json: input }),
    new Promise((resolve) => setTimeout(resolve, CREATING_MS)),
  ])
  return dream
}

export function useCreateDream() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dreamsQueryOptions.queryKey }),
  })
}
