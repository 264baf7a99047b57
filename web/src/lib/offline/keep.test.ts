import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeCacheStorage, origin } from '@/testing/fake-caches'
import { forgetKeptStorybooks, KeepError, keepStorybook, keptRecord, refreshKept, removeKept, type KeepStep } from './keep'
import { keptRecordPath } from './names'

/** The server of a storybook of three pages, two of them pictured and one narrated, as the family sees it. */
function server(version = 4) {
  const files: Record<string, { status?: number; body: string; type?: string }> = {
    '/api/storybooks/moon': { body: JSON.stringify({ title: 'To the Moon', entitled: true, version, map: [{ id: 'start' }, { id: 'p2' }, { id: 'end' }] }) },
    '/api/storybooks/moon/pages/start': { body: JSON.stringify({ id: 'start', picture: '/storybooks/media/aa.webp', narration: '/storybooks/media/bb.mp3' }) },
    '/api/storybooks/moon/pages/p2': { body: JSON.stringify({ id: 'p2', picture: '/storybooks/media/aa.webp', narration: null }) },
    '/api/storybooks/moon/pages/end': { body: JSON.stringify({ id: 'end', picture: 'https://elsewhere.example/x.png' }) },
    '/storybooks/media/aa.webp': { body: 'picture bytes', type: 'image/webp' },
    '/storybooks/media/bb.mp3': { body: 'narration bytes!', type: 'audio/mpeg' },
    '/api/library': { body: '{"storybooks":[]}' },
  }
  return files
}

let fake: FakeCacheStorage
let files: ReturnType<typeof server>
let online: boolean

beforeEach(() => {
  fake = new FakeCacheStorage()
  files = server()
  online = true
  vi.stubGlobal('caches', fake)
  vi.stubGlobal('window', { caches: fake })
  vi.stubGlobal('location', { href: origin + '/library' })
  vi.stubGlobal('navigator', { serviceWorker: {}, storage: { persist: async () => true }, get onLine() { return online } })
  vi.stubGlobal('fetch', async (url: string) => {
    if (!online) throw new TypeError('Failed to fetch')
    const file = files[url]
    if (!file) return new Response('', { status: 404 })
    return new Response(file.body, { status: file.status ?? 200, headers: { 'Content-Type': file.type ?? 'application/json' } })
  })
})

describe('keepStorybook', () => {
  it('keeps the storybook, every page, each picture and narration once, and the library, then its record', async () => {
    const steps: KeepStep[] = []
    const record = await keepStorybook('moon', (step) => steps.push(step))
    expect(fake.paths('storybook-moon')).toEqual([
      '/api/library',
      '/api/storybooks/moon',
      '/api/storybooks/moon/pages/end',
      '/api/storybooks/moon/pages/p2',
      '/api/storybooks/moon/pages/start',
      keptRecordPath,
      '/storybooks/media/aa.webp',
      '/storybooks/media/bb.mp3',
    ])
    expect(steps.at(0)).toEqual({ saved: 0, total: 3 })
    expect(steps.at(-1)).toEqual({ saved: 3, total: 3 })
    expect(record).toMatchObject({ slug: 'moon', title: 'To the Moon', version: '4', pages: 3 })
    // Every file of the server's, each once (the other site's picture is not among them).
    expect(record.bytes).toBe(Object.values(files).reduce((sum, file) => sum + new Blob([file.body]).size, 0))
    expect(await keptRecord('moon')).toEqual(record)
    const picture = await fake.match('/storybooks/media/aa.webp', { cacheName: 'storybook-moon' })
    expect(picture?.headers.get('Content-Type')).toBe('image/webp')
  })

  it("refuses a storybook the family doesn't have, keeping nothing", async () => {
    files['/api/storybooks/moon'] = { body: JSON.stringify({ title: 'To the Moon', entitled: false }) }
    await expect(keepStorybook('moon')).rejects.toThrow("isn't in your family's library")
    expect(await fake.has('storybook-moon')).toBe(false)
  })

  it('says what failed when a page is refused or the network stops, leaving no half copy', async () => {
    files['/api/storybooks/moon/pages/p2'] = { status: 403, body: '{}' }
    await expect(keepStorybook('moon')).rejects.toThrow('Sign in with the account that has this storybook')
    online = false
    const error = await keepStorybook('moon').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KeepError)
    expect((error as KeepError).message).toContain('the internet connection stopped')
    expect(await keptRecord('moon')).toBeNull()
  })
})

describe('refreshKept', () => {
  it('keeps a new version again, dropping what it no longer has', async () => {
    await keepStorybook('moon')
    files = server(5)
    files['/api/storybooks/moon/pages/start'] = { body: JSON.stringify({ id: 'start', picture: '/storybooks/media/cc.webp' }) }
    files['/storybooks/media/cc.webp'] = { body: 'new picture', type: 'image/webp' }
    const record = await refreshKept('moon')
    expect(record?.version).toBe('5')
    expect(fake.paths('storybook-moon')).toContain('/storybooks/media/cc.webp')
    expect(fake.paths('storybook-moon')).not.toContain('/storybooks/media/bb.mp3')
  })

  it('leaves the same version alone, and offline keeps the copy it has', async () => {
    const kept = await keepStorybook('moon')
    const fetched = vi.spyOn(globalThis, 'fetch')
    expect(await refreshKept('moon')).toEqual(kept)
    expect(fetched).toHaveBeenCalledTimes(1) // the storybook's answer alone
    online = false
    expect(await refreshKept('moon')).toEqual(kept)
  })

  it("removes a storybook the family no longer has", async () => {
    await keepStorybook('moon')
    files['/api/storybooks/moon'] = { body: JSON.stringify({ title: 'To the Moon', entitled: false }) }
    expect(await refreshKept('moon')).toBeNull()
    expect(await fake.has('storybook-moon')).toBe(false)
  })
})

describe('removing', () => {
  it('removes one storybook, or at sign-out every kept one and nothing else', async () => {
    await keepStorybook('moon')
    await (await fake.open('storybook-sun')).put(keptRecordPath, new Response('{}'))
    await (await fake.open('workbox-precache-v2')).put('/assets/app.js', new Response(''))
    await removeKept('sun')
    expect(await fake.keys()).toEqual(['storybook-moon', 'workbox-precache-v2'])
    await forgetKeptStorybooks()
    expect(await fake.keys()).toEqual(['workbox-precache-v2'])
  })
})
