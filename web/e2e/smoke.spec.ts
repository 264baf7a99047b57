import { expect, test } from './test'
import { collectConsoleErrors } from './console'
import { isOnTop, layoutShift, trackLayoutShift } from './layout'

// Each public route's heading and console are checked with its accessibility in a11y.spec.ts.

test('header links navigate', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [name, path] of [
    ['Our Values', '/values'],
    ['Books', '/books'],
    ['Characters', '/characters'],
    ['Activities', '/activities'],
    ['Blog', '/blog'],
    ['Contact Us', '/contact'],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  }
  await page.getByRole('link', { name: 'Siso & Friends' }).first().click()
  await expect(page).toHaveURL('/')
})

test('a deep link survives reload', async ({ page }) => {
  await page.goto('/books/3')
  await page.reload()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
})

// Pages paint with the cut-down faces (scripts/subset-fonts.sh); the whole
// Latin faces are fetched only for a letter the cuts lack.
test('a page fetches only the cut-down fonts, and a rarer letter still gets its face', async ({ page }) => {
  const fonts: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) fonts.push(new URL(request.url()).pathname)
  })
  await page.goto('/faq')
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '')
  await page.evaluate(() => document.fonts.ready)
  expect(fonts.sort()).toEqual([expect.stringMatching(/\/fredoka-basic-wght-/), expect.stringMatching(/\/nunito-basic-wght-/)])

  // The checkout's country names are in the cuts too.
  await page.evaluate(() => localStorage.setItem('cart', JSON.stringify({ items: [{ id: 1, title: 'x', price: 1, coverImage: '', quantity: 1 }] })))
  await page.goto('/checkout')
  await expect(page.getByLabel('Country')).toHaveValue('United States')
  await page.evaluate(() => document.fonts.ready)
  expect(fonts.filter((f) => !/-basic-wght-/.test(f))).toEqual([])

  await page.evaluate(() => document.querySelector('main h1')!.append(' Ça'))
  await expect.poll(() => fonts.some((f) => /\/(nunito|fredoka)-latin-wght-normal-/.test(f))).toBe(true)
})

// The public pages are rendered by the server when asked for (internal/render): the HTML
// alone shows the page, and the app hydrates those very elements instead of
// rendering them again, with no mismatch logged.
test('a book page arrives server-rendered and the app hydrates it, keeping the stored cart', async ({ page }) => {
  const html = await (await page.request.get('/books/3')).text()
  expect(html).toContain('<div id="root" data-ssr>')
  expect(html).toMatch(/<h1[^>]*>Our First Adventure<\/h1>/)

  const errors = collectConsoleErrors(page)
  // The heading as parsed from the HTML, before any script of the app has run.
  await page.addInitScript(() =>
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { parsed: Element | null }).parsed = document.querySelector('main h1')
    }),
  )
  await page.goto('/books/3')
  const cart = page.getByRole('banner').getByRole('link', { name: /^Cart, / })
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cart).toHaveAccessibleName('Cart, 1 item')
  expect(await page.evaluate(() => (window as unknown as { parsed: Element | null }).parsed === document.querySelector('main h1'))).toBe(true)

  // The page is server-rendered with an empty cart; the stored one follows, and is not overwritten.
  await page.reload()
  await expect(cart).toHaveAccessibleName('Cart, 1 item')
  expect(errors).toEqual([])
})

// The cart is nothing but what the browser stored. The server renders it
// empty for a visitor whose cart is empty; one whose cart has
// books (the app keeps a cookie for the server meanwhile) gets the cart the
// app renders, never an empty cart first that then jumps.
test('the cart comes server-rendered when it is empty, and the app renders one with books', async ({ page }) => {
  const served = async () => (await page.request.get('/cart')).text()
  const renderedEmpty = /<div id="root" data-ssr>[\s\S]*Your cart is empty/
  expect(await served()).toMatch(renderedEmpty)

  const errors = collectConsoleErrors(page)
  await page.goto('/cart')
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '')
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()

  await page.goto('/books/3')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item')
  await expect.poll(served).not.toContain('data-ssr')

  await trackLayoutShift(page)
  await page.addInitScript(() => {
    const w = window as unknown as { sawEmpty: boolean }
    new MutationObserver(() => (w.sawEmpty ||= document.body?.textContent?.includes('Your cart is empty') ?? false)).observe(document, { subtree: true, childList: true })
  })
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Your Cart (1 item)' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { sawEmpty: boolean }).sawEmpty)).toBe(false)
  expect(await layoutShift(page)).toBeLessThan(0.02)

  // Emptied, the cart comes server-rendered again.
  await page.getByRole('button', { name: 'Clear Cart' }).click()
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect.poll(served).toMatch(renderedEmpty)
  expect(errors).toEqual([])
})

// A page opened in a background tab is not painted until it is looked at;
// its code must not wait for that paint (boot.ts), else the visitor who
// turns to the tab meets the splash.
test('a page in a background tab loads the app without waiting for a paint', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' })
    const observe = PerformanceObserver.prototype.observe
    PerformanceObserver.prototype.observe = function (options) {
      if (options?.type !== 'paint') observe.call(this, options) // no paint is ever reported, as in a hidden tab
    }
    new MutationObserver(() => {
      const w = window as unknown as { readyAt?: number }
      if (document.documentElement.hasAttribute('data-app-ready')) w.readyAt ??= performance.now()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] })
  })
  await page.goto('/profile') // not server-rendered: the splash, then the app
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '')
  // Well before boot.ts's fallback of 3 s for a paint that is never reported.
  expect(await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt)).toBeLessThan(2500)
})

