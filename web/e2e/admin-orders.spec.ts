import { expect, test, waitingForApp, type APIRequestContext, type Page } from './test'
import { PASSWORD, accessToken, confirmedAccount, logIn, staffSignedIn } from './accounts'
import { widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 28, the order desk: a manager ships an order with its tracking and
// the buyer sees it in My Orders and in the e-mail; a partial refund goes
// through the fake PayPal; a refund made in PayPal's dashboard comes back by
// webhook and appears on the order. Orders are placed through the payment
// function as the checkout does; the desk is used through its pages.

const fakePayPal = (JSON.parse(process.env.E2E_EXTRA_ENV ?? '{}') as Record<string, string>).PAYPAL_API_BASE ?? ''
const item = { id: 1, name: 'Siso and the Stripe That Got Away', quantity: 2, unitPrice: 14.99 } // 29.98 + 3.00 tax
const shippingInfo = { fullName: 'Maya Reader', address: '12 Story Lane', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'United States' }

async function pay(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const res = await request.post('/functions/v1/process-payment', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
    data: { items: [item], amount: 32.98, ...body },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return (await res.json()) as { orderNumber: string; captureId?: string; id?: string }
}

/** A paid demo-card order and a paid PayPal order of the buyer (approved at the fake PayPal, as its window would). */
async function ordersOf(request: APIRequestContext, email: string) {
  const token = await accessToken(request, email)
  const demo = await pay(request, token, { action: 'demo_payment', method: 'card', shippingInfo: { ...shippingInfo, email } })
  const created = await pay(request, token, { action: 'create_order' })
  expect((await request.post(`${fakePayPal}/test/orders/${created.id}/approve`)).ok()).toBeTruthy()
  const paypal = await pay(request, token, { action: 'capture_order', orderID: created.id, shippingInfo: { ...shippingInfo, email } })
  return { demo: demo.orderNumber, paypal: paypal.orderNumber, capture: paypal.captureId! }
}

/** A manager signed in at aal2 (staffSignedIn). */
async function managerSignsIn(page: Page) {
  await staffSignedIn(page, test.info().parallelIndex, 'manager', { first_name: 'Mona', last_name: 'Ager' })
}

async function screenshots(page: Page, name: string) {
  for (const { width, height } of widths) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

type Mail = { to: string; subject: string; text: string }

async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/mail')).json()) as Mail[]
      found = mails.find((m) => m.to === to && subject.test(m.subject))
      return Boolean(found)
    })
    .toBe(true)
  return found!
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

test('a manager ships, refunds through PayPal, and sees a refund made in PayPal; the buyer sees the parcel and the refunds', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000)
  const errors = collectConsoleErrors(page)
  const buyer = await confirmedAccount(page.request, 'buyer', { first_name: 'Maya', last_name: 'Reader' })
  const orders = await ordersOf(page.request, buyer)
  await managerSignsIn(page)

  // The list: found by the buyer's name, both orders paid.
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill('maya reader')
  await expect(page.getByText('2 orders', { exact: true })).toBeVisible()
  await screenshots(page, 'orders-list')

  // Ship the demo order with its tracking.
  await page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: orders.demo }).click()
  await expect(page.getByRole('heading', { name: `Order ${orders.demo}` })).toBeVisible()
  await page.getByRole('button', { name: 'Mark as shipped' }).click()
  const ship = page.getByRole('dialog', { name: 'Mark as shipped' })
  await ship.getByRole('button', { name: 'Mark as shipped' }).click()
  await expect(ship.getByText('Enter the carrier (e.g. USPS).')).toBeVisible()
  await ship.getByLabel('Carrier').fill('USPS')
  await ship.getByLabel('Tracking number').fill('9400111899223344556677')
  await ship.getByLabel('Tracking link (optional)').fill('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677')
  await ship.getByRole('button', { name: 'Mark as shipped' }).click()
  await expect(ship).toBeHidden()
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible()
  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline.getByText(`E-mail to the buyer: Your books are on their way (order ${orders.demo})`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark as shipped' })).toHaveCount(0)
  await screenshots(page, 'order-shipped')

  const shipped = await mailTo(page.request, buyer, /Your books are on their way/)
  expect(shipped.text).toContain('Track your parcel: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677')
  expect(shipped.text).toContain('Order status: Shipped · Paid')

  // A partial refund of the shipped order: it stays shipped, and says both (issue 38, item 11).
  await page.getByRole('button', { name: 'Refund' }).click()
  const goodwill = page.getByRole('dialog', { name: `Refund order ${orders.demo}` })
  await goodwill.getByLabel('Amount in dollars').fill('3.00')
  await goodwill.getByLabel('Reason (the buyer reads it)').fill('A bent corner')
  await goodwill.getByRole('button', { name: 'Refund' }).click()
  await expect(goodwill).toBeHidden()
  const header = page.getByText(/^Placed /).locator('..')
  await expect(header.getByText('Shipped', { exact: true })).toBeVisible()
  await expect(header.getByText('Partly refunded', { exact: true })).toBeVisible()
  expect((await mailTo(page.request, buyer, /Your refund of \$3\.00/)).text).toContain('Order status: Shipped · Partly refunded')

  // The list filters by each status: the one shipped order.
  await page.goto('/admin/orders?q=maya%20reader')
  await page.getByLabel('Shipping status').selectOption('shipped')
  await expect(page.getByText('1 order', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/fulfillmentStatus=shipped/)
  await page.getByLabel('Payment status').selectOption('paid')
  await expect(page.getByText('No orders match')).toBeVisible()

  // A partial refund of the PayPal order, through the fake PayPal.
  await page.goto(`/admin/orders/${orders.paypal}`)
  await page.getByRole('button', { name: 'Refund' }).click()
  const refund = page.getByRole('dialog', { name: `Refund order ${orders.paypal}` })
  await refund.getByLabel('Amount in dollars').fill('40')
  await refund.getByLabel('Reason (the buyer reads it)').fill('One copy arrived with a torn page')
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(refund.getByText('At most $32.98 is left to refund.')).toBeVisible()
  await refund.getByLabel('Amount in dollars').fill('10.00')
  await screenshots(page, 'refund-dialog')
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(refund).toBeHidden()
  const refunds = page.getByRole('region', { name: 'Refunds' })
  await expect(refunds.getByText('By staff · Done')).toBeVisible()
  await expect(page.getByText('Partly refunded').first()).toBeVisible()

  // A refund made in PayPal's dashboard: the fake delivers the signed webhook to the shop.
  const sent = await page.request.post(`${fakePayPal}/test/webhooks`, {
    data: { url: `${baseURL}/api/paypal/webhook`, webhookId: 'WH-FAKE-0001', eventType: 'PAYMENT.CAPTURE.REFUNDED', captureId: orders.capture, amount: '5.00' },
  })
  expect(await sent.json()).toEqual({ status: '200' })
  await page.reload()
  await expect(refunds.getByText('In PayPal · Done')).toBeVisible()
  await expect(timeline.getByText('Refunded $5.00 in PayPal')).toBeVisible()
  await expect(page.getByText('−$15.00')).toBeVisible()
  await screenshots(page, 'order-refunded')

  // The buyer, in a browser of their own: My Orders shows the parcel and both refunds.
  const context = await browser.newContext()
  await context.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  const buyerPage = waitingForApp(await context.newPage())
  await logIn(buyerPage, buyer, PASSWORD)
  await expect(buyerPage.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await buyerPage.goto('/profile')
  const myOrders = buyerPage.getByRole('region', { name: 'My Orders' })
  await expect(myOrders.getByText('Shipped', { exact: true })).toBeVisible()
  // Each order says both statuses: the shipped one was partly refunded too.
  const shippedRow = myOrders.getByRole('listitem').filter({ hasText: `Order ${orders.demo}` })
  await expect(shippedRow.getByText('Partly refunded', { exact: true })).toBeVisible()
  const paypalRow = myOrders.getByRole('listitem').filter({ hasText: `Order ${orders.paypal}` })
  await expect(paypalRow.getByText('Not shipped', { exact: true })).toBeVisible()
  await expect(paypalRow.getByText('Partly refunded', { exact: true })).toBeVisible()
  // And on a phone: both pills whole on the order's line.
  await buyerPage.setViewportSize({ width: 390, height: 844 })
  await shippedRow.scrollIntoViewIfNeeded()
  for (const pill of ['Shipped', 'Partly refunded']) await expect(shippedRow.getByText(pill, { exact: true })).toBeInViewport({ ratio: 1 })
  await buyerPage.setViewportSize({ width: 1440, height: 900 })
  await expect(myOrders.getByRole('link', { name: `Track your parcel for order ${orders.demo} (opens in a new tab)` })).toHaveAttribute(
    'href',
    'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677',
  )
  await expect(myOrders.getByText(/Refunded \$10\.00 on/)).toBeVisible()
  await expect(myOrders.getByText(/Refunded \$5\.00 on/)).toBeVisible()
  await myOrders.screenshot({ path: test.info().outputPath('my-orders.png') })
  const refundMail = await mailTo(page.request, buyer, /Your refund of \$5\.00/)
  expect(refundMail.text).toContain('We have refunded $5.00 for your order')
  await context.close()
  expect(errors).toEqual([])
})

// Issue 40: the desk pages a long list from each page's place (keyset
// pages), and keeps Previous, "Page n of m" and Next; the URL holds the
// place, so a reload shows the same orders.
test('a manager pages through a long list: Next, a reload, Previous', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  const buyer = await confirmedAccount(page.request, 'pager', { first_name: 'Pia', last_name: 'Pager' })
  const token = await accessToken(page.request, buyer)
  const word = `pg${Math.random().toString(36).slice(2, 8)}` // this test's orders alone
  for (let i = 0; i < 52; i++) {
    await pay(page.request, token, { action: 'demo_payment', method: 'card', shippingInfo: { ...shippingInfo, fullName: `Quinn ${word}`, email: buyer } })
  }
  await managerSignsIn(page)
  await page.goto(`/admin/orders?q=${word}`)
  const table = page.getByRole('table', { name: 'Orders' })
  const numbers = () => table.getByRole('link').allTextContents()
  await expect(page.getByRole('status').filter({ hasText: '52 orders' })).toBeVisible()
  await expect(page.getByText('Page 1 of 3')).toBeVisible()
  await expect(table.getByRole('link')).toHaveCount(25)
  const first = await numbers()

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 2 of 3')).toBeVisible()
  await expect(page).toHaveURL(/page=2&after=SF-/)
  await expect(table.getByRole('link').first()).not.toHaveText(first[0])
  const second = await numbers()
  expect(second).toHaveLength(25)
  expect(second.filter((n) => first.includes(n))).toEqual([])

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 3 of 3')).toBeVisible()
  await expect(table.getByRole('link')).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await page.reload()
  await expect(page.getByText('Page 3 of 3')).toBeVisible()
  await expect(table.getByRole('link')).toHaveCount(2)
  await screenshots(page, 'orders-last-page')
  await expect(page.getByRole('list', { name: 'Orders' })).toBeHidden() // the cards are the phone's

  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page.getByText('Page 2 of 3')).toBeVisible()
  await expect(page).toHaveURL(/page=2&before=SF-/)
  await expect(table.getByRole('link').first()).toHaveText(second[0])
  expect(await numbers()).toEqual(second)

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem')).toHaveCount(25)
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page.getByText('Page 1 of 3')).toBeVisible()
  await expect(page).not.toHaveURL(/after=|before=|page=/)
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('link').first()).toHaveText(first[0])
  expect(errors).toEqual([])
})
