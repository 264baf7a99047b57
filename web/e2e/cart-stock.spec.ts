import { expect, test, type APIRequestContext, type Page } from './test'
import { staffToken } from './accounts'
import { expectNoViolations, widths } from './axe'

// Issue 38 §2: the cart knows stock. It asks for each book's stock when it
// opens, lowers a line to the copies left and says so beside it, marks a
// sold-out line, and a payment refused for want of copies is said as stock
// (not "Payment Error"), with the cart corrected for the buyer.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

/** A published book of its own ($10.00) with `stock` copies, made through the back office's CSV import; its id. */
async function bookWithStock(request: APIRequestContext, headers: Record<string, string>, title: string, stock: number): Promise<number> {
  const isbn = isbn13(`97987${String(Date.now() % 1e7).padStart(7, '0')}`)
  const csv = [
    'title,author,description,priceCents,category,pages,isbn,publicationDate,isNewRelease,coverImage,status,stock',
    `${title},Stock Keeper,A book with few copies.,1000,self-help,24,${isbn},2025-03-01,false,/covers/book-2.svg,published,${stock}`,
  ].join('\n')
  expect((await request.post('/api/admin/books/import', { headers, data: csv })).status()).toBe(200)
  const found = (await (await request.get(`/api/books?q=${encodeURIComponent(title)}`)).json()) as { books: { id: number; title: string }[] }
  return found.books.find((b) => b.title === title)!.id
}

async function setStock(request: APIRequestContext, headers: Record<string, string>, id: number, stock: number | 'archived') {
  const csv = stock === 'archived' ? `id,status\n${id},archived` : `id,stock\n${id},${stock}`
  expect((await request.post('/api/admin/books/import', { headers, data: csv })).status()).toBe(200)
}

/** The cart as a buyer left it in this browser: `quantity` copies of the book. */
async function leaveInCart(page: Page, id: number, title: string, quantity: number) {
  // Written on a page of the shop's origin that runs no app: the app, still
  // starting on a page of its own, could save its cart over this one.
  await page.goto('/api/health')
  await page.evaluate(
    ([id, title, quantity]) =>
      localStorage.setItem('cart', JSON.stringify({ items: [{ id, format: 'print', title, price: 10, coverImage: '/covers/book-2.svg', quantity }] })),
    [id, title, quantity] as const,
  )
}

async function fillAddress(page: Page) {
  await page.getByLabel('Full Name', { exact: true }).fill('Ada Reader')
  await page.getByLabel('Email').fill('ada.stock@example.com')
  await page.getByLabel('Address', { exact: true }).fill('12 Story Lane')
  await page.getByLabel('City', { exact: true }).fill('Springfield')
  await page.getByLabel('State', { exact: true }).fill('IL')
  await page.getByLabel('ZIP Code', { exact: true }).fill('62701')
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242')
}

for (const size of widths) {
  test(`the cart knows the stock, and a refusal of stock is said as stock, at ${size.width} px`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: size.width, height: size.height })
    const shots = (name: string) => test.info().outputPath(`${name}-${size.width}.png`)
    const headers = { Authorization: `Bearer ${await staffToken(page.request, test.info().parallelIndex, 'editor')}`, 'Content-Type': 'text/csv' }
    const title = `Few Copies ${size.width} ${Date.now().toString(36)}`
    const id = await bookWithStock(page.request, headers, title, 3)
    try {
      // 31 copies sit in the cart of a book with 3 left: the cart lowers the line and says so beside it.
      await leaveInCart(page, id, title, 31)
      await page.goto('/cart')
      const line = page.getByRole('listitem', { name: `${title} · Print` })
      await expect(line.getByText('Only 3 left: you chose 31, so your cart now holds 3.')).toBeVisible()
      await expect(line.getByLabel('Quantity', { exact: true })).toHaveText('3')
      await expect(line.getByRole('button', { name: /Increase quantity/ })).toBeDisabled()
      await expect(page.getByRole('heading', { name: 'Your Cart (3 items)' })).toBeVisible()
      await expect(page.getByText('Fewer copies are left of some books than you chose, so your cart now holds what we have.')).toBeVisible()
      await page.screenshot({ path: shots('cart-lowered'), fullPage: true })
      await expectNoViolations(page, `cart with a lowered line, ${size.width} px`)

      // At the checkout, another buyer takes two copies before this one pays: the refusal is said as stock, and the cart holds the one left.
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
      await fillAddress(page)
      await setStock(page.request, headers, id, 1)
      await page.getByRole('button', { name: /^Pay \$/ }).click()
      const refusal = page.getByRole('alert').filter({ hasText: 'Not enough copies left' })
      await expect(refusal).toContainText(`Sorry, only 1 left of ${title}.`)
      await expect(refusal).toContainText('Your cart now holds the copy we have: please check your order and pay again.')
      await expect(page.getByText('Payment Error')).toHaveCount(0)
      const subtotal = page.getByRole('region', { name: 'Order Summary' }).getByText('Subtotal').locator('..')
      await expect(subtotal).toContainText('$10.00') // the one copy left
      await page.screenshot({ path: shots('checkout-refused'), fullPage: true })
      await page.getByRole('button', { name: /^Pay \$/ }).click()
      await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })

      // The last copy is gone: a cart that still holds the book marks the line sold out, and checking out waits for it to leave.
      await leaveInCart(page, id, title, 2)
      await page.goto('/cart')
      const soldOut = page.getByRole('listitem', { name: `${title} · Print` })
      await expect(soldOut.getByText('Sold out', { exact: true })).toBeVisible()
      await expect(soldOut.getByText('Sold out. Please remove it to check out.')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled()
      await expect(page.getByText(`${title} is sold out. Please remove it to check out.`)).toBeVisible()
      await page.screenshot({ path: shots('cart-sold-out'), fullPage: true })
      await expectNoViolations(page, `cart with a sold-out line, ${size.width} px`)
      await soldOut.getByRole('button', { name: `Remove ${title} · Print` }).click()
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
    } finally {
      await setStock(page.request, headers, id, 'archived')
    }
  })
}

/** A 13-digit ISBN from its first 12 digits. */
function isbn13(first12: string): string {
  const sum = [...first12].reduce((s, d, j) => s + Number(d) * (j % 2 ? 3 : 1), 0)
  return first12 + ((10 - (sum % 10)) % 10)
}
