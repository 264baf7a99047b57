import { beforeEach, describe, expect, it, vi } from 'vitest'
import { keptRecordPath } from '@/lib/offline/names'
import { asCacheStorage, FakeCacheStorage, origin } from '@/testing/fake-caches'
import { isOfflinePage, keptThenNetwork, networkThenKept, pageOrShell, type Env } from './handlers'

const request = (path: string, init?: RequestInit) => new Request(origin + path, init)
const offline = () => Promise.reject(new TypeError('Failed to fetch'))

let fake: FakeCacheStorage
let env: Env
let network: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>

/** A whole kept copy of a storybook: its files and, last, its record. */
async function keep(slug: string, files: Record<string, string>, whole = true) {
  const cache = await fake.open(`storybook-${slug}`)
  for (const [path, body] of Object.entries(files)) await cache.put(path, new Response(body))
  if (whole) await cache.put(keptRecordPath, new Response(JSON.stringify({ slug })))
}

beforeEach(() => {
  fake = new FakeCacheStorage()
  network = vi.fn((r: Request) => Promise.resolve(new Response(`network ${new URL(r.url).pathname}`)))
  env = { caches: asCacheStorage(fake), fetch: network }
})

describe('the reading API and story files: network, then the kept copy', () => {
  it('answers from the network while there is one, and keeps nothing of it', async () => {
    await keep('moon', { '/api/storybooks/moon': 'kept' })
    const answer = await networkThenKept(env, request('/api/storybooks/moon/pages/p2'))
    expect(await answer.text()).toBe('network /api/storybooks/moon/pages/p2')
    expect(fake.paths('storybook-moon')).toEqual(['/api/storybooks/moon', keptRecordPath])
  })

  it("offline, answers the storybook's kept page, whoever's token asks", async () => {
    await keep('moon', { '/api/storybooks/moon/pages/p2': 'kept p2' })
    network.mockImplementation(offline)
    const answer = await networkThenKept(env, request('/api/storybooks/moon/pages/p2', { headers: { Authorization: 'Bearer x' } }))
    expect(await answer.text()).toBe('kept p2')
  })

  it("looks for a page only in its own storybook's copy", async () => {
    await keep('sun', { '/api/storybooks/moon/pages/p2': 'misplaced' })
    network.mockImplementation(offline)
    const answer = await networkThenKept(env, request('/api/storybooks/moon/pages/p2'))
    expect(answer.status).toBe(503)
  })

  it('offline and not kept, an API answer says so in the API error shape', async () => {
    network.mockImplementation(offline)
    const answer = await networkThenKept(env, request('/api/storybooks/moon'))
    expect(answer.status).toBe(503)
    expect((await answer.json()).error).toEqual({ code: 'offline', message: expect.stringContaining("isn't saved on this device") })
  })

  it("offline, the library's list and a shipped story's picture come from any kept copy", async () => {
    await keep('moon', { '/api/library': 'the library', '/storybooks/moon/scene-1.svg': '<svg/>' })
    network.mockImplementation(offline)
    expect(await (await networkThenKept(env, request('/api/library'))).text()).toBe('the library')
    expect(await (await networkThenKept(env, request('/storybooks/moon/scene-1.svg'))).text()).toBe('<svg/>')
  })

  it('offline, a picture that is not kept fails as the network did', async () => {
    network.mockImplementation(offline)
    await expect(networkThenKept(env, request('/storybooks/moon/scene-9.svg'))).rejects.toThrow('Failed to fetch')
  })
})

describe('content-hash media: the kept copy, then the network', () => {
  it('uses the kept copy without asking the network', async () => {
    await keep('moon', { '/storybooks/media/ab12.mp3': 'kept audio' })
    expect(await (await keptThenNetwork(env, request('/storybooks/media/ab12.mp3'))).text()).toBe('kept audio')
    expect(network).not.toHaveBeenCalled()
  })

  it('asks the network for what is not kept', async () => {
    expect(await (await keptThenNetwork(env, request('/storybooks/media/cd34.webp'))).text()).toBe('network /storybooks/media/cd34.webp')
  })
})

describe('the reader and the library: the server page, or offline the app for a kept storybook', () => {
  const shell = () => Promise.resolve(new Response('the app'))

  it('are the only pages the worker answers', () => {
    expect(['/read/moon', '/read/moon/', '/library'].every(isOfflinePage)).toBe(true)
    expect(['/', '/books/3', '/read', '/read/moon/extra', '/library/x', '/admin'].some(isOfflinePage)).toBe(false)
  })

  it("online, is the server's page", async () => {
    await keep('moon', {})
    expect(await (await pageOrShell(env, request('/read/moon'), shell)).text()).toBe('network /read/moon')
  })

  it('offline, is the app for a kept storybook and the library', async () => {
    await keep('moon', {})
    network.mockImplementation(offline)
    expect(await (await pageOrShell(env, request('/read/moon'), shell)).text()).toBe('the app')
    expect(await (await pageOrShell(env, request('/library'), shell)).text()).toBe('the app')
  })

  it("offline, is the browser's own offline page for a storybook not kept, or kept only in part", async () => {
    await keep('moon', { '/api/storybooks/moon': 'half' }, false)
    network.mockImplementation(offline)
    await expect(pageOrShell(env, request('/read/moon'), shell)).rejects.toThrow()
    await expect(pageOrShell(env, request('/read/sun'), shell)).rejects.toThrow()
    await expect(pageOrShell(env, request('/library'), shell)).rejects.toThrow()
  })
})
