import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import type { Book } from '../types'

export function getBook(id: number): Promise<Book> {
  return apiFetch<Book>(`/api/books/${id}`)
}

export const bookQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['books', id],
    queryFn: () => getBook(id),
    // An unknown book is a response, not a hiccup: no retry on 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  })

/** One book; seeded from the list when it is already cached, so the page shows at once. */
export function useBook(id: number) {
  const queryClient = useQueryClient()
  return useQuery({
    ...bookQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    initialData: () => queryClient.getQueryData<Book[]>(['books'])?.find((b) => b.id === id),
  })
}
