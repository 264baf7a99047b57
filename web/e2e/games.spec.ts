import { readFile } from 'node:fs/promises'
import { expect, test, waitingForApp, type Locator, type Page } from './test'
import { PASSWORD, accessToken, confirmedAccount, grantRole, totpCode, twoStepSession, signedInAs } from './accounts'
import { expectNoViolationsAtEveryWidth } from './axe'

// Issue 12: both games, the player-side configuration and /config, against
// the real binary in --dev mode (accounts confirmed through the dev mailbox).
// Issue 26: the differences game on a phone, hit zones as drawn, the shop's
// pictures beside custom ones, Export/Import, axe on every game screen.

const LIZZIE = { first_name: 'Lizzie', last_name: 'Lizard' }

async function signedIn(page: Page, tag: string): Promise<string> {
  const email = await confirmedAccount(page.request, tag, LIZZIE)
  await signedInAs(page, email)
  return email
}

/**
 * An admin signed in at /config with two steps (as every staff write needs), on the Game Configuration panel;
 * returns the access token of another two-step session of the same account.
 */
async function adminAtConfig(page: Page, tag: string): Promise<string> {
  const email = await confirmedAccount(page.request, tag, LIZZIE)
  // The owner may configure the games (as an editor may), given the honest way: the shop's own CLI.
  grantRole(test.info().parallelIndex, email, 'owner')
  const { secret, accessToken: token } = await twoStepSession(page.request, email)
  await page.goto('/config')
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Essential Only' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, 30))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('heading', { name: 'Game Configuration' })).toBeVisible()
  return token
}

/** Clicks a picture at x, y percent of its box. */
async function clickAt(picture: Locator, x: number, y: number) {
  await picture.scrollIntoViewIfNeeded()
  const box = await picture.boundingBox()
  if (!box) throw new Error('picture not visible')
  await picture.page().mouse.click(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100)
}

/** Where a point of an SVG group drawn at translate(cx cy) rotate(deg) lands, in percent of a width × height picture. */
function drawnAt(group: { cx: number; cy: number; deg: number }, x: number, y: number, size: { width: number; height: number }): [number, number] {
  const a = (group.deg * Math.PI) / 180
  return [((group.cx + x * Math.cos(a) - y * Math.sin(a)) / size.width) * 100, ((group.cy + x * Math.sin(a) + y * Math.cos(a)) / size.height) * 100]
}

const FOREST = { width: 1000, height: 600 }
const PICNIC = { width: 800, height: 600 }
/** The top of the plastic bag's left handle (public/games/forest.svg, #plastic-bag). */
const BAG_HANDLE = drawnAt({ cx: 80, cy: 450, deg: -8 }, -16, -34, FOREST)
/** The kite's top and bottom tips (public/games/picnic-1.svg). */
const KITE = { cx: 136, cy: 108, deg: -15 }
const KITE_TOP = drawnAt(KITE, 0, -40, PICNIC)
const KITE_BOTTOM = drawnAt(KITE, 0, 44, PICNIC)

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

/**
 * Chooses the shop's own picture when others (published by an admin in
 * another journey on this server) are offered beside it.
 */
async function chooseShopPicture(page: Page, name: 'Litter in the forest' | 'Picnic by the pond') {
  await expect(page.getByRole('button', { name: 'Start Game' })).toBeVisible()
  const button = page.getByRole('button', { name, exact: true })
  if ((await button.count()) > 0) await button.click()
}

/**
 * Starts a round of Clean Up The Forest! and checks that the whole picture
 * and the list of things to find are on screen while the clock runs.
 */
async function expectBoardInView(page: Page, start: string) {
  const button = page.getByRole('button', { name: start })
  if ((page.viewportSize()?.width ?? 0) < 768) await button.tap()
  else await button.click()
  await expect(page.getByTestId('time-left')).not.toHaveText('30.00s')
  const inView = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const b = el.getBoundingClientRect()
      return b.top >= 0 && b.left >= 0 && b.bottom <= window.innerHeight && b.right <= window.innerWidth
    })
  await expect.poll(() => inView('[data-testid="game-picture"]')).toBe(true)
  await expect.poll(() => inView('ul[aria-label="Things to find"]')).toBe(true)
}

/** A small picture to upload: a screenshot of the top of the page. */
const snapshot = (page: Page) => page.screenshot({ clip: { x: 0, y: 0, width: 400, height: 300 } })

