import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { flushProgress, forgetQueuedProgress, mergeProgress, queuedProgress, saveProgress, withQueuedProgress, type ProgressUpdate, type PutProgress } from './progress-queue'

// IndexedDB as idb-keyval's one store, in memory (Node has none).
const db = vi.hoisted(() => new Map<string, unknown>())
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => structuredClone(db.get(key)),
  set: async (key: string, value: unknown) => void db.set(key, structuredClone(value)),
  del: async (key: string) => void db.delete(key),
  entries: async () => [...db.entries()],
  clear: async () => db.clear(),
}))

const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`
const update = (page: string, minute: number, visited: string[], endings: string[] = []): ProgressUpdate => ({ page, updatedAt: at(minute), visited, endings })
const offline = () => Promise.reject(new TypeError('Failed to fetch'))

let online = true
let put: ReturnType<typeof vi.fn<PutProgress>>

beforeEach(() => {
  db.clear()
  online = true
  const storage = new Map<string, string>()
  vi.stubGlobal('navigator', { get onLine() { return online } })
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  })
  put = vi.fn<PutProgress>(async (_id, reader, u) => ({ reader, ...u }))
})

describe('mergeProgress', () => {
  it('keeps the union of pages and endings, and the newer page', () => {
    expect(mergeProgress(update('p5', 2, ['start', 'p2', 'p5'], ['e1']), update('p3', 1, ['start', 'p3'], ['e2']))).toEqual(
      update('p5', 2, ['start', 'p2', 'p5', 'p3'], ['e1', 'e2']),
    )
    expect(mergeProgress(update('p3', 1, ['p3']), update('p5', 2, ['p5'])).page).toBe('p5')
  })

  it("takes any progress over the server's answer for a reader who has not started", () => {
    // The server's answer then has updatedAt: null (docs/storybooks.md).
    const notStarted = { page: 'start', visited: [], endings: [], updatedAt: null as unknown as string }
    expect(mergeProgress(notStarted, update('p5', 2, ['start', 'p5']))).toEqual(update('p5', 2, ['start', 'p5']))
  })
})

describe('saveProgress', () => {
  it('online, sends it and answers the server', async () => {
    put.mockResolvedValueOnce({ reader: 'me', ...update('p2', 1, ['start', 'p2', 'from-another-phone']) })
    const saved = await saveProgress('u1', 7, 'me', update('p2', 1, ['start', 'p2']), put)
    expect(put).toHaveBeenCalledWith(7, 'me', update('p2', 1, ['start', 'p2']))
    expect(saved.visited).toContain('from-another-phone')
    expect(await queuedProgress('u1', 7, 'me')).toBeUndefined()
  })

  it('offline, queues it without trying, merged with what waits', async () => {
    online = false
    await saveProgress('u1', 7, 'kid-1', update('p2', 1, ['start', 'p2']), put)
    const saved = await saveProgress('u1', 7, 'kid-1', update('end-a', 2, ['start', 'p2', 'end-a'], ['end-a']), put)
    expect(put).not.toHaveBeenCalled()
    expect(saved).toEqual({ reader: 'kid-1', ...update('end-a', 2, ['start', 'p2', 'end-a'], ['end-a']) })
    expect(await queuedProgress('u1', 7, 'kid-1')).toEqual(update('end-a', 2, ['start', 'p2', 'end-a'], ['end-a']))
  })

  it('queues it when the network fails though the browser thinks it is online', async () => {
    put.mockImplementationOnce(offline)
    await saveProgress('u1', 7, 'me', update('p2', 1, ['p2']), put)
    expect(await queuedProgress('u1', 7, 'me')).toEqual(update('p2', 1, ['p2']))
  })

  it('passes on a refusal, which no retry would change', async () => {
    put.mockRejectedValueOnce(new ApiError(403, 'forbidden', 'No.'))
    await expect(saveProgress('u1', 7, 'me', update('p2', 1, ['p2']), put)).rejects.toThrow('No.')
    expect(await queuedProgress('u1', 7, 'me')).toBeUndefined()
  })
})

describe('flushProgress', () => {
  beforeEach(async () => {
    online = false
    await saveProgress('u1', 7, 'kid-1', update('end-a', 2, ['start', 'end-a'], ['end-a']), put)
    await saveProgress('u1', 8, 'me', update('p2', 3, ['p2']), put)
    await saveProgress('u2', 7, 'me', update('p4', 4, ['p4']), put)
    online = true
  })

  it("sends the user's queue and empties it, never another account's", async () => {
    expect(await flushProgress('u1', put)).toBe(2)
    expect(put.mock.calls).toEqual([
      [7, 'kid-1', update('end-a', 2, ['start', 'end-a'], ['end-a'])],
      [8, 'me', update('p2', 3, ['p2'])],
    ])
    expect(await queuedProgress('u1', 7, 'kid-1')).toBeUndefined()
    expect(await queuedProgress('u2', 7, 'me')).toEqual(update('p4', 4, ['p4']))
  })

  it('stops at the first that cannot reach the server, keeping the rest', async () => {
    put.mockImplementationOnce(offline)
    expect(await flushProgress('u1', put)).toBe(0)
    expect(put).toHaveBeenCalledTimes(1)
    expect(await queuedProgress('u1', 7, 'kid-1')).toBeDefined()
  })

  it('keeps an entry whose session must be refreshed first, and drops one refused for good', async () => {
    put.mockRejectedValueOnce(new ApiError(404, 'not_found', 'Gone.'))
    expect(await flushProgress('u1', put)).toBe(1)
    expect(await queuedProgress('u1', 7, 'kid-1')).toBeUndefined()
    await saveProgress('u1', 9, 'me', update('p1', 5, ['p1']), vi.fn<PutProgress>(offline))
    put.mockRejectedValue(new ApiError(401, 'unauthorized', 'Sign in.'))
    await flushProgress('u1', put)
    expect(await queuedProgress('u1', 9, 'me')).toBeDefined()
  })

  it('forgets everything at sign-out', async () => {
    await forgetQueuedProgress()
    expect(db.size).toBe(0)
    expect(await flushProgress('u1', put)).toBe(0)
    expect(put).not.toHaveBeenCalled()
  })
})

describe('withQueuedProgress', () => {
  const server = update('p3', 1, ['start', 'p3'])

  it("is the server's answer when nothing waits", async () => {
    expect(await withQueuedProgress('u1', 7, 'me', async () => ({ reader: 'me', ...server }))).toEqual({ reader: 'me', ...server })
  })

  it('merges in what waits here, and offline is what waits alone', async () => {
    online = false
    await saveProgress('u1', 7, 'me', update('end-b', 2, ['start', 'p4', 'end-b'], ['end-b']), put)
    expect(await withQueuedProgress('u1', 7, 'me', async () => ({ reader: 'me', ...server }))).toEqual({
      reader: 'me',
      ...update('end-b', 2, ['start', 'p3', 'p4', 'end-b'], ['end-b']),
    })
    expect((await withQueuedProgress('u1', 7, 'me', offline)).endings).toEqual(['end-b'])
    // Nothing on the server yet: the reader started offline.
    const none = () => Promise.reject(new ApiError(404, 'not_found', 'No progress.'))
    expect((await withQueuedProgress('u1', 7, 'me', none)).page).toBe('end-b')
  })

  it('fails as the server did when nothing waits', async () => {
    await expect(withQueuedProgress('u1', 7, 'me', offline)).rejects.toThrow('Failed to fetch')
  })
})
