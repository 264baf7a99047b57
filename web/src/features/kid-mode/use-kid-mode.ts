import { useSyncExternalStore } from 'react'
import { isKidModeOn, subscribeKidMode } from './store'

/**
 * Whether kid mode is on. Off in the server's render and while the app
 * hydrates a page rendered ahead of time (the page is everyone's), then the
 * device's own value at once.
 */
export function useKidMode(): boolean {
  return useSyncExternalStore(subscribeKidMode, isKidModeOn, () => false)
}
