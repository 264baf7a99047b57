import { execFileSync } from 'node:child_process'
import { expect, test, waitingForApp, type Locator, type Page } from './test'
import { PASSWORD, confirmedAccount } from './accounts'

// Issue 12: both games, the player-side configuration and /config, against
// the real binary in --dev mode (accounts confirmed through the dev mailbox).

const LIZZIE = { first_name: 'Lizzie', last_name: 'Lizard' }

/** Gives the account the admin role the honest way: the shop's own CLI on this worker's database (see playwright.config.ts). */
function grantAdmin(email: string) {
  const servers = (process.env.E2E_PORTS ?? process.env.E2E_PORT ?? '18090').split(',').length
  const index = test.info().parallelIndex % servers
  execFileSync(process.env.BOOKSHOP_BIN ?? '../bin/bookshop', ['admin', 'grant', email], {
    env: { ...process.env, DATABASE_URL: `sqlite:${process.env.E2E_DATA_DIR ?? '/tmp/bookshop-e2e'}/bookshop-${index}.db` },
  })
}

async function signedIn(page: Page, tag: string): Promise<string> {
  const email = await confirmedAccount(page.request, tag, LIZZIE)
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL('/')
  return email
}

/** Clicks a picture at x, y percent of its box. */
async function clickAt(picture: Locator, x: number, y: number) {
  await picture.scrollIntoViewIfNeeded()
  const box = await picture.boundingBox()
  if (!box) throw new Error('picture not visible')
  await picture.page().mouse.click(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100)
}

const DEFAULT_OBJECTS = [
  [8, 75],
  [19, 81],
  [25, 84],
  [38, 83],
  [50, 78],
]
const DEFAULT_DIFFERENCES = [
  [17, 18],
  [80, 30],
  [52, 52],
  [30, 76],
  [74, 80],
]

test.describe('Clean Up The Forest!', () => {
  test('win by clicking the five default objects', async ({ page }) => {
    await signedIn(page, 'forest-win')
    await page.goto('/games/find-objects')
    await expect(page.getByRole('heading', { name: 'Clean Up The Forest!' })).toBeVisible()
    await expect(page.getByTestId('time-left')).toHaveText('30.00s')
    await page.getByRole('button', { name: 'Start Game' }).click()
    const picture = page.getByTestId('game-picture')
    for (const [x, y] of DEFAULT_OBJECTS) await clickAt(picture, x, y)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
    const score = Number(await page.getByTestId('score').textContent())
    expect(score).toBeGreaterThan(0)
    expect(score).toBeLessThanOrEqual(5 * 5 * 30)
    await page.getByRole('button', { name: 'Play Again' }).click()
    await expect(page.getByRole('button', { name: 'Start Game' })).toBeVisible()
    await expect(page.getByTestId('time-left')).toHaveText('30.00s')
  })

  test('lose on the third wrong click', async ({ page }) => {
    await signedIn(page, 'forest-lose')
    await page.goto('/games/find-objects')
    await page.getByRole('button', { name: 'Start Game' }).click()
    const picture = page.getByTestId('game-picture')
    await clickAt(picture, 90, 10)
    await clickAt(picture, 80, 10)
    await expect(page.getByTestId('wrong-clicks')).toHaveText('2 / 3')
    await clickAt(picture, 70, 10)
    await expect(page.getByRole('heading', { name: 'Game Over!' })).toBeVisible()
    await expect(page.getByText('Too many wrong clicks!')).toBeVisible()
    await expect(page.getByTestId('score')).toHaveText('0')
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByRole('button', { name: 'Start Game' })).toBeVisible()
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('tap the five default objects to win', async ({ page }) => {
    await signedIn(page, 'forest-touch')
    await page.goto('/games/find-objects')
    await page.getByRole('button', { name: 'Start Game' }).tap()
    const picture = page.getByTestId('game-picture')
    await picture.scrollIntoViewIfNeeded()
    const box = await picture.boundingBox()
    if (!box) throw new Error('picture not visible')
    for (const [x, y] of DEFAULT_OBJECTS) await page.touchscreen.tap(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
    await expect(page.getByTestId('wrong-clicks')).toHaveText('0 / 3')
  })
})

test.describe('a picture that cannot be loaded', () => {
  test('gives way to the default picture with a toast and a note', async ({ page }) => {
    await signedIn(page, 'forest-broken')
    const broken = [{ id: 'img_broken', name: 'Broken', imageUrl: 'data:image/png;base64,AAAA', objects: [{ name: 'Can', x: 50, y: 50, radius: 5 }] }]
    await page.evaluate((items) => localStorage.setItem('gameImages', JSON.stringify(items)), broken)
    await page.goto('/games/find-objects')
    await expect(page.getByText('Failed to load the game image. Using default image instead.')).toBeVisible()
    await expect(page.getByText('The game image could not be loaded, so the default configuration is in use.')).toBeVisible()
    await expect(page.getByText('Plastic Bag')).toBeVisible()
  })
})

test.describe('Find the Differences!', () => {
  test('play the default pair to Congratulations!', async ({ page }) => {
    await signedIn(page, 'diff-default')
    await page.goto('/games/find-differences')
    await expect(page.getByRole('heading', { name: 'Find the Differences!' })).toBeVisible()
    await page.getByRole('button', { name: 'Start Game' }).click()
    const second = page.getByTestId('game-picture').nth(1)
    for (const [x, y] of DEFAULT_DIFFERENCES) await clickAt(second, x, y)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
  })

  test('a pair added in the player-side screen is played in the game', async ({ page }) => {
    await signedIn(page, 'diff-player')
    await page.goto('/games/find-differences')
    await page.getByRole('link', { name: 'Configure image pairs' }).click()
    await expect(page.getByRole('heading', { name: 'My Image Pairs' })).toBeVisible()
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 400, height: 300 } })
    await page.getByLabel('Pair name').fill('My garden')
    await page.getByLabel('First image').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png })
    await page.getByLabel('Second image').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Save New Image Pair' }).click()
    await expect(page.getByText('0 / 5 differences')).toBeVisible()
    await clickAt(page.getByTestId('marker-picture').first(), 40, 40)
    await expect(page.getByRole('list', { name: 'Differences' })).toContainText(/x: (39\.[5-9]|40\.[0-5])%/)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('differencePairs') ?? '[]') as { name: string; differences: unknown[]; image1Url: string }[])
    expect(stored).toHaveLength(1)
    expect(stored[0].name).toBe('My garden')
    expect(stored[0].image1Url).toMatch(/^data:image\/jpeg;base64,/)

    await page.getByRole('link', { name: 'Back to the game' }).click()
    // The game's pair button, not the configuration screen's 'Delete My garden' it replaces.
    await expect(page.getByRole('heading', { name: 'Find the Differences!' })).toBeVisible()
    await page.getByRole('button', { name: /^My garden/ }).click()
    await page.getByRole('button', { name: 'Start Game' }).click()
    await clickAt(page.getByTestId('game-picture').first(), 41, 41)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
  })
})

