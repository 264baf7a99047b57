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
