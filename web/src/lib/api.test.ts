import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiFetch, setAccessTokenSource } from './api'

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals())

  function recordHeaders() {
    const seen: Record<string, string>[] = []
    vi.stubGlobal('fetch', async (_: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>)
      return new Response('{}', { status: 200 })
    })
    return seen
  }

  it('sends the signed-in user’s token, and none when asked as a visitor', async () => {
    setAccessTokenSource(async () => 'token-1')
    const seen = recordHeaders()
    await apiFetch('/api/storybooks/x')
    await apiFetch('/api/storybooks/x', { anonymous: true })
    expect(seen[0].Authorization).toBe('Bearer token-1')
    expect(seen[1].Authorization).toBeUndefined()
  })
})
