import { readFile } from 'node:fs/promises'
import { expect, test, waitingForApp, type APIRequestContext, type Page } from './test'
import { accessToken, confirmedAccount, logIn, staffToken, signedInAs, staffSignedIn } from './accounts'
import { widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 37, "Buying them": a parent buys the interactive edition of Our
// First Adventure (book 3, $6.99) with the demo card, without typing an
// address, and reads it in the library; the book page then sends her to the
// library instead of the cart. Then a print book and its e-book in one cart,
// paid with PayPal through the fake: the e-book is downloaded from the
// library and the desk ships the print book alone; a manager refunds the
// e-book on the desk, and the library no longer offers it.

const fakePayPal = (JSON.parse(process.env.E2E_EXTRA_ENV ?? '{}') as Record<string, string>).PAYPAL_API_BASE ?? ''

const [phone, desktop] = widths

test('a parent buys the interactive edition without an address and reads it in the library', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize(phone)
  const errors = collectConsoleErrors(page)
  const email = await confirmedAccount(page.request, 'interactive-buyer')
  await signedInAs(page, email)

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

// Where Do Elephants Sleep? (book 8, $17.99 in print; no other journey buys it) gets an e-book at $4.99.
const ELEPHANTS = 8
const TITLE = 'Where Do Elephants Sleep?'
const PDF = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'

/** Puts the e-book of book 8 on sale, once per shop (each worker has its own): an editor uploads its PDF and adds the format. */
async function sellTheEbook(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await staffToken(request, test.info().parallelIndex, 'editor')}` }
  const book = (await (await request.get(`/api/admin/books/${ELEPHANTS}`, { headers })).json()) as { version: number; formats: { format: string }[] }
  if (book.formats.some((f) => f.format === 'ebook')) return
  const file = await request.post('/api/admin/files?name=elephants.pdf', { headers: { ...headers, 'Content-Type': 'application/octet-stream' }, data: Buffer.from(PDF) })
  expect(file.status(), await file.text()).toBe(201)
  const { id } = (await file.json()) as { id: string }
  const saved = await request.patch(`/api/admin/books/${ELEPHANTS}`, {
    headers,
    data: { version: book.version, formats: [{ format: 'print', priceCents: 1799, files: [] }, { format: 'ebook', priceCents: 499, files: [id] }] },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
}

/** A manager signed in at aal2 (staffSignedIn); answers the manager's e-mail. */
function managerSignsIn(page: Page) {
  return staffSignedIn(page, test.info().parallelIndex, 'manager', { first_name: 'Mona', last_name: 'Ager' })
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${page.viewportSize()?.width}.png`), fullPage: true })
}

