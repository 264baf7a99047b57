import { expect, test, type APIRequestContext, type Page } from './test'
import { accessToken, confirmedAccount, grantRole, staffSignedIn, signedInAs, twoStepSession } from './accounts'
import { expectNoViolationsAtEveryWidth } from './axe'

// Issue 28, "Shipping and tax that say one thing" and "Discount codes": what a
// buyer is offered and charged, against the real binary (--dev).

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

async function addBook(page: Page, id: number) {
  await page.goto(`/books/${id}`)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('Added to Cart')).toBeVisible()
}

/** The address, as its country asks it: the US's State and ZIP Code, the UK's Post Town and Postal Code. */
async function fillAddress(page: Page, country?: string) {
  if (country) await page.getByLabel('Country').selectOption(country)
  await page.getByLabel('Full Name', { exact: true }).fill('Ada Reader')
  await page.getByLabel('Email').fill('ada.reader@example.com')
  await page.getByLabel('Address', { exact: true }).fill('12 Story Lane')
  if (country === 'United Kingdom') {
    await page.getByLabel('Post Town', { exact: true }).fill('London')
    await page.getByLabel('Postal Code', { exact: true }).fill('EC1Y 8SY')
  } else if (country === 'New Zealand') {
    await page.getByLabel('City', { exact: true }).fill('Wellington')
    await page.getByLabel('Postal Code', { exact: true }).fill('6011')
  } else {
    await page.getByLabel('City', { exact: true }).fill('Springfield')
    await page.getByLabel('State', { exact: true }).fill('IL')
    await page.getByLabel('ZIP Code', { exact: true }).fill('62701')
  }
}

/** The aal2 access token of a new manager: the CLI grants the role, two-step sign-in is turned on through /auth/v1. */
async function managerToken(request: APIRequestContext): Promise<string> {
  const email = await confirmedAccount(request, 'discounts-manager', { first_name: 'Mina', last_name: 'Ger' })
  grantRole(test.info().parallelIndex, email, 'manager')
  return (await twoStepSession(request, email)).accessToken
}

