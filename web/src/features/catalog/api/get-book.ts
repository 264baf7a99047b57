import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import type { Book } from '../types'
import type { BookPage } from './search-books'

export function getBook(id: number): Promise<Book> {
  return apiFetch<Book>(`/api/books/${id}`)
}

export const bookQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['books', id],
    queryFn: () => getBook(id),
    // An unknown book is a response, not a hiccup: no retry on 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
    // A 404 the server inlined into the page stays one: no second ask as the page hydrates.
    retryOnMount: false,
  })

/** One book; seeded from a search that already holds it (a card just tapped), so the page shows at once. */
export function useBook(id: number) {
  const queryClient = useQueryClient()
  return useQuery({
    ...bookQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    initialData: () => cachedBook(queryClient, id),
  })
}

function cachedBook(queryClient: QueryClient, id: number): Book | undefined {
  for (const [, page] of queryClient.getQueriesData<BookPage>({ queryKey: ['books', 'search'] })) {
    const found = page?.books.find((b) => b.id === id)
    if (found) return found
  }
  return undefined
}