test.describe('Clean Up The Forest!', () => {
  test('win by clicking the five default objects; axe while playing and when won', async ({ page }) => {
    await signedIn(page, 'forest-win')
    await page.goto('/games/find-objects')
    await expect(page.getByRole('heading', { name: 'Clean Up The Forest!' })).toBeVisible()
    await expect(page.getByTestId('time-left')).toHaveText('30.00s')
    await chooseShopPicture(page, 'Litter in the forest')
    await page.getByRole('button', { name: 'Start Game' }).click()
    const picture = page.getByTestId('game-picture')
    await clickAt(picture, DEFAULT_OBJECTS[0][0], DEFAULT_OBJECTS[0][1])
    await expect(page.getByTestId('found')).toHaveText('1 / 5')
    await expectNoViolationsAtEveryWidth(page, 'playing')
    for (const [x, y] of DEFAULT_OBJECTS.slice(1)) await clickAt(picture, x, y)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
    const score = Number(await page.getByTestId('score').textContent())
    expect(score).toBeGreaterThan(0)
    expect(score).toBeLessThanOrEqual(5 * 5 * 30)
    await expectNoViolationsAtEveryWidth(page, 'won')
    await page.getByRole('button', { name: 'Play Again' }).click()
    await expect(page.getByRole('button', { name: 'Start Game' })).toBeVisible()
    await expect(page.getByTestId('time-left')).toHaveText('30.00s')
  })

  test('the picture and the list on screen while the clock runs at 1440 px', async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    await signedIn(page, 'forest-wide')
    await page.goto('/games/find-objects')
    await chooseShopPicture(page, 'Litter in the forest')
    await expectBoardInView(page, 'Start Game')
    await page.screenshot({ path: test.info().outputPath('find-objects-1440.png') })
  })

  test('the plastic bag counts at its handle', async ({ page }) => {
    await signedIn(page, 'forest-handle')
    await page.goto('/games/find-objects')
    await chooseShopPicture(page, 'Litter in the forest')
    await page.getByRole('button', { name: 'Start Game' }).click()
    await clickAt(page.getByTestId('game-picture'), ...BAG_HANDLE)
    await expect(page.getByTestId('found')).toHaveText('1 / 5')
    await expect(page.getByTestId('wrong-clicks')).toHaveText('0 / 3')
  })

  test('lose on the third wrong click; axe on Game Over!', async ({ page }) => {
    await signedIn(page, 'forest-lose')
    await page.goto('/games/find-objects')
    await chooseShopPicture(page, 'Litter in the forest')
    await page.getByRole('button', { name: 'Start Game' }).click()
    const picture = page.getByTestId('game-picture')
    await clickAt(picture, 90, 10)
    await clickAt(picture, 80, 10)
    await expect(page.getByTestId('wrong-clicks')).toHaveText('2 / 3')
    await clickAt(picture, 70, 10)
    await expect(page.getByRole('heading', { name: 'Game Over!' })).toBeVisible()
    await expect(page.getByText('Too many wrong clicks!')).toBeVisible()
    await expect(page.getByTestId('score')).toHaveText('0')
    await expectNoViolationsAtEveryWidth(page, 'lost')
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByRole('button', { name: 'Start Game' })).toBeVisible()
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('tap the five default objects to win', async ({ page }) => {
    await signedIn(page, 'forest-touch')
    await page.goto('/games/find-objects')
    await chooseShopPicture(page, 'Litter in the forest')
    await page.getByRole('button', { name: 'Start Game' }).tap()
    const picture = page.getByTestId('game-picture')
    await picture.scrollIntoViewIfNeeded()
    const box = await picture.boundingBox()
    if (!box) throw new Error('picture not visible')
    for (const [x, y] of DEFAULT_OBJECTS) await page.touchscreen.tap(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
    await expect(page.getByTestId('wrong-clicks')).toHaveText('0 / 3')
  })

  test('Clean Up The Forest!: the picture and the list on screen while the clock runs; each thing takes a 44 px tap', async ({ page }) => {
    test.setTimeout(90_000)
    await signedIn(page, 'forest-phone')
    await page.goto('/games/find-objects')
    await chooseShopPicture(page, 'Litter in the forest')
    // Each thing counts 21 px above its middle, whatever the size of its drawing (about 20 px
    // on this screen): its tap is 44 px tall. (The whole 44 × 44 square: rules.test.ts.)
    await expectBoardInView(page, 'Start Game')
    await page.screenshot({ path: test.info().outputPath('find-objects-390.png') })
    const box = await page.getByTestId('game-picture').boundingBox()
    if (!box) throw new Error('picture not visible')
    for (const [x, y] of DEFAULT_OBJECTS) await page.touchscreen.tap(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100 - 21)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
    await expect(page.getByTestId('wrong-clicks')).toHaveText('0 / 3')
  })

  test('Find the Differences: both pictures on screen together while the clock runs; the kite counts at its tip', async ({ page }) => {
    await signedIn(page, 'diff-phone')
    await page.goto('/games/find-differences')
    await chooseShopPicture(page, 'Picnic by the pond')
    await page.getByRole('button', { name: 'Start Game' }).tap()
    const pictures = page.getByTestId('game-picture')
    await expect(pictures).toHaveCount(2)
    // Both boxes wholly inside the 390 × 844 viewport, with no scrolling in between.
    const inViewport = () =>
      pictures.evaluateAll((els) =>
        els.every((el) => {
          const b = el.getBoundingClientRect()
          return b.top >= 0 && b.left >= 0 && b.bottom <= window.innerHeight && b.right <= window.innerWidth
        }),
      )
    await expect.poll(inViewport).toBe(true)
    await expect(page.getByTestId('time-left')).not.toHaveText('30.00s')
    const second = await pictures.nth(1).boundingBox()
    const first = await pictures.nth(0).boundingBox()
    if (!first || !second) throw new Error('pictures not visible')
    const tap = (box: typeof first, [x, y]: number[]) => page.touchscreen.tap(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100)
    await tap(first, KITE_TOP)
    await expect(page.getByTestId('found')).toHaveText('1 / 5')
    for (const place of DEFAULT_DIFFERENCES.slice(1)) await tap(second, place)
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
  test('play the default pair to Congratulations!, the kite found at its bottom tip; axe playing and won', async ({ page }) => {
    await signedIn(page, 'diff-default')
    await page.goto('/games/find-differences')
    await expect(page.getByRole('heading', { name: 'Find the Differences!' })).toBeVisible()
    await chooseShopPicture(page, 'Picnic by the pond')
    await page.getByRole('button', { name: 'Start Game' }).click()
    const second = page.getByTestId('game-picture').nth(1)
    await clickAt(second, ...KITE_BOTTOM)
    await expect(page.getByTestId('found')).toHaveText('1 / 5')
    await expectNoViolationsAtEveryWidth(page, 'playing')
    for (const [x, y] of DEFAULT_DIFFERENCES.slice(1)) await clickAt(second, x, y)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
    await expectNoViolationsAtEveryWidth(page, 'won')
  })

  test('a pair added in the player-side screen is played beside the shop pair', async ({ page }) => {
    await signedIn(page, 'diff-player')
    await page.goto('/games/find-differences')
    await page.getByRole('link', { name: 'Configure image pairs' }).click()
    await expect(page.getByRole('heading', { name: 'My Image Pairs' })).toBeVisible()
    const png = await snapshot(page)
    await page.getByLabel('Pair name').fill('My garden')
    await page.getByLabel('First image').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png })
    await page.getByLabel('Second image').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Save New Image Pair' }).click()
    await expect(page.getByText('0 / 5 differences')).toBeVisible()
    const picture = page.getByTestId('marker-picture').first()
    await clickAt(picture, 40, 40)
    await expect(page.getByRole('list', { name: 'Differences' })).toContainText(/x: (39\.[5-9]|40\.[0-5])%/)
    // The editor draws the circle the game hits: half of the stored radius 10, i.e. 10 % of the width across.
    const marker = await picture.getByTestId('marker').boundingBox()
    const box = await picture.boundingBox()
    if (!marker || !box) throw new Error('marker not visible')
    expect(marker.width / box.width).toBeGreaterThan(0.09)
    expect(marker.width / box.width).toBeLessThan(0.11)
    await expectNoViolationsAtEveryWidth(page, 'player-side pair editor')
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('differencePairs') ?? '[]') as { name: string; differences: unknown[]; image1Url: string }[])
    expect(stored).toHaveLength(1)
    expect(stored[0].name).toBe('My garden')
    expect(stored[0].image1Url).toMatch(/^data:image\/jpeg;base64,/)

    await page.getByRole('link', { name: 'Back to the game' }).click()
    await expect(page.getByRole('heading', { name: 'Find the Differences!' })).toBeVisible({ timeout: 15_000 }) // the game's chunk loads on the way back
    const pairs = page.getByRole('group', { name: 'Image pairs' })
    await expect(pairs.getByRole('button', { name: 'Picnic by the pond' })).toBeVisible()
    await pairs.getByRole('button', { name: 'My garden' }).click()
    await page.getByRole('button', { name: 'Start Game' }).click()
    // 4 % to the side: inside the circle drawn in the editor (5 % of the width).
    await clickAt(page.getByTestId('game-picture').first(), 44, 40)
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
  })
})

