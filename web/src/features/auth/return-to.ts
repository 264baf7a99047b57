import { safeInternalPath } from '@/lib/safe-path'

/**
 * Where to go after a sign-in that leaves the site (Google): kept in
 * sessionStorage across the redirect, read once by the callback.
 */
const KEY = 'authReturnTo'

export function setReturnTo(path: string) {
  try {
    window.sessionStorage.setItem(KEY, path)
  } catch {
    // Without storage the callback falls back to /.
  }
}

/** The stored target, once; only same-site paths are honoured. */
export function takeReturnTo(fallback: string): string {
  try {
    const path = window.sessionStorage.getItem(KEY)
    window.sessionStorage.removeItem(KEY)
    return safeInternalPath(path, fallback)
  } catch {
    return fallback
  }
}
