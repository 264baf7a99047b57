import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import type { Article } from '../types'

export function getPost(id: number): Promise<Article> {
  return apiFetch<Article>(`/api/posts/${id}`)
}

export const postQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['posts', id],
    queryFn: () => getPost(id),
    // An unknown or unpublished post is a response, not a hiccup: no retry on 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
    // A 404 the server inlined into the page stays one: no second ask as the page hydrates.
    retryOnMount: false,
  })

/** One published post with its article. */
export function usePost(id: number) {
  return useQuery({ ...postQueryOptions(id), enabled: Number.isInteger(id) && id > 0 })
}