test.describe('My Game Images', () => {
  test('the object name is cleared after each object; a custom picture plays beside the forest, in neutral words', async ({ page }) => {
    await signedIn(page, 'objects-player')
    await page.goto('/games/find-objects/config')
    await expect(page.getByRole('heading', { name: 'My Game Images' })).toBeVisible()
    await page.getByLabel('Image name').fill('Beach day')
    await page.getByLabel('Picture').setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: await snapshot(page) })
    await page.getByRole('button', { name: 'Save Image' }).click()
    await expect(page.getByText('0 objects')).toBeVisible()

    const objectName = page.getByLabel('Object name')
    await objectName.fill('bucket')
    const picture = page.getByTestId('marker-picture')
    await clickAt(picture, 30, 60)
    const objects = page.getByRole('list', { name: 'Objects' })
    await expect(objects.getByRole('listitem')).toHaveCount(1)
    await expect(objectName).toHaveValue('')
    // A second click does not add the bucket again: it asks for the next name.
    await clickAt(picture, 70, 60)
    await expect(page.getByText('Please enter an object name first')).toBeVisible()
    await expect(objectName).toBeFocused()
    await expect(objects.getByRole('listitem')).toHaveCount(1)
    await expectNoViolationsAtEveryWidth(page, 'player-side image editor')

    await page.getByRole('link', { name: 'Back to the game' }).click()
    const choices = page.getByRole('group', { name: 'Choose a picture' })
    await expect(choices.getByRole('button', { name: 'Litter in the forest' })).toBeVisible()
    await choices.getByRole('button', { name: 'Beach day' }).click()
    const aside = page.getByRole('complementary')
    await expect(aside.getByText('Tap each of these things in the picture.')).toBeVisible()
    await expect(aside).not.toContainText('forest')
    await choices.getByRole('button', { name: 'Litter in the forest' }).click()
    await expect(aside.getByText('Tap everything that does not belong in the forest.')).toBeVisible()
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

  test('an admin without two-step sign-in is asked to turn it on, and cannot save', async ({ page }) => {
    const email = await signedIn(page, 'config-one-step')
    grantRole(test.info().parallelIndex, email, 'editor')
    await page.goto('/config')
    await expect(page.getByRole('heading', { name: 'Game configuration needs two-step sign-in' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Turn on two-step sign-in' })).toBeVisible()
    // The server refuses the save of a one-step session whatever the page shows.
    const token = await accessToken(page.request, email)
    const put = await page.request.put('/api/admin/game-config', {
      data: { version: 0, gameImages: [], differencePairs: [] },
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(put.status()).toBe(403)
  })

  test('an admin adds a pair and marks a difference, exports and imports it; another visitor plays it beside the shop pair', async ({ page, browser }) => {
    await adminAtConfig(page, 'config-admin')
    await expect(page.getByRole('tab', { name: 'Find Objects' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Find Differences' })).toHaveAttribute('aria-selected', 'true')

    const save = page.getByRole('button', { name: 'Save New Image Pair' })
    await expect(save).toBeDisabled()
    const png = await snapshot(page)
    const name = `Shop pair ${Date.now()}`
    await page.getByLabel('Pair name').fill(name)
    await page.getByLabel('First image').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png })
    await expect(save).toBeDisabled()
    await page.getByLabel('Second image').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png })
    await expect(save).toBeEnabled()
    await save.click()
    // Its entry in the list of pairs, with its count of differences.
    const entry = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Delete ${name}` }) })
    await expect(entry).toContainText('0 / 5 differences')
    // The pictures now come from the server (/api/game-images/<hash>): wait until they are drawn.
    await expect.poll(() => page.getByRole('img', { name: `${name}, picture 2` }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await clickAt(page.getByTestId('marker-picture').first(), 60, 50)
    await expect(entry).toContainText('1 / 5 differences')
    await expect(page.getByRole('list', { name: 'Differences' })).toContainText(/x: (59\.[5-9]|60\.[0-5])%/)
    await expectNoViolationsAtEveryWidth(page, 'Find Differences panel')

    // Export: the console and a file; Import reads the file back.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export Config' }).click()
    await expect(page.getByText('Configuration Exported')).toBeVisible()
    const file = await (await download).path()
    const exported = JSON.parse(await readFile(file, 'utf8')) as { differencePairs: { name: string; image1Url: string; differences: unknown[] }[] }
    const ours = exported.differencePairs.find((p) => p.name === name)
    expect(ours?.differences).toHaveLength(1)
    // The pictures travel inside the file, so it imports after they were deleted from the server.
    expect(ours?.image1Url).toMatch(/^data:image\//)
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0)
    await page.getByTestId('import-config').setInputFiles(file)
    await expect(page.getByText('Configuration Imported')).toBeVisible()
    await expect(entry).toContainText('1 / 5 differences')

    await page.getByRole('tab', { name: 'Find Objects' }).click()
    await expect(page.getByRole('heading', { name: 'Add a game image' })).toBeVisible()
    await expectNoViolationsAtEveryWidth(page, 'Find Objects panel')

    const visitor = await browser.newContext()
    const other = waitingForApp(await visitor.newPage())
    await signedIn(other, 'config-visitor')
    await other.goto('/games/find-differences')
    const pairs = other.getByRole('group', { name: 'Image pairs' })
    await expect(pairs.getByRole('button', { name: 'Picnic by the pond' })).toBeVisible()
    await pairs.getByRole('button', { name }).click()
    await other.getByRole('button', { name: 'Start Game' }).click()
    await clickAt(other.getByTestId('game-picture').first(), 60, 50)
    await expect(other.getByRole('heading', { name: 'Congratulations!' })).toBeVisible()
    await visitor.close()

    // The shop as it was, for the journeys after this one on this server.
    await page.getByRole('tab', { name: 'Find Differences' }).click()
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0)
  })

  test("a save based on an older version is refused with a Reload; hiding the shop's pictures takes the forest out of the game", async ({ page, browser }) => {
    const headers = { Authorization: `Bearer ${await adminAtConfig(page, 'config-versions')}` }
    const shopShown = page.getByRole('switch', { name: /Play the shop's own pictures/ })
    await expect(shopShown).toBeChecked()

    // Another admin (the same account, elsewhere) publishes a picture and hides the shop's, after this page read the configuration.
    const upload = await page.request.post('/api/admin/game-images', { data: await snapshot(page), headers: { ...headers, 'Content-Type': 'image/png' } })
    expect(upload.status()).toBe(201)
    const { url } = (await upload.json()) as { url: string }
    const image = { id: `img_${Date.now()}`, name: 'Garden party', imageUrl: url, objects: [{ name: 'teapot', x: 50, y: 50, radius: 8 }] }
    type Config = { version: number; hideShopPictures: boolean; gameImages: { id: string }[]; differencePairs: unknown[] }
    const read = async () => (await (await page.request.get('/api/game-config')).json()) as Config
    const before = await read()
    const put = (config: Config) => page.request.put('/api/admin/game-config', { data: config, headers })
    expect((await put({ ...before, hideShopPictures: true, gameImages: [...before.gameImages, image] })).status()).toBe(200)
    try {
      // This page's change, based on the older version, is not saved and says so.
      await shopShown.click()
      const conflict = page.getByRole('alert').filter({ hasText: 'Your last change was not saved.' })
      await expect(conflict).toBeVisible()
      await expect(conflict).toContainText('Reload')
      await expectNoViolationsAtEveryWidth(page, 'a refused save')
      await conflict.getByRole('button', { name: 'Reload' }).click()
      await expect(conflict).toBeHidden()
      await expect(shopShown).not.toBeChecked()

      const visitor = await browser.newContext()
      const other = waitingForApp(await visitor.newPage())
      await signedIn(other, 'config-hidden')
      await other.goto('/games/find-objects')
      await expect(other.getByRole('button', { name: 'Start Game' })).toBeVisible()
      await expect(other.getByRole('button', { name: 'Litter in the forest' })).toHaveCount(0)
      await expect(other.getByRole('list', { name: 'Things to find' })).toContainText('teapot')
      await visitor.close()
    } finally {
      // The shop as it was, for the journeys after this one on this server.
      const now = await read()
      expect((await put({ ...now, hideShopPictures: false, gameImages: now.gameImages.filter((i) => i.id !== image.id) })).status()).toBe(200)
    }
  })
})
