import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { Toaster } from '@/components/ui/toaster'
import { postQueryOptions } from '@/features/blog/api/get-post'
import { postsQueryOptions } from '@/features/blog/api/get-posts'
import type { PostSummary } from '@/features/blog/types'
import { bookQueryOptions } from '@/features/catalog/api/get-book'
import { categoriesQueryOptions } from '@/features/catalog/api/get-categories'
import { searchQueryKey } from '@/features/catalog/api/search-books'
import { ApiError } from '@/lib/api'
import { storyPageQueryOptions } from '@/features/storybook-reader/api/get-page'
import { storybookQueryOptions } from '@/features/storybook-reader/api/get-storybook'
import { startOffline } from '@/lib/offline/start'
import { settingsQueryOptions } from '@/lib/settings'
import { shippingQueryOptions } from '@/lib/shipping'
import { userKey } from '@/lib/user-data'

/**
 * The query each response the server inlines into a page answers, by the
 * response's path (internal/server/pages.go lists a page's), and the data
 * that query holds. A search's path is its key (search-books.ts).
 */
const seeds: [path: RegExp, seed: (match: RegExpExecArray, body: unknown) => [QueryKey, unknown]][] = [
  [/^\/api\/settings$/, (_, body) => [settingsQueryOptions().queryKey, body]],
  [/^\/api\/shipping$/, (_, body) => [shippingQueryOptions().queryKey, body]],
  [/^\/api\/categories$/, (_, body) => [categoriesQueryOptions().queryKey, body]],
  [/^\/api\/books\/(\d+)$/, ([, id], body) => [bookQueryOptions(Number(id)).queryKey, body]],
  [/^\/api\/books\?.*$/, ([path], body) => [searchQueryKey(path), body]],
  [/^\/api\/posts$/, (_, body) => [postsQueryOptions().queryKey, (body as { posts: PostSummary[] }).posts]],
  [/^\/api\/posts\/(\d+)$/, ([, id], body) => [postQueryOptions(Number(id)).queryKey, body]],
  // A storybook and its preview pages, the same for everyone (features/storybook-reader/api).
  [/^\/api\/storybooks\/([^/]+)$/, ([, slug], body) => [storybookQueryOptions(decodeURIComponent(slug)).queryKey, body]],
  [/^\/api\/storybooks\/([^/]+)\/pages\/([^/]+)$/, ([, slug, id], body) => [storyPageQueryOptions(decodeURIComponent(slug), decodeURIComponent(id), true, null).queryKey, body]],
]

/**
 * A client holding the responses the server inlined into the page, so the
 * first render, which hydrates the server's HTML, renders the same and asks
 * for nothing. A null is a 404 there (an archived book): the query starts
 * failed with it, as the page was rendered.
 */
function newQueryClient(responses: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60 * 1000, retry: 1, refetchOnWindowFocus: false } } })
  for (const [path, body] of Object.entries(responses)) {
    for (const [pattern, seed] of seeds) {
      const match = pattern.exec(path)
      if (!match) continue
      if (body === null) {
        const [queryKey] = seed(match, undefined)
        const error = new ApiError(404, 'not_found', 'Not found.')
        client.getQueryCache().build(client, { queryKey }).setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchFailureCount: 1, fetchFailureReason: error })
      } else {
        client.setQueryData(...seed(match, body))
      }
      break
    }
  }
  return client
}

/** Providers that need no router. Session and cart live in the root layout, inside the router. */
export function AppProviders({ responses, children }: { responses: Record<string, unknown>; children: ReactNode }) {
  const [queryClient] = useState(() => newQueryClient(responses))
  // The app has rendered or hydrated the page (end-to-end tests wait for this before they act).
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), [])
  // The offline reader: the service worker, and progress made offline sent (then the library's answers are read again).
  useEffect(() => startOffline(() => void queryClient.invalidateQueries({ queryKey: userKey('library') })), [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
}
