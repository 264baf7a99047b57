import { useLocation } from 'react-router'
import { paths } from '@/config/paths'
import { safeInternalPath } from '@/lib/safe-path'

/** What the sign-in pages carry in location.state: the page the visitor wanted (RequireAuth, the header's login link). */
export type ReturnState = { from?: { pathname?: string; search?: string; hash?: string } }

/** Where the visitor was going (location.state.from), else /. */
export function useReturnTarget(): string {
  const location = useLocation()
  const from = (location.state as ReturnState | null)?.from
  if (!from?.pathname || from.pathname === paths.login) return paths.home
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

/**
 * Where to go after a sign-in that leaves this page (Google's redirect, a
 * sign-up confirmed by its e-mailed code): kept in sessionStorage meanwhile,
 * read once.
 */
const KEY = 'authReturnTo'

export function setReturnTo(path: string) {
  try {
    window.sessionStorage.setItem(KEY, path)
  } catch {
    // Without storage the visitor goes to / instead.
  }
}

/** The stored target, once; only same-site paths are honored. */
export function takeReturnTo(fallback: string): string {
  try {
    const path = window.sessionStorage.getItem(KEY)
    window.sessionStorage.removeItem(KEY)
    return safeInternalPath(path, fallback)
  } catch {
    return fallback
  }
}
