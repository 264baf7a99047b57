import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, isSessionEnded, setAccessTokenSource, setSessionRejectedHandler } from './api'

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

  it('ends the session quietly when the server refuses the token (401), and only then', async () => {
    const rejected: string[] = []
    setSessionRejectedHandler((token) => rejected.push(token))
    vi.stubGlobal('fetch', async () => new Response('{"error":{"code":"unauthorized","message":"No user logged in"}}', { status: 401 }))
    setAccessTokenSource(async () => 'token-2')
    const signedIn = await apiFetch('/api/kids').catch((e: unknown) => e)
    expect(isSessionEnded(signedIn)).toBe(true)
    expect(rejected).toEqual(['token-2'])
    // A visitor without a session has nothing to end: the 401 is an ordinary error.
    setAccessTokenSource(async () => null)
    const visitor = await apiFetch('/api/kids').catch((e: unknown) => e)
    expect(isSessionEnded(visitor)).toBe(false)
    expect(rejected).toEqual(['token-2'])
  })

  it("keeps the payment function's code and details ({error: message, code, ...})", async () => {
    const body = { error: 'Sorry, only 1 left of Siso.', code: 'out_of_stock', fields: { items: 'Sorry, only 1 left of Siso.' }, stock: { bookId: 1, left: 1 } }
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 409 }))
    const error = await apiFetch('/functions/v1/process-payment', { method: 'POST', json: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, code: 'out_of_stock', message: 'Sorry, only 1 left of Siso.', fields: { items: 'Sorry, only 1 left of Siso.' } })
    expect((error as ApiError).details).toEqual({ stock: { bookId: 1, left: 1 } })
  })
})
