import { expect, test, type APIRequestContext, type Page } from './test'
import { confirmedAccount, grantRole, type Session, seedSession, twoStepSession } from './accounts'
import { expectNoViolationsAtEveryWidth, widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 35, "The editor": an editor builds a storybook with five endings in
// the back office, page by page and choice by choice; the map shows the
// dead end the check found, in red; fixed, the storybook is published. A
// save over a newer version offers Reload / apply again. The book it is for
// is made through the API: the journey is not about the catalog.

type Staff = { email: string; token: string; session: Session }

/** An editor with two-step sign-in on (a TOTP factor verified through /auth/v1), and that aal2 session with its token. */
async function editor(request: APIRequestContext): Promise<Staff> {
  const email = await confirmedAccount(request, 'storyeditor', { first_name: 'Ed', last_name: 'Itor' })
  grantRole(test.info().parallelIndex, email, 'editor')
  const { accessToken: token, session } = await twoStepSession(request, email)
  return { email, token, session }
}

/** The editor's browser signed in at aal2 (seedSession). */
async function signIn(page: Page, staff: Staff) {
  await seedSession(page, staff.session)
}

/** A draft book of the catalog, without a storybook. */
async function draftBook(request: APIRequestContext, token: string, title: string): Promise<number> {
  const response = await request.post('/api/admin/books', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, author: 'Ed Itor', description: 'Siso and FeeFee choose their way home.', priceCents: 1299, category: 'children', pages: 32, publicationDate: '2026-03-14', ageBand: '4–6', status: 'draft' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { id: number }).id
}

/** Screenshots at a phone's width and a desktop's, kept with the test's output for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** The page editor of the selected page. */
const pageEditor = (page: Page) => page.getByRole('region', { name: /^Page / })

/** Writes the selected page: its name and text, and makes it an ending when named one. */
async function writePage(page: Page, name: string, text: string, ending?: string) {
  const editor = pageEditor(page)
  await editor.getByLabel('Page name').fill(name)
  await editor.getByLabel('Text').fill(text)
  if (ending) {
    await editor.getByRole('switch', { name: 'This page is an ending' }).click()
    await editor.getByLabel("Ending's name").fill(ending)
  }
  await expect(page.getByRole('heading', { name: `Page ${name}` })).toBeVisible()
}

/** Adds a choice to the selected page that leads to a new page. */
async function choiceToNewPage(page: Page, label: string) {
  const editor = pageEditor(page)
  await editor.getByRole('button', { name: 'Add a choice' }).click()
  await editor.getByLabel(/^Choice \d$/).last().fill(label)
  await editor.getByLabel('Leads to').last().selectOption({ label: 'New page' })
}

/** Opens a page from the map, as an author clicks its box. */
async function openFromMap(page: Page, id: string) {
  await page.getByTestId('story-map').locator(`[data-page="${id}"]`).click()
  await expect(page.getByRole('heading', { name: `Page ${id}` })).toBeVisible()
}

/** Opens the page the n-th choice (from 0) of the selected page leads to. */
async function followChoice(page: Page, n: number) {
  await pageEditor(page).getByRole('button', { name: 'Go to page' }).nth(n).click()
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('an editor builds a five-ending storybook, fixes the dead end the map shows, publishes, and a stale save offers Reload', async ({ page }) => {
  test.setTimeout(180_000)
  const errors = collectConsoleErrors(page)
  const staff = await editor(page.request)
  const title = `Siso Finds the Way ${Date.now() % 1_000_000}`
  const bookId = await draftBook(page.request, staff.token, title)
  await signIn(page, staff)

  // The list, from the back office's navigation; a new storybook for the book, made once however often it is clicked.
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Storybooks' }).click()
  await expect(page).toHaveURL('/admin/storybooks')
  await page.getByRole('button', { name: 'New storybook' }).click()
  const dialog = page.getByRole('dialog', { name: 'New storybook' })
  await dialog.getByLabel('Book').selectOption({ label: title })
  await dialog.getByRole('button', { name: 'Create storybook' }).dblclick()
  await expect(page).toHaveURL(/\/admin\/storybooks\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  const listed = (await (await page.request.get('/api/admin/storybooks', { headers: { Authorization: `Bearer ${staff.token}` } })).json()) as { storybooks: { bookId: number }[] }
  expect(listed.storybooks.filter((s) => s.bookId === bookId)).toHaveLength(1)

  // Start: the forest or the river.
  await expect(page.getByRole('form', { name: `Edit ${title}` })).toBeVisible()
  await writePage(page, 'start', 'Siso wakes up under the **big moon**. Which way home?')
  await pageEditor(page).getByRole('group', { name: "The friends' drawings" }).getByRole('button', { name: 'Siso' }).click()
  await pageEditor(page).getByLabel('Describe the picture').fill('Siso the tiger stretches under a big round moon.')
  await choiceToNewPage(page, 'Into the forest')
  await choiceToNewPage(page, 'Down to the river')
  await followChoice(page, 0)
  await writePage(page, 'forest', 'The trees whisper hello.')
  await choiceToNewPage(page, 'Climb the tall tree')
  await choiceToNewPage(page, 'Follow the fireflies')
  await followChoice(page, 0)
  await writePage(page, 'treetop', 'Nainni waves from the top.', 'The Treetop Picnic')
  await openFromMap(page, 'forest')
  await followChoice(page, 1)
  await writePage(page, 'fireflies', 'The fireflies dance all the way home.', 'The Firefly Parade')

  // The river: a boat, a bridge, or a cave that leads nowhere yet.
  await openFromMap(page, 'start')
  await followChoice(page, 1)
  await writePage(page, 'river', 'Lizzie is fishing by the water.')
  await choiceToNewPage(page, 'Take the boat')
  await choiceToNewPage(page, 'Cross the bridge')
  await choiceToNewPage(page, 'Peek into the cave')
  await followChoice(page, 0)
  await writePage(page, 'boat', 'FeeFee rows and sings.', 'The Great Boat Song')
  await openFromMap(page, 'river')
  await followChoice(page, 1)
  await writePage(page, 'bridge', 'The bridge leads to the balloon field.', 'The Great Balloon Ride')
  await openFromMap(page, 'river')
  await followChoice(page, 2)
  await writePage(page, 'cave', 'It is dark and quiet in here.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()

  // The check finds the dead end: in the problems, and in red on the map.
  const problems = page.getByRole('region', { name: 'To fix before publishing' })
  await expect(problems.getByRole('button', { name: 'cave' })).toBeVisible()
  const cave = page.getByTestId('story-map').locator('[data-page="cave"]')
  await expect(cave).toHaveAttribute('data-state', /problem/)
  await expect(cave.locator('rect').first()).toHaveAttribute('class', /stroke-red-600/)
  await expect(cave).toContainText('no choices')
  await expect(page.getByTestId('story-map').locator('[data-page="bridge"]')).toHaveAttribute('data-state', /ending/)
  await expectNoViolationsAtEveryWidth(page, 'the storybook editor')
  await screenshots(page, 'storybook-editor-dead-end')
  // Publishing is refused while the problem remains.
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Not published')).toBeVisible()

  // The fix: the cave leads to a fifth ending.
  await problems.getByRole('button', { name: 'cave' }).click()
  await expect(page.getByRole('heading', { name: 'Page cave' })).toBeVisible()
  await choiceToNewPage(page, 'Light the lantern')
  await followChoice(page, 0)
  await writePage(page, 'lantern', 'The lantern shows a secret path home.', 'The Secret Path')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('region', { name: 'To fix before publishing' })).toBeHidden()
  await expect(page.getByText('5 paths, 5 endings')).toBeVisible()
  await expect(cave).not.toHaveAttribute('data-state', /problem/)
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('region', { name: title }).getByText('Published', { exact: true })).toBeVisible()

  // Someone else saves meanwhile (the title, the boat and the lantern pages): this editor's save is refused, reloads
  // the newer version, and applies their changes again page by page: the other person's boat page stays, the
  // lantern page both changed is named.
  const headers = { Authorization: `Bearer ${staff.token}` }
  type Saved = { version: number; title: string; pages: { id: string; text: string }[] }
  const latest = async () => (await (await page.request.get(`/api/admin/storybooks/${id}`, { headers })).json()) as Saved
  const before = await latest()
  const theirs = before.pages.map((p) => (p.id === 'boat' ? { ...p, text: 'FeeFee rows, Lizzie sings.' } : p.id === 'lantern' ? { ...p, text: 'The lantern glows gold.' } : p))
  const other = await page.request.put(`/api/admin/storybooks/${id}`, { headers, data: { version: before.version, title: `${title}!`, pages: theirs } })
  expect(other.ok(), await other.text()).toBeTruthy()
  await page.getByRole('form', { name: `Edit ${title}` }).getByLabel('Title', { exact: true }).fill('Siso Finds the Way Home')
  await openFromMap(page, 'treetop')
  await pageEditor(page).getByLabel('Text').fill('Nainni waves from the very top.')
  await openFromMap(page, 'lantern')
  await pageEditor(page).getByLabel('Text').fill('The lantern shows a secret path home, all the way.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Reload' })).toBeVisible()
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByText('This is the newer version. Your changes were not saved: Title, Pages.')).toBeVisible()
  await page.getByRole('button', { name: 'Apply my changes again' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Page lantern: changed by both of you' })).toBeVisible()
  await screenshots(page, 'storybook-editor-merged')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Siso Finds the Way Home' })).toBeVisible()
  // Read it shows the start as a child sees it: the picture described as the author wrote, and "Read to me".
  await openFromMap(page, 'start')
  await pageEditor(page).getByRole('button', { name: 'Read from here' }).click()
  const readIt = page.getByRole('dialog', { name: 'Siso Finds the Way Home' })
  await expect(readIt.getByRole('img', { name: 'Siso the tiger stretches under a big round moon.' })).toBeVisible()
  await expect(readIt.getByRole('button', { name: 'Read to me' })).toBeEnabled()
  await screenshots(page, 'storybook-read-it')
  await readIt.getByRole('button', { name: 'Close' }).click()
  const merged = await latest()
  const text = (pageId: string) => merged.pages.find((p) => p.id === pageId)?.text
  expect([text('boat'), text('treetop'), text('lantern')]).toEqual(['FeeFee rows, Lizzie sings.', 'Nainni waves from the very top.', 'The lantern shows a secret path home, all the way.'])

  // The list shows it published, with its paths and no problems.
  await page.getByRole('link', { name: 'Back to the storybooks' }).click()
  const row = page.getByRole('table', { name: 'Storybooks' }).getByRole('row', { name: /Siso Finds the Way Home/ })
  await expect(row).toContainText('Published')
  await expect(row).toContainText('5 paths, 5 endings')
  await expect(row).toContainText('No problems')
  await expectNoViolationsAtEveryWidth(page, 'the storybooks list')
  await screenshots(page, 'storybooks-list')
  // The refused publish (422) and the stale save (409) are answers the journey asked for; nothing else went wrong.
  expect(errors.filter((e) => !/^Failed to load resource: .* (422|409)/.test(e))).toEqual([])
})

/**
 * A story as Twine 2 exports it (Build, Export as Twee): Harlowe links,
 * Twine's positions, a passage tagged ending, and one a writer left
 * unfinished (no links, no tag): three paths, where a storybook needs four.
 */
const moonlitPicnic = `:: StoryTitle
The Moonlit Picnic

:: StoryData
{
  "ifid": "8C2F8C49-6E0B-4C59-9E4B-3B8E0D6B1A7D",
  "format": "Harlowe",
  "format-version": "3.3.9",
  "start": "Blanket",
  "tag-colors": {
    "ending": "green"
  },
  "zoom": 1
}

:: Blanket {"position":"100,200","size":"100,100"}
Siso spreads a blanket under the *big round moon*. Who comes to the picnic first?

[[Nainni hops over->Nainni]]
[[Lizzie brings lemonade->Lizzie]]

:: Nainni {"position":"300,100","size":"100,100"}
Nainni brings a carrot cake, still warm.

[[Share the cake->Cake]]
[[Count the stars->Stars]]

:: Lizzie {"position":"300,300","size":"100,100"}
Lizzie pours lemonade for everyone. FeeFee yawns.

[[Toast the moon->Moon]]
[[Take a moonlit walk->Walk]]

:: Cake [ending] {"position":"500,50","size":"100,100"}
Everyone has a slice, and a second slice. Yum!

:: Stars [ending] {"position":"500,150","size":"100,100"}
They count one hundred stars, then fall asleep.

:: Moon [ending] {"position":"500,250","size":"100,100"}
The moon seems to smile back at them.

:: Walk {"position":"500,350","size":"100,100"}
The path by the pond glows silver.
`

for (const size of widths) {
  test(`an author imports a story from Twine, fixes what the map names, and publishes it (${size.width} px)`, async ({ page }) => {
    test.setTimeout(120_000)
    const errors = collectConsoleErrors(page)
    const staff = await editor(page.request)
    const title = `The Moonlit Picnic ${size.width} ${Date.now() % 1_000_000}`
    await draftBook(page.request, staff.token, title)
    await signIn(page, staff) // at 1440 px, where the account menu shows
    await page.setViewportSize({ width: size.width, height: size.height })

    await page.goto('/admin/storybooks')
    await page.getByRole('button', { name: 'Import from Twine' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import from Twine' })
    await dialog.getByLabel('Book').selectOption({ label: title })
    await dialog.getByLabel('Twee file').setInputFiles({ name: 'The Moonlit Picnic.twee', mimeType: 'text/plain', buffer: Buffer.from(moonlitPicnic) })
    await dialog.getByRole('button', { name: 'Import' }).click()
    await expect(page).toHaveURL(/\/admin\/storybooks\/\d+$/)
    await expect(page.getByText('“The Moonlit Picnic”: 7 pages.')).toBeVisible()

    // The map draws Twine's passages and links; the check names the unfinished page, in red, and the missing path.
    const map = page.getByTestId('story-map')
    await expect(map.locator('[data-page="Cake"]')).toHaveAttribute('data-state', /ending/)
    const walk = map.locator('[data-page="Walk"]')
    await expect(walk).toHaveAttribute('data-state', /problem/)
    const problems = page.getByRole('region', { name: 'To fix before publishing' })
    await expect(problems).toContainText('has no choices and is not an ending.')
    await expect(problems).toContainText('The story has 3 paths from the start to an ending; a storybook has 4 to 8.')
    await expect(page.getByRole('heading', { name: 'Page Blanket' })).toBeVisible()
    await expect(pageEditor(page).getByLabel('Text')).toHaveValue('Siso spreads a blanket under the *big round moon*. Who comes to the picnic first?')
    await screenshots(page, `storybook-imported-${size.width}`)
    await expectNoViolationsAtEveryWidth(page, 'an imported storybook')
    await page.setViewportSize({ width: size.width, height: size.height })

    // The fix: the walk is a fourth ending.
    await problems.getByRole('button', { name: 'Walk' }).click()
    await expect(page.getByRole('heading', { name: 'Page Walk' })).toBeVisible()
    await pageEditor(page).getByRole('switch', { name: 'This page is an ending' }).click()
    await pageEditor(page).getByLabel("Ending's name").fill('The Silver Pond')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('region', { name: 'To fix before publishing' })).toBeHidden()
    await expect(page.getByText('4 paths, 4 endings')).toBeVisible()
    await expect(walk).not.toHaveAttribute('data-state', /problem/)
    await page.getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByRole('region', { name: 'The Moonlit Picnic' }).getByText('Published', { exact: true })).toBeVisible()
    await screenshots(page, `storybook-imported-published-${size.width}`)
    expect(errors).toEqual([])
  })
}
