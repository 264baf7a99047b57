import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { progressPath, saveProgress, withQueuedProgress, type ProgressUpdate } from '@/lib/offline/progress-queue'
import { userKey } from '@/lib/user-data'
import type { Progress, ReaderId } from '../types'

/**
 * Where one reader of the family stopped in a storybook, and the endings
 * they found: the server's answer with what was read offline and still
 * waits on this device merged in (lib/offline).
 */
export const progressQueryOptions = (userId: string, storybookId: number, reader: ReaderId) =>
  queryOptions({
    queryKey: userKey('library', storybookId, 'progress', reader),
    queryFn: (): Promise<Progress> => withQueuedProgress(userId, storybookId, reader, () => apiFetch(progressPath(storybookId, reader))),
  })

/**
 * Saves a reader's progress after a page turn: to the server, which merges
 * it with what it has (visited pages and endings are unions), or, with the
 * network away, into the queue lib/offline sends when it returns. Its
 * answer is the progress from then on.
 */
export function useSaveProgress(userId: string, storybookId: number, reader: ReaderId) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (update: ProgressUpdate) => saveProgress(userId, storybookId, reader, update),
    onSuccess: (saved) => client.setQueryData(progressQueryOptions(userId, storybookId, reader).queryKey, saved),
  })
}