test('a discount code applied in the cart is priced in both summaries and paid with the demo card, then with PayPal', async ({ page }) => {
  test.setTimeout(120_000)
  const code = `KIDS${Date.now().toString(36).toUpperCase()}`
  const created = await page.request.post('/api/admin/discounts', {
    headers: { Authorization: `Bearer ${await managerToken(page.request)}`, 'Idempotency-Key': code },
    data: { code, percentOff: 20, minSubtotalCents: 2000, usageLimit: 5 },
  })
  expect(created.status()).toBe(201)

  const email = await confirmedAccount(page.request, 'discount-buyer')
  await signedInAs(page, email)

  // One book is under the code's minimum: the cart says so.
  await addBook(page, 1)
  await page.goto('/cart')
  await page.getByLabel('Promo code').fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert').filter({ hasText: `The code ${code} needs a subtotal of at least $20.00: add $5.01 more to use it.` })).toBeVisible()

  // Two books: 29.98, less 20 % (6.00) = 23.98, tax 2.40, US standard free: 26.38.
  await page.getByRole('button', { name: /Increase quantity/ }).click()
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(`Promo code ${code} applied`)).toBeVisible()
  const cartSummary = page.getByRole('region', { name: 'Order Summary' })
  await expect(cartSummary).toContainText(`Discount (${code})`)
  await expect(cartSummary).toContainText('-$6.00')
  await expect(cartSummary).toContainText('$26.38')
  // The cart's tax is the US one until the checkout knows where the order goes (issue 38, item 3).
  await expect(cartSummary).toContainText('At the US rate: the checkout works out the tax for where you live.')
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`cart-code-${width}.png`), fullPage: true })
  }

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary).toContainText(`Discount (${code})`)
  await expect(summary).toContainText('-$6.00')
  await expect(summary).toContainText('Shipping (Standard)')
  await fillAddress(page)
  // Express: 26.38 + 14.99.
  await page.getByRole('radio', { name: /Express/ }).check()
  await expect(summary).toContainText('Shipping (Express)')
  await expect(summary).toContainText('$14.99')
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay $41.37' }).click()
  await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })

  const token = await accessToken(page.request, email)
  const orders = await page.request.get('/api/orders', { headers: { Authorization: `Bearer ${token}` } })
  const [order] = (await orders.json()) as { totalCents: number; shippingCents: number }[]
  expect(order).toMatchObject({ totalCents: 4137, shippingCents: 1499 })

  // The code went with that order; the next cart applies it again and pays with PayPal, whose order carries the discount.
  await addBook(page, 1)
  await page.goto('/cart')
  await expect(page.getByText(`Promo code ${code} applied`)).toHaveCount(0)
  await page.getByRole('button', { name: /Increase quantity/ }).click()
  await page.getByLabel('Promo code').fill(code)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(`Promo code ${code} applied`)).toBeVisible()
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(summary).toContainText('-$6.00')
  await fillAddress(page)
  await page.getByRole('tab', { name: 'PayPal' }).click()
  const createOrder = page.waitForResponse((r) => r.url().endsWith('/functions/v1/process-payment') && r.request().postDataJSON()?.action === 'create_order')
  await page.getByRole('button', { name: 'PayPal', exact: true }).click()
  const paypalOrder = ((await (await createOrder).json()) as { id: string }).id
  await page.getByRole('dialog', { name: 'PayPal test checkout' }).getByRole('button', { name: 'Pay with PayPal (test)' }).click()
  await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })

  const [paid] = (await (await page.request.get('/api/orders', { headers: { Authorization: `Bearer ${token}` } })).json()) as { provider: string; totalCents: number }[]
  expect(paid).toMatchObject({ provider: 'paypal', totalCents: 2638 })
  const { breakdown, value } = await payPalAmount(page.request, paypalOrder)
  expect(value).toBe('26.38')
  expect(breakdown).toMatchObject({ item_total: { value: '29.98' }, discount: { value: '6.00' }, tax_total: { value: '2.40' }, shipping: { value: '0.00' } })
})

const fakePayPal = (JSON.parse(process.env.E2E_EXTRA_ENV ?? '{}') as Record<string, string>).PAYPAL_API_BASE ?? ''

