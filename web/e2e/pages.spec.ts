import { expect, test, type Page } from './test'
import { collectConsoleErrors } from './console'

// The static pages and the contact form (spec 02 §2 "Contact page", "Static pages", §4 "Contact form", §8).

test.beforeEach(async ({ page }) => {
  // Keep the cookie banner out of the way; it has its own tests.
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

const keyContent: { path: string; heading: RegExp; texts: (string | RegExp)[] }[] = [
  { path: '/about', heading: /About/, texts: ['Founded in 2010', 'Mon-Fri', '9AM-8PM', '10AM-7PM', '10AM-5PM', 'Visit our shop', '42 Storybook Lane, Maple Grove, MN 55311'] },
  { path: '/values', heading: /Our Values/, texts: ['Empowering Young Minds', 'Inclusive Storytelling', 'Educational Value', 'Quality First'] },
  { path: '/shipping', heading: /Shipping Policy/, texts: ['3-7 business days', '$8.99', '$14.99', '$12.99', '7-21 business days', 'Orders are processed in 1-2 business days', 'up to 48 hours', 'within 14 days'] },
  { path: '/privacy', heading: /Privacy Policy/, texts: ['Last updated: June 15, 2023', /not intended for children under 13/] },
  { path: '/terms', heading: /Terms of Service/, texts: ['Last updated: June 15, 2023', /aged 4-10/, /4-8 story paths/, /within 30 days/, /Digital purchases are non-refundable/] },
]

for (const { path, heading, texts } of keyContent) {
  test(`${path} shows its key content`, async ({ page }) => {
    const errors = collectConsoleErrors(page)
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    const main = page.getByRole('main')
    for (const text of texts) await expect(main.getByText(text).filter({ visible: true }).first()).toBeVisible()
    expect(errors).toEqual([])
  })
}

test('/values has About, Beliefs and Team sections', async ({ page }) => {
  await page.goto('/values')
  for (const name of ['About', 'Beliefs', 'Team']) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
})

test('/about links to the contact page', async ({ page }) => {
  await page.goto('/about')
  await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL('/contact')
  await expect(page.getByRole('heading', { level: 1, name: /Contact/ })).toBeVisible()
})

test('/characters shows four friends, each appearing in three books', async ({ page }) => {
  await page.goto('/characters')
  for (const id of ['siso', 'nainni', 'lizzie', 'feefee']) {
    const section = page.locator(`section#${id}`)
    await expect(section.getByRole('img')).toBeVisible()
    await expect(section.getByRole('heading', { name: 'Appears in' })).toBeVisible()
    await expect(section.getByRole('listitem')).toHaveCount(3)
  }
  await expect(page.locator('#siso')).toContainText('Siso and the Stripe That Got Away')
  await expect(page.locator('#siso')).toContainText('Our First Adventure')
})

test('/characters#lizzie scrolls to Lizzie, clear of the sticky header', async ({ page }) => {
  await page.goto('/characters#lizzie')
  const name = page.getByRole('heading', { level: 2, name: /Lizzie/ })
  await expect(name).toBeInViewport()
  await expect(page.getByRole('heading', { level: 2, name: /Siso/ })).not.toBeInViewport()
  // The smooth scroll has settled when two looks in a row see the same position.
  let last = -1
  await expect.poll(async () => {
    const y = await page.evaluate(() => window.scrollY)
    const settled = y === last && y > 0
    last = y
    return settled
  }).toBe(true)
  const header = await page.getByRole('banner').boundingBox()
  const section = await page.locator('#lizzie').boundingBox()
  expect(header && section && section.y >= header.y + header.height).toBe(true)
})

test('the FAQ opens one answer at a time and points to the contact page', async ({ page }) => {
  await page.goto('/faq')
  const triggers = page.getByRole('main').getByRole('button')
  await expect(triggers).toHaveCount(10)
  const first = page.getByRole('button', { name: 'What ages are your books for?' })
  const second = page.getByRole('button', { name: 'Can I return a book?' })

  await first.click()
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(/Our books are written for children aged 4-10/)).toBeVisible()

  await second.click()
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByText(/Physical books can be returned within 30 days/)).toBeVisible()
  await expect(page.getByText(/Our books are written for children aged 4-10/)).toBeHidden()

  await second.click()
  await expect(second).toHaveAttribute('aria-expanded', 'false')

  await expect(page.getByRole('heading', { name: 'Still have questions?' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL(/\/contact/)
})

test('blog: list, article and Back', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await page.goto('/blog')
  const posts = page.getByRole('main').getByRole('article')
  await expect(posts).toHaveCount(5)
  for (const img of await page.getByRole('main').getByRole('img').all()) {
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  }

  await page.getByRole('link', { name: 'Building a Home Library on a Budget' }).click()
  await expect(page).toHaveURL('/blog/3')
  await expect(page.getByRole('heading', { level: 1, name: 'Building a Home Library on a Budget' })).toBeVisible()
  // The body is the post's own Markdown, rendered and sanitized by the server.
  await expect(page.getByRole('heading', { level: 2, name: 'Get to know your public library' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible()

  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL('/blog')
  await expect(posts).toHaveCount(5)
  expect(errors).toEqual([])
})

test('each post has its own article', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await page.goto('/blog/1')
  await expect(page.getByRole('heading', { level: 1, name: '5 Ways to Make Bedtime Stories Magical' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '3. Let your child choose what happens next' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Dream Maker' })).toHaveAttribute('href', '/dreamaker')
  await expect(page.locator('article blockquote')).toBeVisible()

  await page.goto('/blog/5')
  await expect(page.getByRole('heading', { level: 1, name: 'Starting a Kindness Club with Siso' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Ten kind-deed ideas to try' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '3. Let your child choose what happens next' })).toHaveCount(0)
  expect(errors).toEqual([])
})

async function fillContactForm(page: Page) {
  await page.getByLabel('Your name', { exact: true }).fill('Maya Parent')
  await page.getByLabel('Email', { exact: true }).fill('maya@example.com')
  await page.getByLabel('Subject', { exact: true }).fill('Gift wrapping')
  await page.getByLabel('Message', { exact: true }).fill('Can Our First Adventure be gift-wrapped?')
}

test('/contact shows e-mail, phone and address cards and the anchored form', async ({ page }) => {
  await page.goto('/contact#contact-form')
  const main = page.getByRole('main')
  // The server's SUPPORT_EMAIL (playwright.config.ts), as the footer gives it too.
  await expect(main.getByRole('link', { name: 'help@siso-e2e.test' })).toBeVisible()
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'help@siso-e2e.test' })).toBeVisible()
  await expect(main.getByRole('link', { name: '+1 (555) 014-2837' })).toBeVisible()
  await expect(main.getByText('42 Storybook Lane').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeInViewport()
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email')
})

test('the contact form sends, thanks the visitor and clears', async ({ page }) => {
  await page.goto('/contact')
  await fillContactForm(page)

  // Hold the response a moment to see the sending state.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/functions/v1/send-contact-email', async (route) => {
    await held
    await route.continue()
  })
  const request = page.waitForRequest('**/functions/v1/send-contact-email')
  await page.getByRole('button', { name: 'Send Message' }).click()
  expect((await request).postDataJSON()).toEqual({ name: 'Maya Parent', email: 'maya@example.com', subject: 'Gift wrapping', message: 'Can Our First Adventure be gift-wrapped?' })
  for (const label of ['Your name', 'Email', 'Subject', 'Message']) await expect(page.getByLabel(label, { exact: true })).toBeDisabled()
  release()

  await expect(page.getByText('Message Sent!')).toBeVisible()
  await expect(page.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeVisible()
  for (const label of ['Your name', 'Email', 'Subject', 'Message']) {
    await expect(page.getByLabel(label, { exact: true })).toBeEnabled()
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('')
  }
})

test('a failed send shows the error toast and keeps the message', async ({ page }) => {
  await page.route('**/functions/v1/send-contact-email', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"boom"}' }),
  )
  await page.goto('/contact')
  await fillContactForm(page)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Failed to send message. Please try again later.')).toBeVisible()
  await expect(page.getByText('Error', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Can Our First Adventure be gift-wrapped?')
  await expect(page.getByText('Message Sent!')).toBeHidden()
})

test('the contact form says what is missing', async ({ page }) => {
  let called = false
  await page.route('**/functions/v1/send-contact-email', (route) => {
    called = true
    return route.abort()
  })
  await page.goto('/contact')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Please tell us your name')).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill('not-an-email')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  expect(called).toBe(false)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('/characters#feefee scrolls to FeeFee', async ({ page }) => {
    await page.goto('/characters#feefee')
    await expect(page.getByRole('heading', { level: 2, name: /FeeFee/ })).toBeInViewport()
  })

  test('the shipping rates read as cards', async ({ page }) => {
    await page.goto('/shipping')
    // The rates are the shop's shipping settings (issue #28): US standard is free, abroad $12.99.
    const international = page.getByRole('listitem').filter({ hasText: 'International Standard' })
    await expect(international).toContainText('Delivery: 7-21 business days')
    await expect(international).toContainText('Cost: $12.99')
  })
})
