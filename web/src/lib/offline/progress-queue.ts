import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import { ApiError, apiFetch } from '@/lib/api'
import { loadAuthClient } from '@/lib/auth-client-loader'
import { mayHaveSession } from '@/lib/auth-storage'
import { QUEUED_FLAG } from './queued-flag'

/**
 * A reader's progress made offline waits on this device (IndexedDB) until
 * it can reach the server: at the next `online` event or the next start of
 * the app online. The server merges what arrives late (visited pages and
 * endings are unions, the page is the newer updatedAt's), and so do the
 * entries here, so a queue holds one entry per family member and storybook.
 */

/** What PUT /api/library/{storybookId}/progress takes (docs/storybooks.md). */
export type ProgressUpdate = { page: string; visited: string[]; endings: string[]; updatedAt: string }

/** What it answers: the merged progress. */
export type SavedProgress = ProgressUpdate & { reader: string }

type Queued = { userId: string; storybookId: number; reader: string; update: ProgressUpdate }

export type PutProgress = (storybookId: number, reader: string, update: ProgressUpdate) => Promise<SavedProgress>

let db: UseStore | undefined
const store = () => (db ??= createStore('siso-offline', 'progress'))
const keyOf = (userId: string, storybookId: number, reader: string) => `${userId}/${storybookId}/${reader}`

export const progressPath = (storybookId: number, reader: string) => `/api/library/${storybookId}/progress?reader=${encodeURIComponent(reader)}`

const putProgress: PutProgress = (storybookId, reader, update) => apiFetch<SavedProgress>(progressPath(storybookId, reader), { method: 'PUT', json: update })

/** When progress was made; a reader who has not started has none (the server's updatedAt: null). */
const madeAt = (p: ProgressUpdate) => (p.updatedAt ? Date.parse(p.updatedAt) : Number.NEGATIVE_INFINITY)

/** The two merged as the server merges them. */
export function mergeProgress(a: ProgressUpdate, b: ProgressUpdate): ProgressUpdate {
  const newer = madeAt(b) > madeAt(a) ? b : a
  return { page: newer.page, updatedAt: newer.updatedAt, visited: union(a.visited, b.visited), endings: union(a.endings, b.endings) }
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])]

/** A failure that means the server was not reached: worth trying again later, unlike a refusal. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true // fetch's "Failed to fetch"
  return error instanceof ApiError && (error.status === 503 || error.status === 502 || error.status === 504 || error.status === 408)
}

/** A failure to send again later: the server away or busy, or a session to refresh first. */
const worthRetrying = (error: unknown) =>
  isUnreachable(error) || (error instanceof ApiError && (error.status === 401 || error.status === 429 || error.status >= 500))

/**
 * Saves progress: to the server when it can be reached, else into the queue.
 * Answers the progress as it stands now (the server's merge, or this
 * device's, with what was already queued).
 */
export async function saveProgress(userId: string, storybookId: number, reader: string, update: ProgressUpdate, put: PutProgress = putProgress): Promise<SavedProgress> {
  if (navigator.onLine) {
    try {
      return await put(storybookId, reader, update)
    } catch (error) {
      if (!isUnreachable(error)) throw error
    }
  }
  return { reader, ...(await queueProgress({ userId, storybookId, reader, update })) }
}

/** Adds progress to the queue, merged with what waits there already; answers the merge. */
export async function queueProgress(entry: Queued): Promise<ProgressUpdate> {
  const key = keyOf(entry.userId, entry.storybookId, entry.reader)
  const waiting = await get<Queued>(key, store())
  const update = waiting ? mergeProgress(waiting.update, entry.update) : entry.update
  await set(key, { ...entry, update }, store())
  localStorage.setItem(QUEUED_FLAG, '1')
  return update
}

/** The progress waiting on this device for one reader, if any. */
export async function queuedProgress(userId: string, storybookId: number, reader: string): Promise<ProgressUpdate | undefined> {
  if (localStorage.getItem(QUEUED_FLAG) === null) return undefined
  return (await get<Queued>(keyOf(userId, storybookId, reader), store()))?.update
}

/**
 * A reader's progress as this device knows it: the server's answer with
 * what still waits here merged in (so the endings found offline show before
 * they are sent); when the server cannot be reached, what waits here alone.
 */
export async function withQueuedProgress(userId: string, storybookId: number, reader: string, fromServer: () => Promise<SavedProgress>): Promise<SavedProgress> {
  const waiting = await queuedProgress(userId, storybookId, reader).catch(() => undefined)
  try {
    const saved = await fromServer()
    return waiting ? { reader, ...mergeProgress(saved, waiting) } : saved
  } catch (error) {
    // Offline, or nothing on the server yet (404: a reader who started offline).
    if (waiting && (isUnreachable(error) || (error instanceof ApiError && error.status === 404))) return { reader, ...waiting }
    throw error
  }
}

/**
 * Sends the user's queued progress. An entry the server took, or refused
 * for good (the storybook or the child is gone), leaves the queue; the
 * first that cannot reach the server stops the sending until next time.
 * Answers how many were sent.
 */
export async function flushProgress(userId: string, put: PutProgress = putProgress): Promise<number> {
  if (localStorage.getItem(QUEUED_FLAG) === null) return 0
  let sent = 0
  for (const [key, entry] of await entries<string, Queued>(store())) {
    if (entry.userId !== userId) continue // another account's, never sent with this one's session
    try {
      await put(entry.storybookId, entry.reader, entry.update)
      sent++
    } catch (error) {
      if (worthRetrying(error)) return sent
    }
    // Unless more progress was queued while this was on its way.
    const now = await get<Queued>(String(key), store())
    if (now && JSON.stringify(now.update) === JSON.stringify(entry.update)) await del(String(key), store())
  }
  if ((await entries(store())).length === 0) localStorage.removeItem(QUEUED_FLAG)
  return sent
}

/** Empties the queue: at sign-out, after what could be sent was sent (the progress is the family's). */
export async function forgetQueuedProgress(): Promise<void> {
  if (localStorage.getItem(QUEUED_FLAG) === null) return
  await clear(store())
  localStorage.removeItem(QUEUED_FLAG)
}

/** The signed-in user's id, when there is a session on this device. */
async function currentUserId(): Promise<string | null> {
  if (!mayHaveSession()) return null
  const { authClient } = await loadAuthClient()
  // Refreshed first when it ran out offline: this runs when the network returns.
  return (await authClient.currentSession())?.user.id ?? null
}

/** Sends what the signed-in user queued, if anything; answers how many were sent. */
export async function flushForCurrentUser(): Promise<number> {
  if (localStorage.getItem(QUEUED_FLAG) === null) return 0
  const userId = await currentUserId()
  return userId ? flushProgress(userId) : 0
}

/** Sends the queue now when online, and whenever the network comes back; synced hears of what was sent. */
export function startProgressSync(synced: () => void): () => void {
  let running: Promise<void> | null = null
  const flush = () => {
    running ??= flushForCurrentUser()
      .then((sent) => (sent > 0 ? synced() : undefined))
      .catch(() => undefined) // tried again at the next start or `online`
      .finally(() => (running = null))
  }
  window.addEventListener('online', flush)
  if (navigator.onLine) flush()
  return () => window.removeEventListener('online', flush)
}
