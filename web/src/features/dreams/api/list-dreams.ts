import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { Dream } from '../types'

/** How many dreams one page of My Dreams shows before 'Load more'. */
export const DREAMS_PAGE_SIZE = 20

/** Every list of the parent's dreams (each child's pages) lives under this key. */
export const dreamsKey = userKey('dreams')

/** One page of GET /api/dreams: newest first, and the cursor of the next (older) page, null after the last. */
export type DreamsPage = { dreams: Dream[]; nextCursor: string | null }

/** A child's saved dreams, newest first, a page at a time (GET /api/dreams?kid_id=&limit=&before=). */
export const kidDreamsQueryOptions = (kidId: string) =>
  infiniteQueryOptions({
    queryKey: [...dreamsKey, kidId],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ kid_id: kidId, limit: String(DREAMS_PAGE_SIZE) })
      if (pageParam) query.set('before', pageParam)
      return apiFetch<DreamsPage>(`/api/dreams?${query}`)
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })

export function useKidDreams(kidId: string) {
  return useInfiniteQuery(kidDreamsQueryOptions(kidId))
}
