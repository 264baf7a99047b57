import { setAccessTokenSource } from './api'
import { authClientHasLoaded, whenAuthClientLoaded } from './auth-client-ready'
import { AUTH_STORAGE_KEY, mayHaveSession } from './auth-storage'

type AuthClientModule = typeof import('./auth-client')
let loading: Promise<AuthClientModule> | null = null

/**
 * The auth client (lib/auth-client.ts, with @supabase/auth-js) as a chunk of
 * its own, loaded once: by the session provider after the first paint when a
 * session may be stored (authClientNeeded), else by the first screen that signs
 * in, which imports lib/auth-client directly (the same module; it then says
 * so through lib/auth-client-ready, and onAuthClientLoaded hears of it).
 */
export function loadAuthClient(): Promise<AuthClientModule> {
  loading ??= import('./auth-client')
  return loading
}

/** Runs `run` with the auth client once it has loaded, whoever loads it; returns the cancel. */
export function onAuthClientLoaded(run: (module: AuthClientModule) => void): () => void {
  let cancelled = false
  const stop = whenAuthClientLoaded(() => void loadAuthClient().then((module) => cancelled || run(module)))
  return () => {
    cancelled = true
    stop()
  }
}

/** What a link back from an e-mail or Google brings in the address for auth-js (detectSessionInUrl: PKCE's code, or a session or an error). */
const SESSION_PARAMS = ['code', 'access_token', 'error_description']

/**
 * Whether the page needs the auth client to know who is signed in: a session
 * may be stored, or the address brings one (or the client is there
 * already: then its events say). Without either the visitor is
 * signed out, and the client (some 24 KB compressed) waits until they sign in.
 */
export function authClientNeeded(): boolean {
  if (loading || authClientHasLoaded() || mayHaveSession()) return true
  const query = new URLSearchParams(window.location.search)
  const hash = new URLSearchParams(window.location.hash.slice(1))
  return SESSION_PARAMS.some((name) => query.has(name) || hash.has(name))
}

/** Runs `run` when another tab of this browser stores a session (a sign-in there); returns the unsubscribe. */
export function onSessionStoredElsewhere(run: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === AUTH_STORAGE_KEY && event.newValue !== null) run()
  }
  window.addEventListener('storage', listener)
  return () => window.removeEventListener('storage', listener)
}

// Until the client has loaded (it then names itself the token source), an
// /api call waits for it only when a session may be stored: a visitor
// without one asks the catalogue without loading the auth library first.
setAccessTokenSource(async () => (mayHaveSession() ? (await loadAuthClient()).accessToken() : null))
