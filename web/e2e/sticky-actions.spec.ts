import { expect, test, type Page } from './test'
import { PASSWORD, confirmedAccount, grantRole, totpCode, withTwoStep } from './accounts'
import { widths } from './axe'

// Issue 38 item 10: the back office's editors keep their Save bar stuck to
// the bottom of the window. A field focused or scrolled to is never under
// it: each field is first put under the bar, then focused as Tab does, and
// its box must clear the bar's (and the sticky header's).

/** An editor signed in at aal2: two-step sign-in turned on through /auth/v1, then the password and the next code. */
async function editorSignedIn(page: Page) {
  const email = await confirmedAccount(page.request, 'editor', { first_name: 'Ed', last_name: 'Itor' })
  grantRole(test.info().parallelIndex, email, 'editor')
  const secret = await withTwoStep(page.request, email)
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, 30))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
}

type Box = { top: number; bottom: number }

/** Where the field's box meets the bar's or the header's, or '' when it clears both. */
async function overlap(page: Page, label: string): Promise<string> {
  const [f, b, h] = await Promise.all([
    page.getByLabel(label, { exact: true }).evaluate((el): Box => el.getBoundingClientRect()),
    page.locator('[data-sticky-actions]').evaluate((el): Box => el.getBoundingClientRect()),
    page.locator('header').first().evaluate((el): Box => el.getBoundingClientRect()),
  ])
  if (f.bottom <= b.top && f.top >= h.bottom) return ''
  return `${label} at ${Math.round(f.top)}–${Math.round(f.bottom)}; the bar from ${Math.round(b.top)}, the header to ${Math.round(h.bottom)}`
}

/**
 * Puts each named field of the form under its sticky bar (its top a few
 * pixels below the bar's top), focuses it, and expects it to come clear of
 * the bar and the header (the page scrolls smoothly: within a moment).
 */
async function expectFieldsClear(page: Page, labels: string[]) {
  await expect(page.locator('[data-sticky-actions]')).toBeVisible()
  for (const label of labels) {
    const field = page.getByLabel(label, { exact: true })
    await field.evaluate((el) => {
      ;(document.activeElement as HTMLElement | null)?.blur()
      const bar = document.querySelector('[data-sticky-actions]')!.getBoundingClientRect()
      window.scrollBy({ top: el.getBoundingClientRect().top - bar.top - 4, behavior: 'instant' })
    })
    await field.focus()
    await expect.poll(() => overlap(page, label), { timeout: 3000 }).toBe('')
  }
}

const bookFields = ['Title', 'Author', 'Description', 'Price (US dollars)', 'Pages', 'ISBN-13', 'Publication date', 'Rating (0 to 5, optional)', 'Age band', 'Status', 'Category', 'Slug']
const postFields = ['Title', 'Excerpt', 'Status', 'Date', 'Author', 'Category', 'Slug', 'Picture address', 'Picture description']

for (const size of widths) {
  test(`no field of the book and post editors is hidden under their Save bar at ${size.width} px`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
    await editorSignedIn(page) // at the desktop's width, where the account menu shows
    await page.setViewportSize({ width: size.width, height: size.height })

    await page.goto('/admin/books/1')
    await expect(page.getByRole('form', { name: /^Edit / })).toBeVisible()
    await expectFieldsClear(page, bookFields)

    await page.goto('/admin/posts/1')
    await expect(page.getByRole('form', { name: /^Edit / })).toBeVisible()
    await expectFieldsClear(page, postFields)
  })
}
