import { expect, test, type APIRequestContext, type Page } from './test'
import { accessToken, confirmedAccount, staffToken, signedInAs } from './accounts'
import { collectConsoleErrors } from './console'

// Reading offline (issue 35): a family granted Our First Adventure keeps it
// on the device, reads on to an ending with the network off, and the
// progress reaches the server when the network returns. Service workers need
// a host name, so the pages are read on localhost (the API is asked on
// 127.0.0.1, the same server).

const SLUG = 'our-first-adventure'

// The other journeys run without the service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

type MapPage = { id: string; choices: string[]; ending?: string | null }
type Progress = { page: string; visited: string[]; endings: string[] }

/** A family with the edition: the staff's grant (POST /api/admin/storybooks/{id}/grants). */
async function familyWithTheEdition(request: APIRequestContext, workerIndex: number): Promise<{ email: string; storybookId: number }> {
  const email = await confirmedAccount(request, 'offline-family')
  const headers = { Authorization: `Bearer ${await staffToken(request, workerIndex, 'owner')}` }
  const list = (await (await request.get('/api/admin/storybooks', { headers })).json()) as { storybooks: { id: number; slug: string }[] }
  const storybook = list.storybooks.find((s) => s.slug === SLUG)
  expect(storybook, `${SLUG} is shipped with the shop`).toBeDefined()
  expect((await request.post(`/api/admin/storybooks/${storybook!.id}/grants`, { headers, data: { email } })).status()).toBe(201)
  return { email, storybookId: storybook!.id }
}

/** The shortest path from the start to an ending on the story's map, as page ids. */
function pathToAnEnding(start: string, map: MapPage[]): string[] {
  const pages = new Map(map.map((p) => [p.id, p]))
  const queue: string[][] = [[start]]
  while (queue.length > 0) {
    const path = queue.shift()!
    const page = pages.get(path.at(-1)!)!
    if (page.ending) return path
    for (const to of page.choices) queue.push([...path, to])
  }
  throw new Error('the map has no ending')
}

/** Turns the pages of path in the reader, choosing each next page by its choice's label. */
async function readAlong(page: Page, request: APIRequestContext, token: string, path: string[]) {
  const headers = { Authorization: `Bearer ${token}` }
  for (let i = 0; i + 1 < path.length; i++) {
    const here = (await (await request.get(`/api/storybooks/${SLUG}/pages/${path[i]}`, { headers })).json()) as { choices: { label: string; to: string }[] }
    const label = here.choices.find((c) => c.to === path[i + 1])!.label
    await page.getByRole('button', { name: label, exact: true }).click()
    await expect(page.getByRole('heading', { name: `Page ${i + 2}` })).toBeVisible()
  }
}

for (const width of [390, 1440]) {
  test(`a family keeps Our First Adventure, reads it offline to an ending, and the progress reaches the server (${width} px)`, async ({ page, baseURL }) => {
    test.slow() // the story's 25 pages and their pictures are saved, on a machine shared by the other journeys
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
    const errors = collectConsoleErrors(page)
    const local = baseURL!.replace('127.0.0.1', 'localhost')
    const { email, storybookId } = await familyWithTheEdition(page.request, test.info().parallelIndex)
    const token = await accessToken(page.request, email)
    const storybook = (await (await page.request.get(`/api/storybooks/${SLUG}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      start: string
      map: MapPage[]
    }
    const path = pathToAnEnding(storybook.start, storybook.map)
    const ending = path.at(-1)!

    await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
    await signedInAs(page, email, local)
    await page.goto(`${local}/read/${SLUG}`)
    // The service worker controls the page once it has installed (clientsClaim).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 })

    await page.getByRole('button', { name: 'Keep for offline' }).click()
    // "Saving n of 25 pages…" shows meanwhile, too briefly on a fast machine to wait for (the component's test reads it).
    await expect(page.getByText('Ready to read without the internet')).toBeVisible({ timeout: 30_000 })
    const kept = await page.evaluate(async (slug) => {
      const record = await caches.match('/offline/kept.json', { cacheName: `storybook-${slug}` })
      return (await record!.json()) as { bytes: number; pages: number }
    }, SLUG)
    console.log(`${SLUG} kept for offline: ${kept.pages} pages, ${kept.bytes} bytes`)
    expect(kept.bytes).toBeLessThanOrEqual(5 * 1024 * 1024)

    // The network goes; the reader opens again from the device and reads on to an ending.
    await page.context().setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Page 1' })).toBeVisible()
    await readAlong(page, page.request, token, path)
    await expect(page.getByText(/You found 1 of \d+ endings?/)).toBeVisible()
    const onServer = async () =>
      (await (await page.request.get(`/api/library/${storybookId}/progress?reader=me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Progress
    expect((await onServer()).endings).not.toContain(ending)

    // The network returns: what was read offline reaches the server.
    await page.context().setOffline(false)
    await expect.poll(async () => (await onServer()).endings, { timeout: 15_000 }).toContain(ending)
    expect((await onServer()).visited).toEqual(expect.arrayContaining(path))
    // Offline, Chromium logs each request the network could not answer (the profile, the children, the
    // progress before any was saved): the network's failures, which the app expects; nothing else.
    // Signing out (from the library) removes the kept storybook: its pages are the family's.
    await page.goto(`${local}/library`)
    await expect(page.getByText('Ready to read without the internet')).toBeVisible()
    if (width < 768) {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('button', { name: 'Sign Out' }).click()
    } else {
      await page.getByRole('button', { name: 'Account menu' }).click()
      await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    }
    await expect(page).toHaveURL(`${local}/`) // where a sign-out leads
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('storybook-')))).toEqual([])
    expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([])
  })
}

