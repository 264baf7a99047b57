import { expect, test } from './test'
import { accessToken, confirmedAccount, logIn } from './accounts'
import { widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 37, "Buying them": a parent buys the interactive edition of Our
// First Adventure (book 3, $6.99) with the demo card, without typing an
// address, and reads it in the library; the book page then sends her to the
// library instead of the cart.

const [phone, desktop] = widths

test('a parent buys the interactive edition without an address and reads it in the library', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize(phone)
  const errors = collectConsoleErrors(page)
  const email = await confirmedAccount(page.request, 'interactive-buyer')
  await logIn(page, email)
  await expect(page).toHaveURL('/')

  await page.goto('/books/3')
  await page.getByRole('radio', { name: /Interactive\s*\$6\.99/ }).check()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.goto('/cart')
  await expect(page.getByText('Our First Adventure · Interactive')).toBeVisible()

  await page.goto('/checkout')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  // Nothing ships: no address and no shipping method are asked for.
  await expect(page.getByLabel('Address', { exact: true })).toHaveCount(0)
  await expect(page.getByLabel('ZIP Code', { exact: true })).toHaveCount(0)
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay \$/ }).click()
  await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible()

  // The order names the edition it delivered.
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''
  const headers = { Authorization: `Bearer ${await accessToken(page.request, email)}` }
  const order = JSON.stringify(await (await page.request.get(`/api/orders/${encodeURIComponent(number)}`, { headers })).json())
  expect(order).toContain('"format":"interactive"')

  await page.goto('/library')
  await expect(page.getByRole('link', { name: 'Read Our First Adventure' })).toBeVisible()
  await page.setViewportSize(desktop)
  await page.getByRole('link', { name: 'Read Our First Adventure' }).click()
  await expect(page).toHaveURL('/read/our-first-adventure')
  await expect(page.getByRole('button', { name: 'Set off for the Rainbow Lake' })).toBeVisible()

  // The family has it now: the book page offers the library, not the cart.
  await page.goto('/books/3')
  await page.getByRole('radio', { name: /Interactive\s*\$6\.99/ }).check()
  await expect(page.getByRole('link', { name: 'In your Library' })).toBeVisible()
  expect(errors).toEqual([])
})
