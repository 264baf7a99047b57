import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { Storybook } from '../types'

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404

function getStorybook(slug: string, asVisitor = false): Promise<Storybook> {
  return apiFetch<Storybook>(`/api/storybooks/${encodeURIComponent(slug)}`, { anonymous: asVisitor })
}

/**
 * A storybook as a visitor sees it: the same for everyone, so the server
 * renders /read/{slug} from it (app/providers.tsx seeds this key).
 */
export const storybookQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['storybooks', slug],
    // Asked without the token: a family's answer (entitled, the map) must
    // not stay under this key after they sign out.
    queryFn: () => getStorybook(slug, true),
    retry: (count, error) => !notFound(error) && count < 1,
    // A 404 the server inlined into the page stays one: no second ask as the page hydrates.
    retryOnMount: false,
  })

/** The same storybook as a signed-in family sees it: whether they have the edition, and its map. */
export const familyStorybookQueryOptions = (slug: string, userId: string) =>
  queryOptions({
    queryKey: userKey('storybooks', userId, slug),
    queryFn: () => getStorybook(slug),
    retry: (count, error) => !notFound(error) && count < 1,
  })

/**
 * The storybook for whoever is here: the visitor's answer first (rendered by
 * the server, and all a signed-out visitor gets), then the family's.
 */
export function useStorybook(slug: string, userId: string | null, enabled = true) {
  const visitor = useQuery({ ...storybookQueryOptions(slug), enabled })
  const family = useQuery({ ...familyStorybookQueryOptions(slug, userId ?? ''), enabled: enabled && userId !== null, placeholderData: visitor.data })
  return userId !== null && (family.data || family.isError) ? family : visitor
}
