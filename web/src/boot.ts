import './index.css'
import { rendersAheadOfTime } from './lib/prerender'

/**
 * The app's entry. A prerendered page (internal/webapp/prerendered.go) is
 * already drawn, so its code waits until the page has loaded its pictures
 * and fonts and has been painted: on a slow phone network they get the bandwidth
 * first, and the page is whole before the app adopts it (main.tsx hydrates
 * it). A page that is not prerendered shows the splash and needs the code at
 * once.
 */
function start() {
  void import('./main')
}

/** Once the page has painted (or at the latest after a few seconds, should the paint never be reported). */
function afterFirstPaint(run: () => void) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    observer.disconnect()
    run()
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(once, 0)
  })
  observer.observe({ type: 'paint', buffered: true })
  setTimeout(once, FIRST_PAINT_TIMEOUT_MS)
}

const FIRST_PAINT_TIMEOUT_MS = 3000

if (!rendersAheadOfTime) start()
else if (document.readyState === 'complete') afterFirstPaint(start)
else window.addEventListener('load', () => afterFirstPaint(start), { once: true })
