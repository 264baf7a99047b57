import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { StoryPage } from '../types'

/** The answers that say a page is not the caller's to read (anonymous, or without the edition). */
export const isBeyondPreview = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403)

/**
 * One page of a storybook. A preview page is the same for everyone (the
 * server renders the start page from this key); a page beyond it is the
 * family's, so it is kept under the user's key and dropped at sign-out.
 */
export const storyPageQueryOptions = (slug: string, id: string, preview: boolean, userId: string | null) =>
  queryOptions({
    queryKey: preview ? ['storybooks', slug, 'pages', id] : userKey('storybooks', userId ?? '', slug, 'pages', id),
    queryFn: () => apiFetch<StoryPage>(`/api/storybooks/${encodeURIComponent(slug)}/pages/${encodeURIComponent(id)}`),
    // A page's text changes only when the story is published again.
    staleTime: 30 * 60 * 1000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    retryOnMount: false,
  })
