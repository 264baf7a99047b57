// Issue 35's reading figures, on a running shop (started by
// scripts/lighthouse.sh, after Lighthouse):
//
//   node scripts/storybook-turns.mjs BASE_URL EMAIL PASSWORD
//
// A family that has Our First Adventure (EMAIL, PASSWORD: scripts/load
// storybook-family) reads every path of the story from the start to its
// ending in Chromium as a mid-range phone: 412 × 915 at 2.625×, touch, the
// CPU slowed 4× through the DevTools protocol (Lighthouse's mobile
// figure) and Lighthouse's slow 4G (150 ms, 1.6 Mbps down). Before each
// choice it waits until the reader's prefetch of the pages ahead has
// finished (no request in flight for 500 ms), as a child reads a page
// before choosing. A turn is timed in the page, from the tap's event time
// to the frame after the new page is in the document (a requestAnimationFrame,
// then a message: the paint that shows it has been done). Then it keeps the
// story for offline and reads the size the reader shows.
//
// It prints p50/p95/max of the turns, how many were shown before their
// picture had loaded, and the offline size. TRACE=file.json records a
// Chrome performance trace of the turns (with the CPU profile), to open in
// DevTools' Performance panel and see what runs between a tap and the next
// page's paint. Not run by `make test`.
import { chromium } from '@playwright/test'

const [base, email, password] = process.argv.slice(2)
if (!base || !email || !password) {
  console.error('usage: node scripts/storybook-turns.mjs BASE_URL EMAIL PASSWORD')
  process.exit(2)
}
const SLUG = 'our-first-adventure'
// Service workers (Keep for offline) need a host name, not 127.0.0.1.
const local = base.replace('127.0.0.1', 'localhost')
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

const token = await signIn()
const api = async (path) => (await fetch(base + path, { headers: { Authorization: `Bearer ${token}` } })).json()
const story = await api(`/api/storybooks/${SLUG}`)
const paths = allPaths(story.start, story.map)
const labels = new Map()
for (const page of story.map) {
  const full = await api(`/api/storybooks/${SLUG}/pages/${encodeURIComponent(page.id)}`)
  for (const c of full.choices) labels.set(`${page.id}>${c.to}`, c.label)
}

const browser = await chromium.launch({ executablePath: chromePath })
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  })
  await context.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  await context.addInitScript(timeTurns)
  const page = await context.newPage()
  let inFlight = 0
  let lastChange = Date.now()
  const moved = (d) => () => {
    inFlight += d
    lastChange = Date.now()
  }
  page.on('request', moved(1))
  page.on('requestfinished', moved(-1))
  page.on('requestfailed', moved(-1))
  const quiet = async () => {
    while (inFlight > 0 || Date.now() - lastChange < 500) await page.waitForTimeout(100)
  }

  await page.goto(`${local}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByText('Login successful').waitFor()

  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })

  await page.goto(`${local}/read/${SLUG}`)
  await page.getByRole('heading', { name: 'Page 1' }).waitFor()
  if (process.env.TRACE) {
    const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'disabled-by-default-v8.cpu_profiler']
    await browser.startTracing(page, { path: process.env.TRACE, categories })
  }
  for (const path of paths) {
    await page.getByRole('group', { name: 'Reading tools' }).getByRole('button', { name: 'Start again' }).click()
    await page.getByRole('heading', { name: 'Page 1' }).waitFor()
    for (let i = 0; i + 1 < path.length; i++) {
      await quiet()
      const before = await page.evaluate(() => window.__turns.length)
      await page.getByRole('button', { name: labels.get(`${path[i]}>${path[i + 1]}`), exact: true }).click()
      await page.waitForFunction((n) => window.__turns.length > n, before, { timeout: 30_000 })
    }
  }
  const turns = await page.evaluate(() => window.__turns)
  if (process.env.TRACE) await browser.stopTracing()

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
  await page.getByRole('button', { name: 'Keep for offline' }).click()
  await page.getByText('Ready to read without the internet').waitFor({ timeout: 120_000 })
  const kept = await page.evaluate(async (slug) => {
    const record = await caches.match('/offline/kept.json', { cacheName: `storybook-${slug}` })
    return record.json()
  }, SLUG)

  const ms = turns.map((t) => t.ms).sort((a, b) => a - b)
  const at = (q) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]
  console.log(`\nOur First Adventure, ${paths.length} paths, ${ms.length} turns (mid-range phone: 4× CPU, slow 4G, pages prefetched ahead)`)
  console.log('| Turns | p50 | p95 | max | shown before their picture loaded |')
  console.log('|---|---|---|---|---|')
  console.log(`| ${ms.length} | ${at(0.5).toFixed(0)} ms | ${at(0.95).toFixed(0)} ms | ${ms.at(-1).toFixed(0)} ms | ${turns.filter((t) => !t.picture).length} |`)
  console.log(`\nKept for offline: ${kept.pages} pages, ${kept.bytes} bytes (${(kept.bytes / 1024).toFixed(0)} KiB)`)
} finally {
  await browser.close()
}

async function signIn() {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`sign in: ${res.status} ${await res.text()}`)
  return (await res.json()).access_token
}

/** Every path from the start to an ending, as page ids (the story has no loop). */
function allPaths(start, map) {
  const pages = new Map(map.map((p) => [p.id, p]))
  const walk = (path) => {
    const page = pages.get(path.at(-1))
    return page.ending ? [path] : page.choices.flatMap((to) => walk([...path, to]))
  }
  return walk([start])
}

/**
 * In the page: a tap on a choice starts a turn, which ends at the frame
 * after the next page's heading is in the document; each turn's time and
 * whether its picture (if any) had loaded go to window.__turns.
 */
function timeTurns() {
  window.__turns = []
  addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null
      if (!button?.closest('ul[aria-label="What happens next?"]')) return
      const start = event.timeStamp
      const before = document.querySelector('article h2')?.textContent
      const shown = () => {
        const heading = document.querySelector('article h2')
        return heading !== null && heading.textContent !== before
      }
      const done = () =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => {
            const img = document.querySelector('article img')
            window.__turns.push({ ms: performance.now() - start, picture: img === null || img.complete })
          }
          channel.port2.postMessage(null)
        })
      if (shown()) return done()
      const observer = new MutationObserver(() => {
        if (!shown()) return
        observer.disconnect()
        done()
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    },
    true,
  )
}
