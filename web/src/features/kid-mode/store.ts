import { paths } from '@/config/paths'

/**
 * Kid mode, on this device: kept in localStorage (so it survives a reload),
 * followed across tabs through the storage event, and shown on the html
 * element (data-kid-mode), which kid-mode.css reads before the app has
 * hydrated a page the server rendered for everyone. No React here: src/boot.ts
 * runs this module (early.ts) before the app's libraries; the app reads it
 * through useKidMode (use-kid-mode.ts).
 */
export const KID_MODE_KEY = 'kidMode'

/** The pages a child may be on in kid mode: the games hub, the two games, Dream Maker and the storybooks. */
const kidPaths: readonly string[] = [paths.activities, paths.findObjects, paths.findDifferences, paths.dreamaker, paths.library]

/** And the pages one segment under these: each storybook's reader. */
const kidPathPrefixes: readonly string[] = [paths.read('')]

export function isKidPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return kidPaths.includes(path) || kidPathPrefixes.some((prefix) => path.startsWith(prefix) && /^[^/]+$/.test(path.slice(prefix.length)))
}

/** What this page knows when storage is disabled (private mode): kid mode then lasts for the page. */
let remembered = false
const listeners = new Set<() => void>()

export function isKidModeOn(): boolean {
  try {
    return window.localStorage.getItem(KID_MODE_KEY) === 'on'
  } catch {
    return remembered
  }
}

export function setKidMode(on: boolean) {
  remembered = on
  try {
    if (on) window.localStorage.setItem(KID_MODE_KEY, 'on')
    else window.localStorage.removeItem(KID_MODE_KEY)
  } catch {
    // No storage: this page still follows `remembered`.
  }
  markPage(on)
  for (const listener of listeners) listener()
}

/** The html element says whether kid mode is on (kid-mode.css). */
export function markPage(on: boolean) {
  document.documentElement.toggleAttribute('data-kid-mode', on)
}

/**
 * Before the app has hydrated a page: mark it, and say when it is not a
 * child's page, which stays hidden until the app shows the grown-ups' notice
 * in its place (kid-mode-guard.tsx).
 */
export function markPageBeforeHydration() {
  const on = isKidModeOn()
  markPage(on)
  document.documentElement.toggleAttribute('data-kid-away', on && !isKidPath(window.location.pathname))
}

function onStorage(event: StorageEvent) {
  if (event.key !== KID_MODE_KEY && event.key !== null) return
  markPage(isKidModeOn())
  for (const listener of listeners) listener()
}

/** Calls `listener` when kid mode changes, in this tab or another. */
export function subscribeKidMode(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}
