import { expect, test, type Page } from './test'
import { confirmedAccount, signedInAs, staffToken } from './accounts'
import { widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 39: a book with a date to come takes pre-orders; a parent pays now
// and sees the order awaiting its release in My Orders. On the way, the
// checkout's newsletter box (unchecked until asked) sends the confirmation.

const BOOK = 7 // Kind Words, Warm Hearts, $12.99: no other journey buys it

async function shoot(page: Page, name: string) {
  for (const { width, height } of widths) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

// One journey per width, one after the other: both change the same book.
test.describe.configure({ mode: 'serial' })

for (const { name, width, height } of widths) {
  test(`a parent pre-orders a book to come and sees it awaiting release in My Orders (${name})`, async ({ page }) => {
    test.setTimeout(120_000)
    const errors = collectConsoleErrors(page)
    const editor = await staffToken(page.request, test.info().parallelIndex, 'editor')
    const headers = { Authorization: `Bearer ${editor}` }
    const save = async (data: Record<string, unknown>) => {
      const book = (await (await page.request.get(`/api/admin/books/${BOOK}`, { headers })).json()) as { version: number }
      const res = await page.request.patch(`/api/admin/books/${BOOK}`, { headers, data: { version: book.version, ...data } })
      expect(res.ok(), await res.text()).toBeTruthy()
    }
    await save({ publicationDate: '2027-03-03', preorders: true })
    try {
      await page.setViewportSize({ width, height })
      const email = await confirmedAccount(page.request, `preorder-${name}`)
      await signedInAs(page, email)

      await page.goto(`/books/${BOOK}`)
      await expect(page.getByText('Pre-order — ships March 3, 2027').first()).toBeVisible()
      await page.getByRole('button', { name: 'Pre-order', exact: true }).click()
      await expect(page.getByText('Added to Cart')).toBeVisible()
      await shoot(page, `preorder-book-${name}`)
      await page.setViewportSize({ width, height })

      await page.goto('/cart')
      await expect(page.getByRole('note')).toContainText('you pay today, and it ships on March 3, 2027.')
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
      await expect(page.getByRole('note')).toContainText('it ships on March 3, 2027')
      await page.getByLabel('Full Name', { exact: true }).fill('Ada Reader')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Address', { exact: true }).fill('12 Story Lane')
      await page.getByLabel('City', { exact: true }).fill('Springfield')
      await page.getByLabel('State', { exact: true }).fill('IL')
      await page.getByLabel('ZIP Code', { exact: true }).fill('62701')
      await page.getByLabel('Card Number').fill('4242 4242 4242 4242')
      // The newsletter box is unchecked until the parent asks; asked, it is the same double opt-in.
      const news = page.getByRole('checkbox', { name: /Send me news and offers/ })
      await expect(news).not.toBeChecked()
      await news.check()
      await page.getByRole('button', { name: 'Pay $14.29' }).click()
      await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })
      await expect
        .poll(async () => {
          const mails = (await (await page.request.get('/api/dev/mail')).json()) as { to: string; subject: string }[]
          return mails.filter((m) => m.to === email && /Confirm your subscription/.test(m.subject)).length
        })
        .toBe(1)

      await page.goto('/profile')
      const order = page.locator('details', { hasText: 'Kind Words' })
      await expect(order).toContainText('Awaiting release')
      await shoot(page, `preorder-my-orders-${name}`)
      expect(errors).toEqual([])
    } finally {
      await save({ publicationDate: '2023-10-02', preorders: false })
    }
  })
}