test('a family stays signed in offline when its access token runs out, and the page kept open is refreshed online', async ({ page, baseURL }) => {
  test.setTimeout(120_000) // the story is kept, on a machine shared by the other journeys
  await page.setViewportSize({ width: 1440, height: 900 })
  // The page's clock, which runs as the real one until the half minute offline below is skipped.
  await page.clock.install()
  const errors = collectConsoleErrors(page)
  const local = baseURL!.replace('127.0.0.1', 'localhost')
  const { email, storybookId } = await familyWithTheEdition(page.request, test.info().parallelIndex)
  const token = await accessToken(page.request, email)
  const onServer = async () =>
    (await (await page.request.get(`/api/library/${storybookId}/progress?reader=me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Progress
  // The page the first choice leads to, which the family reads offline.
  const headers = { Authorization: `Bearer ${token}` }
  const { start } = (await (await page.request.get(`/api/storybooks/${SLUG}`, { headers })).json()) as { start: string }
  const first = (await (await page.request.get(`/api/storybooks/${SLUG}/pages/${start}`, { headers })).json()) as { choices: { label: string; to: string }[] }
  const readOffline = first.choices.find((c) => c.label === 'Set off for the Rainbow Lake')!.to
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  await signedInAs(page, email, local)
  await page.goto(`${local}/read/${SLUG}`)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 })
  await page.getByRole('button', { name: 'Keep for offline' }).click()
  await expect(page.getByText('Ready to read without the internet')).toBeVisible({ timeout: 30_000 })

  // Offline, the access token runs out (as after an hour on a plane): the page opened again cannot refresh it.
  await page.context().setOffline(true)
  const expiresAt = () => page.evaluate(() => (JSON.parse(localStorage.getItem('siso-auth') ?? '{}') as { expires_at: number }).expires_at)
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('siso-auth')!) as { expires_at: number }
    localStorage.setItem('siso-auth', JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }))
  })
  await page.reload()
  // Still the family's: signed in, the kept storybook ready, read on quietly, with no toast about what could not load.
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(page.getByText('Ready to read without the internet')).toBeVisible()
  await page.getByRole('button', { name: 'Set off for the Rainbow Lake' }).click()
  await expect(page.getByRole('heading', { name: 'Page 2' })).toBeFocused()
  await expect(page.getByText('Error loading kid names')).toHaveCount(0)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  for (const size of [390, 1440]) {
    await page.setViewportSize({ width: size, height: size < 600 ? 844 : 900 })
    await page.screenshot({ path: test.info().outputPath(`offline-signed-in-${size}.png`), fullPage: true })
  }
  expect(await expiresAt()).toBeLessThan(Date.now() / 1000)

  // Half a minute offline: auth-js gives up the refresh it began at the reload (it retries for that long)
  // and then answers that failure, for a minute more, to whoever asks. The page's clock jumps it.
  expect((await onServer()).visited).not.toContain(readOffline)
  await page.clock.fastForward(30_000)

  // The network returns, the page kept open: the session is refreshed at once, and the page read offline
  // reaches the server, without a reload and without a word about what failed meanwhile.
  await page.context().setOffline(false)
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect.poll(expiresAt, { timeout: 10_000 }).toBeGreaterThan(Date.now() / 1000)
  await expect.poll(async () => (await onServer()).visited, { timeout: 10_000 }).toContain(readOffline)
  await expect(page.getByRole('heading', { name: 'Page 2' })).toBeVisible()
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await page.goto(`${local}/library`)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(page.getByText('Ready to read without the internet')).toBeVisible()
  expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([])
})
