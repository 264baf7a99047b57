/**
 * Where a storybook kept for offline lives, shared by the page that keeps it
 * (keep.ts) and the service worker that reads from it (src/sw/). Each
 * storybook has a Cache Storage cache of its own, so removing one, or all
 * at sign-out, is deleting caches, and nothing else is ever in them.
 */
export const keptCachePrefix = 'storybook-'

export const keptCacheName = (slug: string) => keptCachePrefix + slug

/**
 * The record that says a kept copy is whole (its version, size, when): put
 * last, so a cache without it is a keep that did not finish, never served
 * as kept. The path is no route of the server's.
 */
export const keptRecordPath = '/offline/kept.json'

/** The storybook a reading API path is about: /api/storybooks/{slug} and /api/storybooks/{slug}/pages/{id}. */
export function slugOfApiPath(pathname: string): string | null {
  const match = /^\/api\/storybooks\/([^/]+)(?:\/pages\/[^/]+)?$/.exec(pathname)
  return match ? decodeURIComponent(match[1]) : null
}

/** The storybook a reader's page is about: /read/{slug}. */
export function slugOfReadPath(pathname: string): string | null {
  const match = /^\/read\/([^/]+)\/?$/.exec(pathname)
  return match ? decodeURIComponent(match[1]) : null
}
