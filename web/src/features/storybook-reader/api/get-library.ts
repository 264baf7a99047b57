import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { LibraryBook } from '../types'

/** The family's storybooks. */
export const libraryQueryOptions = () =>
  queryOptions({
    queryKey: userKey('library'),
    queryFn: async () => (await apiFetch<{ storybooks: LibraryBook[] }>('/api/library')).storybooks,
  })