test.describe('/config', () => {
  // Two accounts, an upload and a second browser: more than the default 30 s on a 2-core machine.
  test.beforeEach(() => test.setTimeout(90_000))
  test('an anonymous visitor sees the sign-in form', async ({ page }) => {
    await page.goto('/config')
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Essential Only' }).click()
    await expect(page.getByLabel('Email')).toBeVisible()
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByText('Password is required')).toBeVisible()
    await page.getByLabel('Email').fill('nobody@example.com')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByText('Login failed')).toBeVisible()
  })

  test('a signed-in non-admin sees Access Denied', async ({ page }) => {
    await signedIn(page, 'config-denied')
    await page.goto('/config')
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await page.getByRole('button', { name: 'Back to Homepage' }).click()
    await expect(page).toHaveURL('/')
  })

  test('an admin adds a pair and marks a difference; another visitor plays it', async ({ page, browser }) => {
    const email = await confirmedAccount(page.request, 'config-admin', LIZZIE)
    grantAdmin(email)
    await page.goto('/config')
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Essential Only' }).click()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Game Configuration' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Find Objects' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Find Differences' })).toHaveAttribute('aria-selected', 'true')

    const save = page.getByRole('button', { name: 'Save New Image Pair' })
    await expect(save).toBeDisabled()
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 400, height: 300 } })
    const name = `Shop pair ${Date.now()}`
    await page.getByLabel('Pair name').fill(name)
    await page.getByLabel('First image').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png })
    await expect(save).toBeDisabled()
    await page.getByLabel('Second image').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png })
    await expect(save).toBeEnabled()
    await save.click()
    await expect(page.getByText('0 / 5 differences')).toBeVisible()
    // The pictures now come from the server (/api/game-images/<hash>): wait until they are drawn.
    await expect.poll(() => page.getByRole('img', { name: `${name}, picture 2` }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await clickAt(page.getByTestId('marker-picture').first(), 60, 50)
    await expect(page.getByText('1 / 5 differences')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Differences' })).toContainText(/x: (59\.[5-9]|60\.[0-5])%/)

    await page.getByRole('button', { name: 'Export Config' }).click()
    await expect(page.getByText('Configuration Exported')).toBeVisible()

    const visitor = await browser.newContext()
    const other = waitingForApp(await visitor.newPage())
    await signedIn(other, 'config-visitor')
    await other.goto('/games/find-differences')
    await other.getByRole('button', { name }).click()
    await other.getByRole('button', { name: 'Start Game' }).click()
    await clickAt(other.getByTestId('game-picture').first(), 60, 50)
    await expect(other.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
    await visitor.close()
  })
})
