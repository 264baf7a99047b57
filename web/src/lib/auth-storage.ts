/** Where auth-js keeps the session in localStorage (and names its cross-tab channel). */
export const AUTH_STORAGE_KEY = 'siso-auth'

/** Whether this browser may hold a session: auth-js has stored one (or storage cannot be read). */
export function mayHaveSession(): boolean {
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) !== null
  } catch {
    return true
  }
}

/** The session auth-js keeps, as stored: what a page opened offline signs in with while its access token cannot be refreshed. */
export type StoredSession = { access_token: string; refresh_token: string; expires_at?: number; user: { id: string; email?: string } }

/** The session auth-js has stored, or null (none, or not one: storage cannot be read, or holds something else). */
export function storedSession(): StoredSession | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')
    const s = value as Partial<StoredSession> | null
    return s && typeof s.access_token === 'string' && typeof s.refresh_token === 'string' && typeof s.user?.id === 'string' ? (s as StoredSession) : null
  } catch {
    return null
  }
}
