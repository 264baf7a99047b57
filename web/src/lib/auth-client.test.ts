// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest'
import { AUTH_STORAGE_KEY } from './auth-storage'

// A family reads a kept storybook offline; the access token runs out; the
// page stays open until the network returns.

const user = { id: 'user-1', aud: 'authenticated', email: 'family@example.com', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' }
const session = (access: string, refresh: string, expiresAt: number) => ({
  access_token: access,
  refresh_token: refresh,
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: expiresAt,
  user,
})
const stored = () => JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as { access_token: string } | null

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.localStorage.clear()
})

it('refreshes a session that ran out offline as soon as the network returns, not after auth-js has waited out its failure', async () => {
  vi.useFakeTimers()
  const now = () => Math.floor(Date.now() / 1000)
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session('old-access', 'old-refresh', now() - 60)))
  let online = false
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  const refreshes: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!online) throw new TypeError('Failed to fetch')
      if (!url.includes('grant_type=refresh_token')) return new Response('{}', { status: 404 })
      refreshes.push(url)
      return new Response(JSON.stringify(session('new-access', 'new-refresh', now() + 3600)), { status: 200, headers: { 'Content-Type': 'application/json' } })
    }),
  )

  const { authClient } = await import('./auth-client')
  // Offline, auth-js retries the refresh for half a minute, gives up, and answers that failure to every caller meanwhile.
  await vi.advanceTimersByTimeAsync(30_000)
  expect(await authClient.currentSession()).toBeNull()
  expect(stored()?.access_token).toBe('old-access') // kept: a network failure is no sign-out

  // The network returns: the page refreshes its session by itself, within moments rather than the minute auth-js would wait.
  online = true
  window.dispatchEvent(new Event('online'))
  await vi.waitFor(() => expect(stored()?.access_token).toBe('new-access'), { timeout: 2000, interval: 50 })
  expect(refreshes).toHaveLength(1)
  expect((await authClient.currentSession())?.access_token).toBe('new-access')
})
