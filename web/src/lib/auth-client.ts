import { GoTrueClient } from '@supabase/auth-js'
import { setAccessTokenSource } from './api'

/** Where auth-js keeps the session in localStorage (and names its cross-tab channel). */
export const AUTH_STORAGE_KEY = 'siso-auth'

/**
 * The one auth client of the app, talking to our Supabase-Auth-compatible
 * server on the same origin. The library brings the 30 s refresh ticker with
 * its 90 s margin, retry backoff, the API-version header, PKCE and the
 * cross-tab BroadcastChannel, so none of that is written here.
 */
export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  flowType: 'pkce',
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
})

// Our own /api calls carry the session's bearer token. getSession() refreshes
// an expiring token first, so the header is always a usable one.
setAccessTokenSource(async () => {
  const { data } = await authClient.getSession()
  return data.session?.access_token ?? null
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
export const landingUrl = new URL(window.location.href)
