import { keptCacheName, keptCachePrefix, keptRecordPath, slugOfApiPath, slugOfReadPath } from '@/lib/offline/names'

/**
 * What the service worker's routes do with a request (src/sw.ts), apart
 * from the worker's globals so a test can give them a Cache Storage and a
 * network of its own.
 */
export type Env = {
  caches: CacheStorage
  fetch: (request: Request) => Promise<Response>
}

// The kept copies were put there by the page without the request's
// Authorization header; the server may vary its answer by it.
const ignoreVary = { ignoreVary: true }

/** Whether a whole kept copy of a storybook is on this device (a keep that finished: keep.ts puts its record last). */
export async function isKept(env: Env, slug: string): Promise<boolean> {
  const record = await env.caches.match(keptRecordPath, { cacheName: keptCacheName(slug) })
  return record !== undefined
}

/** Whether any storybook is kept (the library can open offline). */
export async function anyKept(env: Env): Promise<boolean> {
  for (const name of await keptCacheNames(env)) {
    if (await env.caches.match(keptRecordPath, { cacheName: name })) return true
  }
  return false
}

async function keptCacheNames(env: Env): Promise<string[]> {
  return (await env.caches.keys()).filter((name) => name.startsWith(keptCachePrefix))
}

/** The kept copy of a request: in its storybook's cache when the path names one, else in any. */
export async function findKept(env: Env, request: Request): Promise<Response | undefined> {
  const slug = slugOfApiPath(new URL(request.url).pathname)
  const names = slug ? [keptCacheName(slug)] : await keptCacheNames(env)
  for (const cacheName of names) {
    const hit = await env.caches.match(request, { ...ignoreVary, cacheName })
    if (hit) return hit
  }
  return undefined
}

/**
 * The reading API and a story's pictures: the network's answer whenever
 * there is one (a storybook published again shows at once), the kept copy
 * when the network fails. Nothing is written here: only "Keep for offline"
 * fills a storybook's cache, so no family's page is kept unasked.
 */
export async function networkThenKept(env: Env, request: Request): Promise<Response> {
  try {
    return await env.fetch(request)
  } catch (error) {
    const kept = await findKept(env, request)
    if (kept) return kept
    if (new URL(request.url).pathname.startsWith('/api/')) return offlineAnswer()
    throw error
  }
}

/**
 * Narration and pictures under a content-hash URL never change: the kept
 * copy is used even online (no download while a child reads a kept book).
 */
export async function keptThenNetwork(env: Env, request: Request): Promise<Response> {
  return (await findKept(env, request)) ?? env.fetch(request)
}

/** The API's error shape (lib/api reads its message), for a page asked for offline that is not kept. */
export function offlineAnswer(): Response {
  const message = "You're offline, and this page isn't saved on this device. Connect to the internet to read on."
  return new Response(JSON.stringify({ error: { code: 'offline', message } }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  })
}

/** Whether a navigation is to a page that can open offline: a storybook's reader, or the library. */
export function isOfflinePage(pathname: string): boolean {
  return slugOfReadPath(pathname) !== null || pathname === '/library' || pathname === '/library/'
}

/**
 * A navigation to the reader or the library: the server's page (rendered
 * with the newest data) whenever the network answers; offline, the app's
 * own page (shell), which then reads the storybook from its kept copy, but
 * only when there is one: otherwise the browser's own offline page, as
 * without a service worker.
 */
export async function pageOrShell(env: Env, request: Request, shell: () => Promise<Response | undefined>): Promise<Response> {
  try {
    return await env.fetch(request)
  } catch (error) {
    const pathname = new URL(request.url).pathname
    const slug = slugOfReadPath(pathname)
    const kept = slug ? await isKept(env, slug) : await anyKept(env)
    const page = kept ? await shell() : undefined
    if (page) return page
    throw error
  }
}