test('a sign-in sent before the app is there never puts the password in the address', async ({ browser }) => {
  const page = await browser.newPage() // not waiting for the app: here it never comes
  await page.route('**/assets/*.js', (route) => route.abort())
  const sent: string[] = []
  page.on('request', (r) => sent.push(`${r.method()} ${r.url()}`))
  await page.goto('/login')
  await page.getByLabel('Email').fill('early@siso.test')
  await page.getByLabel('Password', { exact: true }).fill('secret-early-1')
  await page.getByLabel('Password', { exact: true }).press('Enter')
  await expect(page).toHaveURL('/login')
  expect(sent.some((r) => r.startsWith('POST ') && r.endsWith('/login'))).toBe(true)
  expect(sent.join('\n')).not.toContain('secret-early-1')
  await page.close()
})

test('what is typed on the sign-in page before the app is there is kept, and an early Enter is sent once it is', async ({ browser }) => {
  const page = await browser.newPage() // not waiting for the app: it comes once the visitor has typed
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/main-*.js', async (route) => {
    await held
    await route.continue()
  })
  const documents: string[] = []
  page.on('request', (r) => {
    if (r.isNavigationRequest()) documents.push(`${r.method()} ${new URL(r.url()).pathname}`)
  })
  await page.goto('/login')
  await page.getByLabel('Email').fill('early@siso.test')
  await page.getByLabel('Password', { exact: true }).fill('Wrong-early-1!')
  await page.getByLabel('Password', { exact: true }).press('Enter')
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false)
  release()
  await expect(page.getByText('Invalid login credentials')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('early@siso.test')
  expect(documents).toEqual(['GET /login']) // neither a reload nor the browser's own post
  await page.close()
})

// The home page's newsletter form is server-rendered like the rest of the
// page; the app must have hydrated it by the time it marks itself ready
// (html[data-app-ready]), when boot.ts stops holding early sends.
test('the newsletter form is the app\'s from the moment the app is ready', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  const documents: string[] = []
  page.on('request', (r) => {
    if (r.isNavigationRequest()) documents.push(`${r.method()} ${new URL(r.url()).pathname}`)
  })
  await page.addInitScript((email) => {
    if (sessionStorage.getItem('sent')) return // once: a browser's own send would come back here
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.documentElement
      new MutationObserver((_, observer) => {
        if (!root.hasAttribute('data-app-ready')) return
        observer.disconnect()
        sessionStorage.setItem('sent', '1')
        const form = document.querySelector<HTMLFormElement>('#newsletter form')!
        const field = form.querySelector('input')!
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, email)
        field.dispatchEvent(new Event('input', { bubbles: true }))
        form.requestSubmit()
      }).observe(root, { attributes: true, attributeFilter: ['data-app-ready'] })
    })
  }, `ready-${Date.now()}@siso.test`)
  await page.goto('/')
  await expect(page.getByText('Subscription successful!')).toBeVisible()
  expect(documents).toEqual(['GET /'])
  expect(errors).toEqual([])
})

test('an unknown path shows the not-found page and Return Home works', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Once Upon a Time... This Page Existed.' })).toBeVisible()
  await expect(page.getByTestId('mystery-destination')).toHaveText(/Hidden Objects Adventure|Spot the Difference Quest|Story Creation Magic/)
  await page.getByRole('link', { name: 'Return Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Our First Adventure' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a malformed hash (#%E0%A4%A) still renders the home page without errors', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await page.clock.install()
  await page.goto('/#%E0%A4%A')
  await expect(page.getByRole('heading', { name: 'Our First Adventure' })).toBeVisible()
  // The hash scroll runs after 100 ms: past that on the page's clock, it has had its chance to fail.
  await page.clock.runFor(500)
  expect(errors).toEqual([])
})

test('protected pages send a signed-out visitor to login', async ({ page }) => {
  for (const path of ['/dreamaker', '/games/find-objects', '/games/find-differences']) {
    await page.goto(path)
    await expect(page).toHaveURL('/login')
  }
  // /profile stays and says so, with the way in (spec 02 §2).
  await page.goto('/profile')
  await expect(page.getByText('Not Logged In')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible()
})

test('footer hash link scrolls when already on the page', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Newsletter' }).click()
  await expect(page).toHaveURL('/#newsletter')
  await expect(page.locator('#newsletter')).toBeInViewport()
})

test('header shrinks and blurs after scrolling', async ({ page }) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header).toHaveAttribute('data-scrolled', 'false')
  await page.mouse.wheel(0, 400)
  await expect(header).toHaveAttribute('data-scrolled', 'true')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the menu opens, navigates and closes', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(menu.getByRole('link', { name: /Cart \(\d+\)/ })).toBeVisible()
    await menu.getByRole('link', { name: 'Books' }).click()
    await expect(page).toHaveURL('/books')
    await expect(menu).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden()
  })

  // A toast stands under the header for a few seconds, where the open menu's first links are.
  test('the menu opens above a toast', async ({ page }) => {
    await page.goto('/books/3')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByText('Added to Cart')).toBeVisible()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const toast = page.locator('[data-sonner-toast]')
    await expect(toast).toBeAttached()
    const links = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link')
    for (const link of (await links.all()).slice(0, 3)) {
      expect(await isOnTop(link), (await link.textContent()) ?? '').toBe(true)
    }
    await expect(toast).toBeAttached() // the toast was there all along
  })
})
