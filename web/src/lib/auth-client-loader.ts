import { setAccessTokenSource } from './api'
import { mayHaveSession } from './auth-storage'

type AuthClientModule = typeof import('./auth-client')
let loading: Promise<AuthClientModule> | null = null

/**
 * The auth client (lib/auth-client.ts, with @supabase/auth-js) as a chunk of
 * its own, loaded once: the session provider asks for it after the first
 * paint, so no page waits for it to paint. Screens that sign in import
 * lib/auth-client directly; it is the same module.
 */
export function loadAuthClient(): Promise<AuthClientModule> {
  loading ??= import('./auth-client')
  return loading
}

// Until the client has loaded (it then names itself the token source), an
// /api call waits for it only when a session may be stored: a visitor
// without one asks the catalogue without loading the auth library first.
setAccessTokenSource(async () => (mayHaveSession() ? (await loadAuthClient()).accessToken() : null))
