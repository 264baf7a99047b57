import { GoTrueClient, type Session } from '@supabase/auth-js'
import { noteSessionEnded, setAccessTokenSource, setSessionRejectedHandler } from './api'
import { passkeyRefused, passkeyWorked, signInOptionsSeen } from './unknown-passkeys'
import { AUTH_STORAGE_KEY } from './auth-storage'
import { authClientLoaded } from './auth-client-ready'

/**
 * Refresh responses worth retrying (spec 01 §4: 502, 503, 504); network failures never reach a status.
 * 429 is ours: being rate-limited for a moment is no reason to sign someone out.
 */
const RETRYABLE_REFRESH_STATUS = new Set([429, 502, 503, 504])

/**
 * fetch for auth-js that notices a refresh the server refused for good. The
 * library keeps such a session until its access token runs out; spec 01 §4
 * removes it at once, so this browser signs out locally.
 */
const authFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  let response: Response
  try {
    response = await fetch(input, init)
  } catch (error) {
    if (url.includes('grant_type=refresh_token') && !navigator.onLine) refreshFailedOffline = true
    throw error
  }
  if (!response.ok && url.includes('grant_type=refresh_token') && !RETRYABLE_REFRESH_STATUS.has(response.status)) {
    // Not from inside the library's own call: it holds its lock until this returns.
    window.setTimeout(endedElsewhere, 0)
  }
  // A passkey sign-in: the relying party it asks for, and a passkey the server knows no account for.
  if (url.includes('/passkeys/authentication/')) {
    if (response.ok && url.endsWith('/options')) void response.clone().json().then(signInOptionsSeen, () => {})
    else if (!response.ok && url.endsWith('/verify')) await passkeyRefused(response.clone(), init?.body)
  }
  if (response.ok && url.endsWith('/passkeys/registration/verify')) passkeyWorked()
  return response
}

/** A refresh failed because the device was offline (authFetch notes it; ShopAuthClient.currentSession tries again once online). */
let refreshFailedOffline = false

/** The server ended the session (a refused refresh or token): this browser signs out, quietly, once. */
function endedElsewhere() {
  noteSessionEnded()
  void authClient.signOut({ scope: 'local' })
}

/**
 * auth-js's client, which also knows that a network that has come back is
 * news. auth-js keeps a refresh that failed and answers that failure again
 * to every caller for a minute (its REFRESH_FAILURE_COOLDOWN_MS, so an outage
 * does not bring a storm of refreshes; `lastRefreshFailure` is protected for
 * such a subclass). When the refresh failed only because the device was
 * offline, a page kept open across the network's return would go on without
 * a usable token for that minute: its requests unsigned, the progress read
 * offline waiting. Once online, that failure says nothing of the next try.
 */
class ShopAuthClient extends GoTrueClient {
  /** getSession's session, refreshed now if the last refresh failed offline and the device is back online. */
  async currentSession(): Promise<Session | null> {
    if (refreshFailedOffline && navigator.onLine) {
      refreshFailedOffline = false
      this.lastRefreshFailure = null
    }
    const { data } = await this.getSession()
    return data.session
  }
}

/**
 * The one auth client of the app, talking to our Supabase-Auth-compatible
 * server on the same origin. The library brings the 30 s refresh ticker with
 * its 90 s margin, retry backoff, the API-version header, PKCE and the
 * cross-tab BroadcastChannel, so none of that is written here.
 */
export const authClient = new ShopAuthClient({
  fetch: authFetch,
  // No location where the server renders the public pages (entry-server.tsx); nothing signs in there.
  url: `${globalThis.location?.origin ?? ''}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  flowType: 'pkce',
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
})

/**
 * The bearer token for our own /api calls. getSession() refreshes an
 * expiring token first, so the header is always a usable one.
 */
export async function accessToken(): Promise<string | null> {
  return (await authClient.currentSession())?.access_token ?? null
}
setAccessTokenSource(accessToken)
// Loaded by a screen that signs in rather than by the session provider: the
// provider hears of it (onAuthClientLoaded) and follows the client's events.
authClientLoaded()
// The network is back: a session that ran out offline is refreshed at once (auth-js says TOKEN_REFRESHED),
// not at the next request or tick.
globalThis.window?.addEventListener('online', () => void authClient.currentSession())
// A session signed out elsewhere: this browser forgets it (the app then shows the signed-out state).
// An answer that comes after another sign-in refused the old token, not the new one: nothing to do.
setSessionRejectedHandler((token) => {
  void authClient.getSession().then(({ data }) => {
    if (data.session?.access_token === token) endedElsewhere()
  })
})

/** The site's own URL for a path, as e-mail and OAuth links must be absolute. */
export function siteUrl(path: string): string {
  return `${window.location.origin}${path}`
}

/**
 * The address the app was opened with. auth-js takes ?code= out of the bar
 * once it has exchanged it, but the callback pages still need to know what
 * the e-mail link brought.
 */
// (No location where pages are server-rendered; nothing there reads it.)
export const landingUrl = new URL(globalThis.location?.href ?? 'http://ssr.invalid/')
