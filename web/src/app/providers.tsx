import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { Toaster } from '@/components/ui/toaster'
import { booksQueryOptions } from '@/features/catalog/api/get-books'
import { categoriesQueryOptions } from '@/features/catalog/api/get-categories'
import type { Book, Category } from '@/features/catalog/types'
import { settingsQueryOptions, type Settings } from '@/lib/settings'

function newQueryClient(responses: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60 * 1000, retry: 1, refetchOnWindowFocus: false } } })
  // The catalogue and the settings as the server inlined them into the page: no first round trip.
  const books = responses['/api/books']
  const categories = responses['/api/categories']
  const settings = responses['/api/settings']
  if (Array.isArray(books)) client.setQueryData(booksQueryOptions().queryKey, books as Book[])
  if (Array.isArray(categories)) client.setQueryData(categoriesQueryOptions().queryKey, categories as Category[])
  if (settings && typeof settings === 'object') client.setQueryData(settingsQueryOptions().queryKey, settings as Settings)
  return client
}

/** Providers that need no router. Session and cart live in the root layout, inside the router. */
export function AppProviders({ responses, children }: { responses: Record<string, unknown>; children: ReactNode }) {
  const [queryClient] = useState(() => newQueryClient(responses))
  // The app has rendered or hydrated the page (end-to-end tests wait for this before they act).
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), [])
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
}
