import { expect, test } from './test'
import { uniqueEmail } from './accounts'
import { expectNoViolations, widths } from './axe'

// Issue 38 §12: a guest follows an order from the link in its e-mails: the
// order's status, parcel and refunds, and no address beyond the city.

type Mail = { to: string; subject: string; text: string }

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

for (const size of widths) {
  test(`a guest follows an order from its e-mail at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height })
    const email = uniqueEmail('guest-status')
    const paid = await page.request.post('/functions/v1/process-payment', {
      headers: { 'Idempotency-Key': `status-${email}` },
      data: {
        action: 'demo_payment',
        method: 'card',
        items: [{ id: 1, name: 'Siso and the Stripe That Got Away', quantity: 1, unitPrice: 14.99 }],
        amount: '16.49',
        shippingInfo: { fullName: 'Gus Guest', email, address: '1 Secret Road', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'United States', cardNumber: '4242424242424242' },
      },
    })
    expect(paid.status(), await paid.text()).toBe(200)
    const { orderNumber } = (await paid.json()) as { orderNumber: string }

    // The confirmation carries the link.
    let link = ''
    await expect
      .poll(async () => {
        const mails = (await (await page.request.get('/api/dev/mail')).json()) as Mail[]
        link = mails.find((m) => m.to === email)?.text.match(/https?:\/\/\S+\/order-status\?token=[\w-]+/)?.[0] ?? ''
        return link
      })
      .not.toBe('')
    await page.goto(new URL(link).pathname + new URL(link).search)
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()
    await expect(page.getByText('Not shipped', { exact: true })).toBeVisible()
    await expect(page.getByText('Paid', { exact: true })).toBeVisible()
    await expect(page.getByText('Siso and the Stripe That Got Away × 1')).toBeVisible()
    await expect(page.getByText('Shipping to Springfield, United States')).toBeVisible()
    await expect(page.getByText('1 Secret Road')).toHaveCount(0)
    await expect(page.getByText('62701')).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath(`order-status-${size.width}.png`), fullPage: true })
    await expectNoViolations(page, `order status, ${size.width} px`)

    // A link one character off opens nothing, and says so.
    await page.goto(`/order-status?token=${new URL(link).searchParams.get('token')!.slice(0, -1)}x`)
    await expect(page.getByRole('heading', { name: 'We could not open this order' })).toBeVisible()
    await expect(page.getByText('This link to an order is not valid, or it has expired.')).toBeVisible()
    await expect(page.getByText(orderNumber)).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath(`order-status-refused-${size.width}.png`), fullPage: true })
  })
}
