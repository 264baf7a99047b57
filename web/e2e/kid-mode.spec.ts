import { expect, test, type Page } from './test'
import { confirmedAccount, signedInAs } from './accounts'
import { expectNoViolations, expectNoViolationsAtEveryWidth } from './axe'
import { collectConsoleErrors } from './console'
import { numberInWords } from '../src/features/kid-mode/number-words'

// Issue 30, "A parent gate for children's play": a parent turns kid mode on
// from a game; the shop, cart and account are gone, also after a reload and
// on a shop page reached by address; the parent gate refuses a wrong answer
// and opens the shop on the right one.

/** The number the gate asks for, read from its question as a grown-up reads it. */
async function askedNumber(page: Page): Promise<number> {
  const question = await page.getByRole('dialog', { name: 'Grown-ups only' }).locator('label').textContent()
  const words = question?.match(/^Type the number (.+) in digits$/)?.[1]
  const n = Array.from({ length: 1000 }, (_, i) => i).find((i) => numberInWords(i) === words)
  if (n === undefined) throw new Error(`no number reads "${words}"`)
  return n
}

async function expectNoShop(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Games' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Leave kid mode' })).toBeVisible()
  for (const name of [/^Cart/, 'Books', 'Books & Merchandise', 'Contact Us', 'Login', 'Shipping Policy']) {
    await expect(page.getByRole('link', { name })).toHaveCount(0)
  }
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0)
}

test('kid mode hides the shop, stays on after a reload, and the parent gate opens the shop again', async ({ page }) => {
  test.setTimeout(60_000)
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  const email = await confirmedAccount(page.request, 'kid-mode', { first_name: 'Feefee', last_name: 'Elephant' })
  await signedInAs(page, email)
  const errors = collectConsoleErrors(page)

  await page.goto('/games/find-objects')
  await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible()
  await page.getByRole('button', { name: 'Turn on kid mode' }).click()
  await expectNoShop(page)
  await expect(page.getByRole('button', { name: 'Turn on kid mode' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('button', { name: 'Start Game' })).toBeVisible()
  await expectNoShop(page)
  await expectNoViolationsAtEveryWidth(page, 'game in kid mode')

  // The games hub comes rendered by the server for everyone: the device's kid mode after hydration, without an error.
  await page.getByRole('navigation', { name: 'Games' }).getByRole('link', { name: 'All games' }).click()
  await expect(page.getByRole('heading', { name: 'Activities' })).toBeVisible()
  await page.reload()
  await expectNoShop(page)

  // Before the app's code has run, a page rendered for everyone already hides the shop (the app's code held back here).
  const early = await page.context().newPage()
  await early.route(/\/assets\/main-[^/]*\.js$/, (route) => route.abort())
  await early.goto('/books')
  for (const rendered of [early.getByRole('link', { name: 'Books & Merchandise', includeHidden: true }), early.getByRole('heading', { name: 'All Books', includeHidden: true })]) {
    await expect(rendered).toHaveCount(1) // rendered by the server, not shown
    await expect(rendered).toBeHidden()
  }
  expect(await early.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false)
  await early.close()

  // A shop page typed in: a notice for grown-ups instead; Escape closes the gate.
  await page.goto('/books')
  await expect(page.getByRole('heading', { name: 'This page is for grown-ups' })).toBeVisible()
  await expectNoShop(page)
  await page.getByRole('button', { name: 'I’m a grown-up' }).click()
  const gate = page.getByRole('dialog', { name: 'Grown-ups only' })
  await expect(gate.getByLabel(/^Type the number/)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(gate).toBeHidden()

  await page.getByRole('button', { name: 'I’m a grown-up' }).click()
  await expectNoViolations(page, 'the parent gate')
  const wrong = await askedNumber(page)
  await gate.getByLabel(/^Type the number/).fill(String(wrong === 999 ? 998 : wrong + 1))
  await gate.getByRole('button', { name: 'Continue' }).click()
  await expect(gate.getByRole('alert')).toHaveText('That is not the number. Here is a new one: 2 tries left.')
  await expect(page.getByRole('heading', { name: 'This page is for grown-ups' })).toBeVisible()

  await gate.getByLabel(/^Type the number/).fill(String(await askedNumber(page)))
  await gate.getByRole('button', { name: 'Continue' }).click()
  await expect(gate).toBeHidden()
  await expect(page.getByRole('heading', { name: 'All Books' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Leave kid mode' })).toHaveCount(0)
  expect(errors).toEqual([])
})
