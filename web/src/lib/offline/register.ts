import { Workbox } from 'workbox-window'

/**
 * Registers the service worker (src/sw.ts, built to /sw.js). A failure
 * leaves the shop as it is without one: it is an addition, never a
 * condition of any page, so it is not reported as an error.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const workbox = new Workbox('/sw.js', { scope: '/' })
  try {
    await workbox.register()
  } catch (error) {
    console.info('The offline reader is not available in this browser:', error)
  }
}
