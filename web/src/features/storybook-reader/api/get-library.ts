import { queryOptions, useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { Library } from '../types'

/** The family's library: its storybooks and the files of its digital formats (GET /api/library). */
export const libraryQueryOptions = () =>
  queryOptions({
    queryKey: userKey('library'),
    queryFn: async (): Promise<Library> => {
      const answer = await apiFetch<Partial<Library>>('/api/library')
      // A shop from before digital formats sends storybooks alone.
      return { storybooks: answer.storybooks ?? [], files: answer.files ?? [] }
    },
  })

/** GET /api/library/downloads/{purchaseId}/{fileId}: a short-lived link to the file, which counts a download when it starts. */
export function getDownloadLink(purchaseId: string, fileId: string): Promise<{ url: string; downloadsLeft?: number }> {
  return apiFetch(`/api/library/downloads/${encodeURIComponent(purchaseId)}/${encodeURIComponent(fileId)}`)
}

export function useDownloadLink() {
  return useMutation({ mutationFn: ({ purchaseId, fileId }: { purchaseId: string; fileId: string }) => getDownloadLink(purchaseId, fileId) })
}
