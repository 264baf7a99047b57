import { expect, test, waitingForApp, type APIRequestContext, type Page } from './test'
import { confirmedAccount, grantRole, type Session, seedSession, twoStepSession } from './accounts'
import { expectNoViolationsAtEveryWidth, widths } from './axe'
import { collectConsoleErrors } from './console'
import { png } from './pictures'

// Issue 27, "Posts": the blog's posts live in the database, written in
// Markdown in the back office and rendered and sanitized by the server.

/** Screenshots of the page at a phone's width and a desktop's, kept with the test's output for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true })
  }
}

/**
 * A staff member with `role` (the shop's CLI grants it) and two-step sign-in turned on
 * through /auth/v1 as the profile's card does. Returns the address and the aal2 session.
 */
async function staffWithTwoSteps(request: APIRequestContext, role: 'editor' | 'manager'): Promise<{ email: string; session: Session }> {
  const email = await confirmedAccount(request, role, { first_name: 'Ed', last_name: 'Itor' })
  grantRole(test.info().parallelIndex, email, role)
  return { email, session: (await twoStepSession(request, email)).session }
}

/** The staff member's browser signed in at aal2 (seedSession). */
async function signIn(page: Page, staff: { session: Session }) {
  await seedSession(page, staff.session)
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

test('an editor writes and publishes a post; a visitor reads it at /blog/{id}', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const errors = collectConsoleErrors(page)
  const editor = await staffWithTwoSteps(page.request, 'editor')
  await signIn(page, editor)
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Posts' }).click()
  await expect(page).toHaveURL('/admin/posts')
  const list = page.getByRole('list', { name: 'Posts' })
  await expect(list.getByRole('listitem')).toHaveCount(5)
  await expect(list.getByRole('link', { name: '5 Ways to Make Bedtime Stories Magical', exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'New post' }).click()
  await expect(page).toHaveURL('/admin/posts/new')
  const form = page.getByRole('form', { name: 'New post' })
  await form.getByLabel('Title').fill('Reading Together on Rainy Days')
  await form.getByLabel('Excerpt').fill('A blanket, a window and a pile of books: how to turn a gray afternoon into a story adventure.')
  await form
    .getByLabel('Article in Markdown')
    .fill(
      '## Build a window nook\n\nPile up pillows where you can **hear the rain**.\n\n- Pick three books\n- Take turns choosing\n\n' +
        '<script>window.hacked = true</script>\n\n[Play a game](javascript:alert(1))',
    )
  await form.getByRole('tab', { name: 'Preview' }).click()
  const preview = form.getByRole('tabpanel', { name: 'Preview' })
  await expect(preview.getByRole('heading', { level: 2, name: 'Build a window nook' })).toBeVisible()
  await expect(preview.getByRole('listitem')).toHaveCount(2)
  await expect(preview.getByText('Play a game')).toBeVisible()
  await expect(preview.locator('a[href^="javascript"], script')).toHaveCount(0)
  await form.getByRole('tab', { name: 'Write' }).click()
  await form.getByLabel('Status').selectOption('published')
  await form.getByLabel('Date').fill('2026-01-15')
  await form.getByLabel('Author').fill('Ed Itor')
  await form.getByLabel('Category').fill('Reading Tips')
  await form.getByLabel('Picture address').fill('/blog/reading-together.svg')
  await form.getByLabel('Picture description').fill('Books by a rainy window')
  // A slug another post has: the server's message lands on the field.
  await form.getByLabel('Slug').fill('building-a-home-library-on-a-budget')
  await form.getByRole('button', { name: 'Create post' }).click()
  await expect(form.getByText('Another post already has this slug. Choose another.')).toBeVisible()
  await expect(form.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true')
  await expectNoViolationsAtEveryWidth(page, 'the editor with a field message')
  await form.getByLabel('Slug').fill('')
  await form.getByRole('button', { name: 'Create post' }).click()
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/)
  const id = page.url().split('/').pop()!
  const editorForm = page.getByRole('form', { name: 'Edit Reading Together on Rainy Days' })
  await expect(editorForm.getByLabel('Slug')).toHaveValue('reading-together-on-rainy-days')
  await expectNoViolationsAtEveryWidth(page, 'the editor')
  await editorForm.getByRole('tab', { name: 'Preview' }).click()
  await expect(editorForm.getByRole('tabpanel', { name: 'Preview' }).getByRole('heading', { name: 'Build a window nook' })).toBeVisible()
  await expectNoViolationsAtEveryWidth(page, 'the editor, Preview')
  await screenshots(page, 'editor-preview')
  await editorForm.getByRole('tab', { name: 'Write' }).click()
  await page.setViewportSize({ width: 1440, height: 900 })
  await screenshots(page, 'editor')

  // A visitor, in a browser of their own, finds it first on the blog and reads it.
  const visitorContext = await browser.newContext()
  const visitor = waitingForApp(await visitorContext.newPage())
  const visitorErrors = collectConsoleErrors(visitor)
  await visitor.goto('/blog')
  await expect(visitor.getByRole('main').getByRole('article').first()).toContainText('Reading Together on Rainy Days')
  await visitor.getByRole('link', { name: 'Reading Together on Rainy Days' }).click()
  await expect(visitor).toHaveURL(`/blog/${id}`)
  await expect(visitor.getByRole('heading', { level: 1, name: 'Reading Together on Rainy Days' })).toBeVisible()
  await expect(visitor.getByRole('heading', { level: 2, name: 'Build a window nook' })).toBeVisible()
  await expect(visitor.getByText('hear the rain')).toBeVisible()
  await expect(visitor.getByText('Play a game')).toBeVisible()
  await expect(visitor.locator('main a[href^="javascript"], main script')).toHaveCount(0)
  expect(await visitor.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined()
  expect((await visitor.request.get(`/blog/${id}`)).status()).toBe(200)

  // Back to a draft: the visitor's next request is the not-found page.
  await editorForm.getByLabel('Status').selectOption('draft')
  await editorForm.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('“Reading Together on Rainy Days” is a draft.')).toBeVisible()
  const response = await visitor.goto(`/blog/${id}`)
  expect(response?.status()).toBe(404)
  await expect(visitor.getByRole('heading', { level: 1, name: 'Once Upon a Time... This Page Existed.' })).toBeVisible()
  await visitorContext.close()
  expect(visitorErrors).toEqual([])
  // The refused slug was the browser's logged 400; nothing else.
  expect(errors.filter((e) => !/^Failed to load resource: .* 400/.test(e))).toEqual([])
})

// Issue 38, item 7: a picture from another site is refused at save (the
// Content Security Policy would block it); an uploaded one shows.
for (const size of widths) {
  test(`an editor uploads a picture into a post; readers see it (${size.width} px)`, async ({ page, browser }) => {
    test.setTimeout(120_000)
    const errors = collectConsoleErrors(page)
    const editor = await staffWithTwoSteps(page.request, 'editor')
    await signIn(page, editor)
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.goto('/admin/posts/new')
    const form = page.getByRole('form', { name: 'New post' })
    const title = `Kites Over the Meadow ${size.width}`
    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Excerpt').fill('A windy afternoon, a paper kite and a story to read after.')
    await form.getByLabel('Author').fill('Ed Itor')
    await form.getByLabel('Category').fill('Activities')
    await form.getByLabel('Status').selectOption('published')
    const article = form.getByLabel('Article in Markdown')
    await article.fill('We flew a kite.\n\n![A kite](https://pics.example/kite.jpg)')
    await form.getByRole('button', { name: 'Create post' }).click()
    await expect(form.getByText('The picture https://pics.example/kite.jpg is on another site, which the blog cannot show.')).toBeVisible()

    await article.fill('We flew a kite.')
    await form.getByLabel('Add a picture').setInputFiles({ name: 'kite.png', mimeType: 'image/png', buffer: png(600, 400) })
    await expect(article).toHaveValue(/^We flew a kite\.\n\n!\[Describe the picture\]\(\/posts\/pictures\/[0-9a-f]{64}-600\.jpg\)\n\n$/)
    // The description is selected (with the focus, a frame after the upload): what the editor types replaces it.
    await expect(article).toBeFocused()
    await page.keyboard.type('A red kite in a blue sky')
    await expect(article).toHaveValue(/!\[A red kite in a blue sky\]\(/)
    await form.getByRole('tab', { name: 'Preview' }).click()
    await expect(form.getByRole('tabpanel', { name: 'Preview' }).getByRole('img', { name: 'A red kite in a blue sky' })).toHaveJSProperty('naturalWidth', 600)
    await form.getByRole('tab', { name: 'Write' }).click()
    await form.getByRole('button', { name: 'Create post' }).click()
    await expect(page).toHaveURL(/\/admin\/posts\/\d+$/)
    const id = page.url().split('/').pop()!
    await screenshots(page, `editor-picture-${size.width}`)

    const visitorContext = await browser.newContext({ viewport: { width: size.width, height: size.height } })
    const visitor = waitingForApp(await visitorContext.newPage())
    const visitorErrors = collectConsoleErrors(visitor)
    await visitor.goto(`/blog/${id}`)
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
    const picture = visitor.getByRole('main').getByRole('img', { name: 'A red kite in a blue sky' })
    await picture.scrollIntoViewIfNeeded()
    await expect(picture).toHaveJSProperty('naturalWidth', 600)
    const box = await picture.boundingBox()
    expect(box!.width).toBeLessThanOrEqual(size.width) // never wider than the screen
    await visitor.screenshot({ path: test.info().outputPath(`post-picture-${size.width}.png`), fullPage: true })
    await visitorContext.close()
    expect(visitorErrors).toEqual([])
    // The refused save was the browser's logged 400; nothing else.
    expect(errors.filter((e) => !/^Failed to load resource: .* 400/.test(e))).toEqual([])
  })
}

test('a save over a newer one is refused with the message and a Reload', async ({ page, context }) => {
  test.setTimeout(90_000)
  const editor = await staffWithTwoSteps(page.request, 'manager')
  await signIn(page, editor)
  await page.goto('/admin/posts/4')
  const mine = page.getByRole('form', { name: 'Edit Counting Carrots: Easy Math Games in the Garden' })
  await expect(mine.getByLabel('Title')).toHaveValue('Counting Carrots: Easy Math Games in the Garden')

  // The same post saved meanwhile in another tab.
  const other = waitingForApp(await context.newPage())
  await other.goto('/admin/posts/4')
  const theirs = other.getByRole('form', { name: 'Edit Counting Carrots: Easy Math Games in the Garden' })
  await theirs.getByLabel('Author').fill('Priya R.')
  await theirs.getByRole('button', { name: 'Save' }).click()
  await expect(other.getByText('Saved', { exact: true })).toBeVisible()
  await other.close()

  await mine.getByLabel('Title').fill('Counting Carrots in the Garden')
  await mine.getByRole('button', { name: 'Save' }).click()
  const conflict = mine.getByRole('alert').filter({ hasText: 'Someone else saved this post after you opened it.' })
  await expect(conflict).toContainText('Reload to see their changes, then make yours again.')
  await conflict.getByRole('button', { name: 'Reload' }).click()
  await expect(mine.getByLabel('Author')).toHaveValue('Priya R.')
  await expect(mine.getByLabel('Title')).toHaveValue('Counting Carrots: Easy Math Games in the Garden')
  await expect(mine.getByText('Your changes were not saved: Title.')).toBeVisible()
  await mine.getByRole('button', { name: 'Apply my changes again' }).click()
  await expect(mine.getByLabel('Title')).toHaveValue('Counting Carrots in the Garden')
  await mine.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('“Counting Carrots in the Garden” is on the blog.')).toBeVisible()

  // Both saves are in the audit log, under this manager's name (other journeys on the same
  // server change posts too).
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Changed a post' }).filter({ hasText: editor.email })).toHaveCount(2)
})

test('/blog/999 is the not-found page, with HTTP 404', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  const response = await page.goto('/blog/999')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Once Upon a Time... This Page Existed.' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible()
  for (const [path, status] of [
    ['/blog/1', 200],
    ['/blog/01', 404],
    ['/blog/abc', 404],
  ] as const) {
    expect((await page.request.get(path)).status(), path).toBe(status)
  }
  expect(errors).toEqual([])
})

test('a post page shows its own article', async ({ page }) => {
  await page.goto('/blog/1')
  await expect(page.getByRole('heading', { level: 1, name: '5 Ways to Make Bedtime Stories Magical' })).toBeVisible()
  await expect(page.getByText('3 min read')).toBeVisible()
  await expect(page.locator('article img').first()).toHaveJSProperty('complete', true)
  await screenshots(page, 'blog-1')
})
