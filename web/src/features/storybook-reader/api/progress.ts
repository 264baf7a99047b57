import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { Progress, ReaderId } from '../types'

const progressPath = (storybookId: number, reader: ReaderId) => `/api/library/${storybookId}/progress?reader=${encodeURIComponent(reader)}`

/** Where one reader of the family stopped in a storybook, and the endings they found. */
export const progressQueryOptions = (storybookId: number, reader: ReaderId) =>
  queryOptions({
    queryKey: userKey('library', storybookId, 'progress', reader),
    queryFn: () => apiFetch<Progress>(progressPath(storybookId, reader)),
  })

export type ProgressUpdate = Omit<Progress, 'reader'>

/**
 * Saves a reader's progress after a page turn. The server merges it with
 * what it has (visited pages and endings are unions), and its answer is
 * the progress from then on.
 */
export function useSaveProgress(storybookId: number, reader: ReaderId) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (update: ProgressUpdate) => apiFetch<Progress>(progressPath(storybookId, reader), { method: 'PUT', json: update }),
    onSuccess: (saved) => client.setQueryData(progressQueryOptions(storybookId, reader).queryKey, saved),
  })
}
