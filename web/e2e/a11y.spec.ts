import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

// Issue #14: axe-core finds no WCAG 2.2 A/AA violation on any public route,
// at a phone's width and a desktop's, and in the states a visitor meets
// (mobile menu open, form errors shown, cookie banner, toast).

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

const publicRoutes = [
  '/',
  '/books',
  '/books/3',
  '/categories',
  '/cart',
  '/about',
  '/values',
  '/characters',
  '/activities',
  '/blog',
  '/blog/1',
  '/contact',
  '/faq',
  '/shipping',
  '/privacy',
  '/terms',
  '/login',
  '/signup',
  '/reset-password',
  '/no-such-page',
]

const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
]

async function expectNoViolations(page: Page) {
  // Let entrance animations settle (not endless ones such as a spinner), so colours are measured as a visitor sees them.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`).join('\n')}`)
  expect(summary, summary.join('\n')).toEqual([])
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  await expect(page.locator('main h1').first()).toBeVisible()
}

for (const size of widths) {
  test.describe(`${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test.describe('routes', () => {
      test.beforeEach(async ({ page }) => {
        await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
      })
      for (const path of publicRoutes) {
        test(`${path} has no WCAG A/AA violation`, async ({ page }) => {
          await open(page, path)
          await expectNoViolations(page)
        })
      }

      test('the contact form with its errors shown', async ({ page }) => {
        await open(page, '/contact')
        await page.getByRole('button', { name: /Send Message/ }).click()
        await expect(page.getByText(/required|Please/i).first()).toBeVisible()
        await expectNoViolations(page)
      })

      test('the login form with its errors shown', async ({ page }) => {
        await open(page, '/login')
        await page.getByRole('main').getByRole('button', { name: /^(Sign In|Login|Log In)$/i }).first().click()
        await expectNoViolations(page)
      })

      test('a book added to the cart, with its toast', async ({ page }) => {
        await open(page, '/books/3')
        await page.getByRole('button', { name: /Add to Cart/i }).first().click()
        await expect(page.getByText(/Added to Cart/i).first()).toBeVisible()
        await expectNoViolations(page)
      })
    })

    test('the cookie banner', async ({ page }) => {
      await open(page, '/')
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible()
      await expectNoViolations(page)
    })

    if (size.width < 1024) {
      test('the mobile menu open', async ({ page }) => {
        await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
        await open(page, '/')
        await page.getByRole('button', { name: 'Open menu' }).click()
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
        await expectNoViolations(page)
      })
    }
  })
}
