/**
 * What the offline reader needs running in every tab, started once the app
 * has rendered its page and the page has loaded, so none of it competes with
 * the first paint or hydration: the service worker's registration (not in
 * development, where Vite serves the modules) and the sending of progress
 * made offline (progress-queue.ts). Both come in chunks of their own.
 */
export function startOffline(progressSynced: () => void): void {
  const run = () => {
    if (import.meta.env.PROD) void import('./register').then((m) => m.registerServiceWorker())
    void import('./progress-queue').then((m) => m.startProgressSync(progressSynced))
  }
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 0))
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