test('a parent buys a print book and its e-book with PayPal, downloads the e-book, and the desk ships the print book alone', async ({ page, browser }) => {
  test.setTimeout(150_000)
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  await sellTheEbook(page.request)
  await page.setViewportSize(phone)
  const errors = collectConsoleErrors(page)
  const email = await confirmedAccount(page.request, 'mixed-buyer', { first_name: 'Maya', last_name: 'Reader' })
  await logIn(page, email)
  await expect(page).toHaveURL('/')

  // Both formats from the book's page, into one cart.
  await page.goto(`/books/${ELEPHANTS}`)
  await page.getByRole('radio', { name: /E-book\s*\$4\.99/ }).check()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('radio', { name: /Print\s*\$17\.99/ }).check()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.goto('/cart')
  await expect(page.getByText(`${TITLE} · Print`)).toBeVisible()
  await expect(page.getByText(`${TITLE} · E-book`)).toBeVisible()
  await shot(page, 'mixed-cart')

  // The print book ships: the address is asked for. PayPal's window is the fake's test dialog.
  await page.goto('/checkout')
  await page.getByLabel('Full Name', { exact: true }).fill('Maya Reader')
  await page.getByLabel('Address', { exact: true }).fill('12 Story Lane')
  await page.getByLabel('City', { exact: true }).fill('Springfield')
  await page.getByLabel('State', { exact: true }).fill('IL')
  await page.getByLabel('ZIP Code', { exact: true }).fill('62701')
  await page.getByRole('tab', { name: 'PayPal' }).click()
  await page.getByRole('button', { name: 'PayPal', exact: true }).click()
  await page.getByRole('dialog', { name: 'PayPal test checkout' }).getByRole('button', { name: 'Pay with PayPal (test)' }).click()
  await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''
  expect(number).toMatch(/^SF-/)

  // The e-book is in the library at once; its download is the PDF, named after the book.
  await page.goto('/library')
  const ebook = page.getByRole('listitem', { name: `${TITLE} · E-book` })
  await expect(ebook).toBeVisible()
  await expect(page.getByText('No storybooks here yet')).toHaveCount(0)
  await shot(page, 'library-ebook')
  await page.setViewportSize(desktop)
  const downloading = page.waitForEvent('download')
  await ebook.getByRole('button', { name: /^Download / }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^Where Do Elephants Sleep.*\.pdf$/)
  expect(await readFile((await download.path())!, 'utf8')).toBe(PDF)
  await shot(page, 'library-ebook')
  // The link's own answer: an attachment named after the book.
  const headers = { Authorization: `Bearer ${await accessToken(page.request, email)}` }
  const library = (await (await page.request.get('/api/library', { headers })).json()) as { files: { purchaseId: string; fileId: string }[] }
  const [file] = library.files
  const link = (await (await page.request.get(`/api/library/downloads/${file.purchaseId}/${file.fileId}`, { headers })).json()) as { url: string }
  const fetched = await page.request.get(link.url)
  expect(fetched.status()).toBe(200)
  expect(fetched.headers()['content-disposition']).toMatch(/^attachment; filename.*Where.*Elephants.*\.pdf/)
  expect((await fetched.body()).toString()).toBe(PDF)

  // The desk: the order waits for its print book alone; the e-book is delivered.
  const context = await browser.newContext()
  await context.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  const desk = waitingForApp(await context.newPage())
  const deskErrors = collectConsoleErrors(desk)
  await managerSignsIn(desk)
  for (const size of [phone, desktop]) {
    await desk.setViewportSize(size)
    await desk.goto(`/admin/orders/${number}`)
    await expect(desk.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
    await expect(desk.getByText(`To ship: ${TITLE} · Print × 1`)).toBeVisible()
    await expect(desk.getByText(/Digital: in the family’s Library, nothing to ship/)).toHaveCount(1)
    await expect(desk.getByRole('button', { name: 'Mark as shipped' })).toBeVisible()
    await shot(desk, 'desk-mixed')
  }
  await context.close()
  expect(errors).toEqual([])
  expect(deskErrors).toEqual([])
})

test('a manager refunds the e-book on the desk after the warning, and the library no longer offers it', async ({ page, browser }) => {
  test.setTimeout(150_000)
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  await sellTheEbook(page.request)
  // The buyer's order, placed as the checkout does: the print book and the e-book, approved at the fake PayPal.
  const email = await confirmedAccount(page.request, 'refunded-buyer', { first_name: 'Rosa', last_name: 'Reader' })
  const token = await accessToken(page.request, email)
  const items = [
    { id: ELEPHANTS, name: TITLE, format: 'print', quantity: 1, unitPrice: 17.99 },
    { id: ELEPHANTS, name: TITLE, format: 'ebook', quantity: 1, unitPrice: 4.99 },
  ]
  const shippingInfo = { fullName: 'Rosa Reader', email, address: '12 Story Lane', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'United States' }
  const payment = async (body: Record<string, unknown>) => {
    const res = await page.request.post('/functions/v1/process-payment', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
      data: { items, shippingInfo, amount: 25.28, ...body }, // 22.98 + 2.30 tax, shipped free
    })
    expect(res.ok(), await res.text()).toBeTruthy()
    return (await res.json()) as { id?: string; orderNumber?: string }
  }
  const created = await payment({ action: 'create_order' })
  expect((await page.request.post(`${fakePayPal}/test/orders/${created.id}/approve`)).ok()).toBeTruthy()
  const number = (await payment({ action: 'capture_order', orderID: created.id })).orderNumber!
  const headers = { Authorization: `Bearer ${token}` }
  const [file] = ((await (await page.request.get('/api/library', { headers })).json()) as { files: { purchaseId: string; fileId: string }[] }).files
  expect(file.purchaseId).toBe(`${number}-2`)

  const errors = collectConsoleErrors(page)
  const manager = await managerSignsIn(page)
  await page.setViewportSize(phone)
  await page.goto(`/admin/orders/${number}`)
  await page.getByRole('button', { name: 'Refund' }).click()
  const refund = page.getByRole('dialog', { name: `Refund order ${number}` })
  await refund.getByLabel('Books').check()
  await refund.getByLabel(`${TITLE} · E-book ($4.99 each)`).selectOption('1')
  await refund.getByLabel('Reason (the buyer reads it)').fill('The file would not open on her reader')
  await refund.getByRole('button', { name: 'Refund' }).click()
  // The policy first: the refund goes on only when asked again.
  await expect(refund.getByRole('alert')).toContainText("Digital purchases are non-refundable under the shop's policy. Refund anyway?")
  await shot(page, 'refund-warning')
  await page.setViewportSize(desktop)
  await shot(page, 'refund-warning')
  await refund.getByRole('button', { name: 'Refund anyway' }).click()
  await expect(refund).toBeHidden()
  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline.getByText(`${TITLE} (E-book) taken back from the family's library`)).toBeVisible()
  await expect(timeline.getByText(`for 1 × ${TITLE} (E-book): The file would not open on her reader`, { exact: false })).toBeVisible()
  await expect(page.getByText('Partly refunded').first()).toBeVisible()
  // The print book still waits to ship.
  await expect(page.getByText(`To ship: ${TITLE} · Print × 1`)).toBeVisible()
  await shot(page, 'refunded-ebook')

  // The audit log names the format taken back.
  await page.goto('/admin/audit')
  const filters = page.getByRole('search', { name: 'Filter the audit log' })
  await filters.getByLabel('Person (e-mail)').fill(manager)
  await filters.getByRole('button', { name: 'Filter' }).click()
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Refunded an order' })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(number)
  await row.getByText(/^Show changes/).click()
  await expect(row).toContainText(`${TITLE} (E-book)`)

  // The parent's library no longer offers it, and its download answers 403.
  expect((await page.request.get(`/api/library/downloads/${file.purchaseId}/${file.fileId}`, { headers })).status()).toBe(403)
  const context = await browser.newContext({ viewport: phone })
  await context.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  const parent = waitingForApp(await context.newPage())
  await signedInAs(parent, email)
  await parent.goto('/library')
  await expect(parent.getByText('No storybooks here yet')).toBeVisible()
  await expect(parent.getByRole('listitem', { name: `${TITLE} · E-book` })).toHaveCount(0)
  await shot(parent, 'library-after-refund')
  await context.close()
  expect(errors).toEqual([])
})
