// Lighthouse 12 (mobile defaults: simulated slow 4G, 4x CPU) on the public
// routes of a running shop, printed as the table of issue #13. Started by
// scripts/lighthouse.sh, which builds and starts `bookshop serve`.
//
//   node scripts/lighthouse.mjs http://127.0.0.1:PORT [outDir]
//
// One Chromium (CHROME_PATH, default /usr/bin/chromium) serves every run;
// Lighthouse clears its storage and cache before each route, except for
// /checkout, whose cart is put in localStorage first (with the cache
// cleared by hand), as a shopper arrives there with a filled cart. The cart
// is emptied after that route (Lighthouse's reset keeps cookies, for
// sign-ins, and here the stored cart too): every other route is measured as
// a new visitor arrives. NEW_BOOK is the path of a book scripts/lighthouse.sh
// has just created in the back office, measured after the others. Each row
// has the load average of the minute before its run: the machine is shared,
// and the total blocking time grows with its load.
import { spawn, execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const base = process.argv[2]
const outDir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'lighthouse-'))
if (!base) {
  console.error('usage: node scripts/lighthouse.mjs BASE_URL [outDir]')
  process.exit(2)
}
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
// LIGHTHOUSE_ROUTES=/,/books measures fewer while trying a change.
const newBook = process.env.NEW_BOOK
const routes = process.env.LIGHTHOUSE_ROUTES?.split(',') ??
  ['/', '/books', '/books/3', '/login', '/faq', '/checkout', '/read/our-first-adventure', ...(newBook ? [newBook] : [])]
const debugPort = 9300 + Math.floor(Math.random() * 600)

const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'))
const chrome = spawn(chromePath, [
  '--headless=new', `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`,
  '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-extensions', 'about:blank',
], { stdio: 'ignore' })

try {
  await waitForChrome()
  const rows = []
  for (const route of routes) {
    const checkout = route === '/checkout'
    if (checkout) await fillCart()
    const load = loadavg()[0]
    const report = join(outDir, `${route.replaceAll('/', '_') || 'root'}.json`)
    const flags = [`--port=${debugPort}`, '--output=json', `--output-path=${report}`, '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo']
    if (checkout) flags.push('--disable-storage-reset')
    // Now and then Lighthouse loses the trace of a load (NO_NAVSTART) and
    // exits 1; the same run again is fine.
    for (let attempt = 1; ; attempt++) {
      try {
        execFileSync('npx', ['--yes', 'lighthouse@12.8.2', base + route, ...flags], { stdio: 'inherit' })
        break
      } catch (err) {
        if (attempt === 3) throw err
        console.error(`lighthouse: ${route} failed (attempt ${attempt}), running it again`)
        if (checkout) await fillCart()
      }
    }
    if (checkout) await emptyCart()
    rows.push(summarize(route, load, JSON.parse(readFileSync(report, 'utf8'))))
  }
  printTable(rows)
  console.log(`\nReports: ${outDir}`)
} finally {
  const exited = new Promise((done) => chrome.once('exit', done))
  chrome.kill()
  await exited // its profile folder is written until it has gone
  rmSync(profile, { recursive: true, force: true })
}

async function waitForChrome() {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${debugPort}/json/version`)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('Chromium did not start')
}

// fillCart puts two books in the shop's stored cart and empties the HTTP
// cache, so /checkout is measured cold but with a cart to show.
async function fillCart() {
  const books = await (await fetch(base + '/api/books')).json()
  const items = books.slice(0, 2).map((b) => ({ id: b.id, title: b.title, price: b.price, coverImage: b.coverImage, quantity: 1 }))
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`)
  const context = browser.contexts()[0]
  const page = await context.newPage()
  await page.goto(base + '/robots.txt')
  await page.evaluate((cart) => {
    localStorage.setItem('cart', JSON.stringify(cart))
    document.cookie = 'cart_filled=1; Path=/' // as the shop's cart keeps it (cart-provider.tsx)
  }, { items })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await page.close()
  await browser.close().catch(() => {})
}

async function emptyCart() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`)
  const context = browser.contexts()[0]
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'all' })
  await cdp.send('Network.clearBrowserCookies')
  await page.close()
  await browser.close().catch(() => {})
}

function summarize(route, load, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')
  // The budget: JavaScript asked for before the page first painted (as observed, unthrottled).
  const firstPaint = lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? Infinity
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const beforePaint = requests
    .filter((r) => r.resourceType === 'Script' && r.networkRequestTime < firstPaint)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
  return {
    route: route === '/checkout' ? '/checkout (cart filled)' : route === newBook ? `${route} (new book, uploaded cover)` : route,
    performance: score('performance'),
    others: `${score('accessibility')}/${score('best-practices')}/${score('seo')}`,
    fcp: (audit('first-contentful-paint') / 1000).toFixed(1) + ' s',
    lcp: (audit('largest-contentful-paint') / 1000).toFixed(1) + ' s',
    tbt: Math.round(audit('total-blocking-time')) + ' ms',
    cls: audit('cumulative-layout-shift').toFixed(3),
    js: Math.round((scripts?.transferSize ?? 0) / 1024) + ' KiB',
    jsBeforePaint: Math.round(beforePaint / 1024) + ' KiB',
    load: load.toFixed(1),
  }
}

function printTable(rows) {
  console.log('\n| Route | Performance | A11y/BP/SEO | FCP | LCP | TBT | CLS | JS transferred | JS before first paint | Load average |')
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of rows) {
    console.log(`| ${r.route} | ${r.performance} | ${r.others} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.js} | ${r.jsBeforePaint} | ${r.load} |`)
  }
}
