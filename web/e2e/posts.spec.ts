import { expect, test, type Page } from './test'
import { collectConsoleErrors } from './console'
import { widths } from './axe'

// Issue 27, "Posts": the blog's posts live in the database, written in
// Markdown in the back office and rendered and sanitized by the server.

/** Screenshots of the page at a phone's width and a desktop's, kept with the test's output for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true })
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
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
