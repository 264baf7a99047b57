import { apiHeaders } from '@/lib/api'
import { keptCacheName, keptCachePrefix, keptRecordPath } from './names'

/**
 * "Keep for offline": a storybook's answer, every page the family may read,
 * every picture and narration, and the family's library, put into the
 * storybook's own cache (names.ts), which the service worker reads from
 * when the network fails (src/sw/handlers.ts).
 */

/** What says a kept copy is whole, put last into its cache. */
export type KeptRecord = {
  slug: string
  title: string
  /** The storybook's version when kept (its version, else its ETag, else a digest of its answer). */
  version: string
  keptAt: string
  /** The bytes of everything kept. */
  bytes: number
  pages: number
}

/** How far a keep has come, page by page (a page counts once its picture and narration are in). */
export type KeepStep = { saved: number; total: number }

/** A keep that failed, with the message to show. */
export class KeepError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KeepError'
  }
}

/** The storybook's answer as the reader gets it (docs/storybooks.md), as far as keeping needs it. */
type StorybookAnswer = {
  title: string
  entitled: boolean
  version?: number | string
  map?: { id: string }[] | null
}

type PageAnswer = { picture?: string | null; narration?: string | null }

/** One file to keep: its URL and the response it came as. */
type Kept = { url: string; body: Blob; contentType: string }

/** Pages fetched at once: enough to fill a phone's connection, few enough not to crowd out the reader's own. */
const PARALLEL = 4

export function offlineSupported(): boolean {
  return typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator
}

export const storybookPath = (slug: string) => `/api/storybooks/${encodeURIComponent(slug)}`
const pagePath = (slug: string, id: string) => `${storybookPath(slug)}/pages/${encodeURIComponent(id)}`

/** The kept copy's record, or null when the storybook is not kept whole on this device. */
export async function keptRecord(slug: string): Promise<KeptRecord | null> {
  if (!offlineSupported()) return null
  const response = await caches.match(keptRecordPath, { cacheName: keptCacheName(slug) })
  return response ? ((await response.json()) as KeptRecord) : null
}

/** Keeps a storybook on this device, replacing a kept copy of an older version. */
export async function keepStorybook(slug: string, onStep: (step: KeepStep) => void = () => {}): Promise<KeptRecord> {
  const headers = await apiHeaders()
  const storybook = await download(storybookPath(slug), headers)
  const answer = JSON.parse(await storybook.body.text()) as StorybookAnswer
  if (!answer.entitled || !answer.map) throw new KeepError("This storybook isn't in your family's library, so it can't be kept on this device.")
  const ids = answer.map.map((page) => page.id)
  const files: Kept[] = [storybook]
  const media = new Set<string>()
  let saved = 0
  onStep({ saved, total: ids.length })
  await inParallel(ids, async (id) => {
    const page = await download(pagePath(slug, id), headers)
    files.push(page)
    for (const url of mediaOf(JSON.parse(await page.body.text()) as PageAnswer)) {
      if (media.has(url)) continue
      media.add(url)
      files.push(await download(url, {}))
    }
    onStep({ saved: ++saved, total: ids.length })
  })
  const library = await download('/api/library', headers).catch(() => null)
  if (library) files.push(library)
  const record: KeptRecord = {
    slug,
    title: answer.title,
    version: await versionOf(answer, storybook),
    keptAt: new Date().toISOString(),
    bytes: files.reduce((sum, file) => sum + file.body.size, 0),
    pages: ids.length,
  }
  await store(slug, files, record)
  await navigator.storage?.persist?.().catch(() => false) // so the browser does not clear it when space runs low
  return record
}

/** Runs work on every item, a few at a time; the first failure ends it. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker))
}

/** A page's picture and narration on this site (another site's files are not ours to keep). */
function mediaOf(page: PageAnswer): string[] {
  return [page.picture, page.narration].filter((url): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//'))
}

const offlineMessage = "We couldn't save the storybook: the internet connection stopped. Try again when you're back online."

/** Downloads one file from the network (the service worker's kept copy would not do: it may be the old version). */
async function download(url: string, headers: Record<string, string>): Promise<Kept & { etag: string | null }> {
  let response: Response
  try {
    response = await fetch(url, { headers, cache: 'no-cache' })
  } catch {
    throw new KeepError(offlineMessage)
  }
  if (response.status === 401 || response.status === 403) throw new KeepError('Sign in with the account that has this storybook to keep it on this device.')
  if (!response.ok) throw new KeepError(navigator.onLine ? "We couldn't save every page of the storybook. Please try again." : offlineMessage)
  return { url, body: await response.blob(), contentType: response.headers.get('Content-Type') ?? '', etag: response.headers.get('ETag') }
}

/** The storybook's version: the field when the answer has one, else its ETag, else a digest of the answer. */
async function versionOf(answer: StorybookAnswer, storybook: Kept & { etag: string | null }): Promise<string> {
  if (answer.version !== undefined) return String(answer.version)
  if (storybook.etag) return storybook.etag
  const digest = await crypto.subtle.digest('SHA-256', await storybook.body.arrayBuffer())
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Puts a whole new copy in the storybook's cache. The record goes first
 * (so a copy half replaced is never served as kept) and comes back last;
 * files of an older version that this one no longer has are deleted.
 */
async function store(slug: string, files: Kept[], record: KeptRecord): Promise<void> {
  const cache = await caches.open(keptCacheName(slug))
  try {
    await cache.delete(keptRecordPath)
    const urls = new Set(files.map((file) => new URL(file.url, location.href).href))
    for (const file of files) await cache.put(file.url, new Response(file.body, { headers: { 'Content-Type': file.contentType } }))
    for (const old of await cache.keys()) if (!urls.has(old.url)) await cache.delete(old)
    await cache.put(keptRecordPath, new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } }))
  } catch (error) {
    await caches.delete(keptCacheName(slug))
    if (error instanceof DOMException && error.name === 'QuotaExceededError') {
      throw new KeepError('This device has no room left for the storybook. Remove one you have finished to make space.')
    }
    throw new KeepError("We couldn't save the storybook on this device. Please try again.")
  }
}

/** Removes a kept storybook from this device. */
export async function removeKept(slug: string): Promise<void> {
  if (offlineSupported()) await caches.delete(keptCacheName(slug))
}

/** Removes every kept storybook: they are the family's, and stay with it when it signs out. */
export async function forgetKeptStorybooks(): Promise<void> {
  if (!offlineSupported()) return
  const names = (await caches.keys()).filter((name) => name.startsWith(keptCachePrefix))
  await Promise.all(names.map((name) => caches.delete(name)))
}

/**
 * Online, a kept storybook that has a new version is kept again, and one the
 * family no longer has is removed. Returns the record after that, or null.
 */
export async function refreshKept(slug: string, onStep?: (step: KeepStep) => void): Promise<KeptRecord | null> {
  const record = await keptRecord(slug)
  if (!record || !navigator.onLine) return record
  const headers = await apiHeaders()
  let latest: Kept & { etag: string | null }
  try {
    latest = await download(storybookPath(slug), headers)
  } catch {
    return record // offline after all, or the server is away: the kept copy stays
  }
  const answer = JSON.parse(await latest.body.text()) as StorybookAnswer
  if (!answer.entitled) {
    await removeKept(slug)
    return null
  }
  if ((await versionOf(answer, latest)) === record.version) return record
  return keepStorybook(slug, onStep)
}
