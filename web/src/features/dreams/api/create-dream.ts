import { useMutation, useQueryClient } from '@tanstack/react-query'
import { idempotentPost } from '@/lib/idempotency'
import type { Dream, NewDream } from '../types'
import { dreamsKey } from './list-dreams'

/** The page shows 'Creating Dream...' for at least this long (spec 02 §9). */
export const CREATING_MS = 1500

// One Idempotency-Key per submission: a double click or a retry of the same
// story gets the first dream back instead of making a second.
const postDream = idempotentPost<Dream>('/api/dreams')

export async function createDream(input: NewDream): Promise<Dream> {
  const [dream] = await Promise.all([postDream(input), new Promise((resolve) => setTimeout(resolve, CREATING_MS))])
  return dream
}

export function useCreateDream() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dreamsKey }),
  })
}
