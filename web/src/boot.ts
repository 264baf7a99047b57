import './index.css'
import { rendersAheadOfTime } from './lib/prerender'

/**
 * The app's entry. Nothing here waits for the app's code to be drawn: a
 * prerendered page (internal/webapp/prerendered.go) is already the page,
 * and any other page is the splash of index.html. So the code is fetched
 * only once that has painted: on a slow phone network the first paint does
 * not wait behind it. A prerendered page also lets its pictures and fonts
 * load first, so the page is whole before the app adopts it (main.tsx
 * hydrates it); behind the splash, the app is all there is to wait for.
 */
function start() {
  void import('./main')
}

/** Fetches the route's own chunks alongside the app's (the server names them: internal/webapp). */
function fetchRouteChunks() {
  const names = document.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content.split(' ') ?? []
  for (const href of names.filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
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

if (!rendersAheadOfTime) {
  afterFirstPaint(() => {
    fetchRouteChunks()
    start()
  })
} else if (document.readyState === 'complete') afterFirstPaint(start)
else window.addEventListener('load', () => afterFirstPaint(start), { once: true })