/** The amount of a PayPal order as the fake PayPal holds it, read with the shop's own credentials. */
async function payPalAmount(request: APIRequestContext, id: string): Promise<{ value: string; breakdown: Record<string, { value: string }> }> {
  const auth = await request.post(`${fakePayPal}/v1/oauth2/token`, {
    headers: { Authorization: `Basic ${Buffer.from('fake-client-id:fake-client-secret').toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  })
  const { access_token } = (await auth.json()) as { access_token: string }
  const res = await request.get(`${fakePayPal}/v2/checkout/orders/${id}`, { headers: { Authorization: `Bearer ${access_token}` } })
  expect(res.ok(), await res.text()).toBeTruthy()
  const body = (await res.json()) as { purchase_units: { amount: { value: string; breakdown: Record<string, { value: string }> } }[] }
  return body.purchase_units[0].amount
}

test('a UK buyer is offered international shipping at its price, pays no US tax and sees the rate', async ({ page }) => {
  await addBook(page, 3)
  await page.goto('/checkout')
  await fillAddress(page, 'United Kingdom')
  // A UK address: a post town and a postcode, no state.
  await expect(page.getByLabel('State', { exact: true })).toHaveCount(0)
  await expect(page.getByLabel('ZIP Code', { exact: true })).toHaveCount(0)
  const methods = page.getByRole('group', { name: 'Shipping Method' })
  await expect(methods.getByRole('radio')).toHaveCount(1)
  await expect(methods.getByRole('radio', { name: /International Standard/ })).toBeChecked()
  await expect(methods).toContainText('7-21 business days')
  await expect(methods).toContainText('$12.99')
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary).toContainText('Shipping (International Standard)')
  // 19.99 + no tax + 12.99 shipping: the US's 10 % is not charged abroad.
  await expect(summary.getByText('Tax (0%)')).toBeAttached()
  await expect(page.getByRole('button', { name: 'Pay $32.98' })).toBeVisible()
  // For a person to look at: the method and the summary at a phone's width and a desktop's.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`checkout-uk-${width}.png`), fullPage: true })
  }
  await page.getByRole('button', { name: 'Pay $32.98' }).click()
  await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })

  // The site says one thing: the API offers abroad only what /shipping (pages.spec.ts) and the FAQ state.
  const offered = (await (await page.request.get('/api/shipping/methods?country=GB')).json()) as { methods: unknown[] }
  expect(offered.methods).toEqual([{ id: 'standard', name: 'International Standard', deliveryTime: '7-21 business days', priceCents: 1299, freeOverCents: null }])
  await page.goto('/faq')
  await page.getByRole('button', { name: 'How much does shipping cost?' }).click()
  await expect(page.getByText('Abroad: International Standard (7-21 business days) costs $12.99.')).toBeVisible()
})

test('a manager adds a zone for New Zealand (no other journey ships there) and a discount code', async ({ page }) => {
  test.setTimeout(90_000)
  await staffSignedIn(page, test.info().parallelIndex, 'manager', { first_name: 'Mina', last_name: 'Ger' })

  await page.goto('/admin/settings')
  const form = page.getByRole('form', { name: 'Shop settings' })
  const us = form.getByRole('region', { name: 'Zone: United States' })
  await expect(us.getByLabel('Tax on printed books (%)')).toHaveValue('10')
  await expect(us.getByLabel('Countries')).toHaveValue('US')
  await expectNoViolationsAtEveryWidth(page, '/admin/settings')

  // New Zealand: its own zone with GST at 15 % on every book, standard shipping at $9.99.
  await form.getByLabel('Zone name').last().fill('New Zealand')
  await form.getByRole('button', { name: 'Add zone' }).click()
  const nz = form.getByRole('region', { name: 'Zone: New Zealand' })
  await nz.getByLabel('Countries').fill('NZ')
  await nz.getByLabel('Tax on printed books (%)').fill('15')
  await nz.getByLabel('Tax on digital books (%)').fill('15')
  const standard = nz.getByRole('group', { name: 'standard' })
  await standard.getByLabel('Delivery time').fill('6-12 business days')
  await standard.getByLabel('Price ($)').fill('9.99')
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`settings-${width}.png`), fullPage: true })
  }
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('region', { name: 'Zone: New Zealand' }).getByLabel('Countries')).toHaveValue('NZ')

  // A New Zealand buyer is charged its GST and its shipping: 19.99 + 3.00 + 9.99.
  await addBook(page, 3)
  await page.goto('/checkout')
  await fillAddress(page, 'New Zealand')
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary.getByText('Tax (15%)')).toBeAttached()
  await expect(page.getByRole('button', { name: 'Pay $32.98' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay $32.98' }).click()
  await expect(page).toHaveURL('/thank-you', { timeout: 15_000 })

  await page.goto('/admin/discounts')
  await page.getByRole('button', { name: 'New discount code' }).click()
  const code = `SUMMER${Date.now().toString(36).toUpperCase()}`
  await page.getByRole('textbox', { name: 'Code' }).fill(code)
  await page.getByLabel('Percent off').fill('15')
  await page.getByRole('button', { name: 'Add discount code' }).click()
  await expect(page.getByRole('list', { name: 'Discount codes' }).getByRole('heading', { name: code })).toBeVisible()
  await expectNoViolationsAtEveryWidth(page, '/admin/discounts')
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`discounts-${width}.png`), fullPage: true })
  }
})
