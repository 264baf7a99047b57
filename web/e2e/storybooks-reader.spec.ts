import { expect, test, type Page } from './test'
import { PASSWORD, accessToken, addChildFor, confirmedAccount, staffToken } from './accounts'
import { expectNoViolationsAtEveryWidth, widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 35, "The reader and the library": a visitor reads the free pages
// of Our First Adventure (book 3's shipped storybook, 6 endings) and is
// asked to get the full book at page 4; a family given the edition reads
// as a child in kid mode to two endings, and the server has the child's
// progress.

const SLUG = 'our-first-adventure'
const [phone, desktop] = widths

/** Chooses `label` and waits for the page it leads to, whose heading takes the focus. */
async function choose(page: Page, label: string, heading: string | RegExp) {
  await page.getByRole('button', { name: label }).click()
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeFocused()
}

test('a visitor reads the first pages and is asked to get the full book at page 4', async ({ page }) => {
  test.setTimeout(60_000)
  await page.setViewportSize(phone)
  const errors = collectConsoleErrors(page)
  await page.goto('/books/3')
  await page.getByRole('link', { name: 'Try the first pages' }).click()
  await expect(page).toHaveURL(`/read/${SLUG}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Our First Adventure' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Page 1' })).toBeVisible()

  // Rendered by the server: the start page is in the HTML before any script.
  const html = await (await page.request.get(`/read/${SLUG}`)).text()
  expect(html).toContain('Set off for the Rainbow Lake')

  await page.getByRole('button', { name: 'Set off for the Rainbow Lake' }).click()
  await expect(page.getByRole('heading', { name: 'Page 2' })).toBeFocused()
  // A choice is a big button: a child's finger finds it.
  const box = await page.getByRole('button', { name: 'Take the dark forest path' }).boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(48)
  expect(box!.width).toBeGreaterThan(phone.width - 100)
  await choose(page, 'Take the dark forest path', 'Page 3')
  await page.getByRole('button', { name: 'Ask the owl for help' }).click()
  await expect(page.getByRole('heading', { name: 'The rest of this story is waiting in the full book' })).toBeFocused()
  await expect(page.getByRole('link', { name: 'Get the full book' })).toHaveAttribute('href', '/books/3')
  await expect(page.getByRole('link', { name: 'I have it: log in' })).toBeVisible()
  await expectNoViolationsAtEveryWidth(page, 'the end of the preview')

  await page.setViewportSize(phone)
  await page.getByRole('button', { name: 'Back to the story' }).click()
  await expect(page.getByRole('heading', { name: 'Page 3' })).toBeFocused()
  await expectNoViolationsAtEveryWidth(page, 'a page of the reader')
  expect(errors).toEqual([])
})

test('a family given the edition reads as a child in kid mode to two endings, kept on the server', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize(desktop)
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  const email = await confirmedAccount(page.request, 'storybook-family', { first_name: 'Fiona', last_name: 'Reed' })
  const parent = { Authorization: `Bearer ${await accessToken(page.request, email)}` }
  const kidId = await addChildFor(page.request, parent.Authorization.slice(7), 'Nainni')
  const { id } = (await (await page.request.get(`/api/storybooks/${SLUG}`)).json()) as { id: number }
  const support = { Authorization: `Bearer ${await staffToken(page.request, test.info().parallelIndex, 'support')}` }
  expect((await page.request.post(`/api/admin/storybooks/${id}/grants`, { headers: support, data: { email } })).status()).toBe(201)

  const errors = collectConsoleErrors(page)
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL('/')
  await page.getByRole('button', { name: /^Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'My storybooks' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My storybooks' })).toBeVisible()
  await page.getByRole('radio', { name: 'Nainni' }).click()
  await expect(page.getByRole('radio', { name: 'Nainni' })).toBeChecked()
  await expect(page.getByText('You found 0 of 6 endings')).toBeVisible()
  await page.getByRole('button', { name: 'Turn on kid mode' }).click()
  await expect(page.getByRole('button', { name: 'Leave kid mode' })).toBeVisible()
  await expectNoViolationsAtEveryWidth(page, 'the library in kid mode')
  await page.setViewportSize(desktop)

  await page.getByRole('link', { name: 'Read Our First Adventure' }).click()
  await choose(page, 'Set off for the Rainbow Lake', 'Page 2')
  await choose(page, 'Take the dark forest path', 'Page 3')
  await choose(page, 'Ask the owl for help', 'Page 4')
  await choose(page, 'Wait for the fireflies', 'Page 5')
  await choose(page, 'Look, a tiny light!', 'Page 6')
  await expect(page.getByText('The Night of a Thousand Fireflies', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('You found 1 of 6 endings')).toBeVisible()

  // Back along the way, and another path to a second ending.
  await page.getByRole('button', { name: 'Back', exact: true }).click()
  await page.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Page 4' })).toBeFocused()
  await choose(page, 'Climb Breezy Hill', 'Page 5')
  await choose(page, 'Help Bramble’s balloon fly', 'Page 6')
  await choose(page, 'Climb into the basket', 'Page 7')
  await expect(page.getByText('You found 2 of 6 endings')).toBeVisible()
  await expect(page.getByRole('list', { name: "The story's endings" }).getByText('The Night of a Thousand Fireflies')).toBeVisible()
  await expectNoViolationsAtEveryWidth(page, 'an ending in kid mode')

  // The child's progress is on the server, hers alone.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/library/${id}/progress?reader=${kidId}`, { headers: parent })).json()) as { endings: string[] }).endings.sort())
    .toEqual(['firefly-lights', 'great-balloon-ride'])
  const mine = (await (await page.request.get(`/api/library/${id}/progress?reader=me`, { headers: parent })).json()) as { endings: string[] }
  expect(mine.endings).toEqual([])

  // Back in the library, she continues where she stopped.
  await page.getByRole('navigation', { name: 'Games' }).getByRole('link', { name: 'Stories' }).click()
  await expect(page.getByText('You found 2 of 6 endings')).toBeVisible()
  await page.getByRole('link', { name: 'Continue Our First Adventure' }).click()
  await expect(page.getByText('The Great Balloon Ride', { exact: true }).first()).toBeVisible()
  expect(errors).toEqual([])
})
