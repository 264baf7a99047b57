import { expect, test, type Page } from './test'

// Issue 38, items 3 and 13: the checkout asks an address as the destination writes it (from the server's
// address data: county, province, postcode, none where a country has none) and charges that country's tax;
// the United States keep the spec's words and rules.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

async function checkoutWithBook(page: Page, id: number) {
  await page.goto(`/books/${id}`)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('Added to Cart')).toBeVisible()
  await page.goto('/checkout')
  await page.getByLabel('Full Name', { exact: true }).fill('Ada Reader')
  await page.getByLabel('Email').fill('ada.reader@example.com')
  await page.getByLabel('Address', { exact: true }).fill('12 Story Lane')
}

const label = (page: Page, name: string) => page.getByLabel(name, { exact: true })

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the United States keep State and ZIP Code, and their messages', async ({ page }) => {
      await checkoutWithBook(page, 2)
      await expect(label(page, 'State')).toBeVisible()
      await expect(label(page, 'ZIP Code')).toBeVisible()
      await page.getByRole('button', { name: /^Pay \$/ }).click()
      for (const message of ['City is required', 'State is required', 'ZIP code is required']) {
        await expect(page.getByText(message, { exact: true })).toBeVisible()
      }
      await expect(page.getByRole('region', { name: 'Order Summary' }).getByText('Tax (10%)')).toBeAttached()
    })

    test('Canada asks a province of its list and a postal code of its pattern', async ({ page }) => {
      await checkoutWithBook(page, 1)
      await page.getByLabel('Country').selectOption('Canada')
      await expect(label(page, 'Province')).toBeVisible()
      await expect(label(page, 'State')).toHaveCount(0)
      await label(page, 'City').fill('Toronto')
      await label(page, 'Province').fill('Texas')
      await label(page, 'Postal Code').fill('62701')
      await page.getByRole('button', { name: /^Pay \$/ }).click()
      await expect(page.getByText('Please choose a province from the list', { exact: true })).toBeVisible()
      await expect(page.getByText('Please check the postal code (for example H3Z 2Y7)', { exact: true })).toBeVisible()
      await label(page, 'Province').fill('Ontario')
      await label(page, 'Postal Code').fill('M5V 2T6')
      await page.screenshot({ path: test.info().outputPath(`canada-${width}.png`), fullPage: true })
      // Everywhere else: no tax, international standard.
      await expect(page.getByRole('region', { name: 'Order Summary' }).getByText('Tax (0%)')).toBeAttached()
      await page.getByRole('button', { name: 'Pay $27.98' }).click()
      await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })
    })

    test('a country without postal codes asks none', async ({ page }) => {
      await checkoutWithBook(page, 1)
      await page.getByLabel('Country').selectOption('Angola')
      await expect(label(page, 'City')).toBeVisible()
      await expect(label(page, 'Postal Code')).toHaveCount(0)
      await expect(label(page, 'ZIP Code')).toHaveCount(0)
      await expect(label(page, 'State')).toHaveCount(0)
      await label(page, 'City').fill('Luanda')
      await page.screenshot({ path: test.info().outputPath(`angola-${width}.png`), fullPage: true })
      await page.getByRole('button', { name: 'Pay $27.98' }).click()
      await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })
    })

    test('a UK buyer gives a post town and a postcode, and pays no US tax', async ({ page }) => {
      await checkoutWithBook(page, 1)
      await page.getByLabel('Country').selectOption('United Kingdom')
      await expect(label(page, 'State')).toHaveCount(0)
      await label(page, 'Post Town').fill('London')
      await label(page, 'Postal Code').fill('12345')
      await page.getByRole('button', { name: /^Pay \$/ }).click()
      await expect(page.getByText('Please check the postal code (for example EC1Y 8SY)', { exact: true })).toBeVisible()
      await label(page, 'Postal Code').fill('SW1A 1AA')
      await expect(page.getByRole('region', { name: 'Order Summary' }).getByText('Tax (0%)')).toBeAttached()
      await page.getByRole('button', { name: 'Pay $27.98' }).click()
      await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })
    })
  })
}
