import { expect, test, type APIRequestContext, type Page } from './test'
import { MAIL_POLL, staffToken, uniqueEmail, staffSignedIn } from './accounts'
import { widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 39: a newsletter confirmed by its reader (double opt-in), a
// campaign written, previewed on a phone and sent from the back office with
// one-click unsubscribe, and "Tell me when it's back" on a sold-out book.

type Mail = { to: string; subject: string; text: string; headers: { name: string; value: string }[] }

async function mailTo(request: APIRequestContext, to: string, subject: RegExp, count = 1): Promise<Mail> {
  let found: Mail[] = []
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/dev/mail')).json()) as Mail[]
        found = mails.filter((m) => m.to === to && subject.test(m.subject))
        return found.length
      },
      { message: `${count} mail(s) to ${to} matching ${subject}`, timeout: 20_000, intervals: MAIL_POLL },
    )
    .toBe(count)
  return found[0]
}

/** Signs an address up and confirms it from its e-mail, through the API. */
async function subscriber(request: APIRequestContext, email: string) {
  expect((await request.post('/api/newsletter', { data: { email } })).ok()).toBeTruthy()
  const mail = await mailTo(request, email, /Confirm your subscription/)
  const token = mail.text.match(/\/newsletter\/confirm\?token=([\w-]+)/)![1]
  expect((await request.post('/api/newsletter/confirm', { data: { token } })).ok()).toBeTruthy()
}

async function shoot(page: Page, name: string) {
  for (const { width, height } of widths) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

test.beforeEach(async ({ page }) => {
  // Not in the dev mailbox's sandboxed frames, which have no storage.
  await page.addInitScript(() => {
    if (window.origin !== 'null') window.localStorage.setItem('cookiesAccepted', 'all')
  })
})

test('a visitor subscribes on the home page and confirms from the dev mailbox', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectConsoleErrors(page)
  const email = uniqueEmail('reader')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/#newsletter')
  const form = page.getByRole('form', { name: 'Newsletter' })
  await form.getByLabel('Email address').fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText('Please check your inbox').first()).toBeVisible()

  await mailTo(page.request, email, /Confirm your subscription to Siso & Friends/)
  await page.goto('/dev/mail')
  const message = page.locator('article').filter({ hasText: `To ${email}` }).first()
  await expect(message.getByRole('heading', { name: 'Confirm your subscription to Siso & Friends' })).toBeVisible()
  await message.getByText('Headers').click()
  await expect(message.getByText(`To: ${email}`)).toBeVisible()
  await message.getByRole('link', { name: /newsletter\/confirm/ }).click()
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible()
  await shoot(page, 'newsletter-confirmed')
  expect(errors).toEqual([])
})

test('a manager writes a campaign with a book card, previews it on a phone and sends it; one reader leaves with one click', async ({ page }) => {
  test.setTimeout(120_000)
  const readers = [uniqueEmail('reader-a'), uniqueEmail('reader-b'), uniqueEmail('reader-c')]
  for (const r of readers) await subscriber(page.request, r)

  const manager = await staffSignedIn(page, test.info().parallelIndex, 'manager', { first_name: 'Mona', last_name: 'Ager' })

  await page.goto('/admin/campaigns')
  await expect(page.getByText('No open or click tracking').first()).toBeVisible()
  await page.getByRole('link', { name: 'New campaign' }).click()
  const subject = `Meet our new friend ${Date.now()}`
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Preview text').fill('A story about choosing what happens next')
  await page.getByLabel('Body (Markdown)').fill('# Hello, friends!\n\nOur favorite book is here:\n\n{{book 3}}\n\nHappy reading!')
  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/campaigns') && r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Create draft' }).click()
  expect((await created).status(), await (await created).text()).toBe(201)
  await expect(page.getByRole('button', { name: 'Send me a test' })).toBeVisible({ timeout: 20_000 })

  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('tab', { name: 'Phone' }).click()
  const phone = page.frameLocator('iframe[title="Preview on a phone"]')
  await expect(phone.getByText('Our First Adventure').first()).toBeVisible()
  await expect(phone.getByRole('link', { name: 'Unsubscribe' })).toBeVisible()
  await shoot(page, 'campaign-draft')
  await page.setViewportSize({ width: 1440, height: 900 })

  await page.getByRole('button', { name: 'Send me a test' }).click()
  await expect(page.getByText(`A test is on its way to ${manager}.`)).toBeVisible()
  await page.getByRole('button', { name: 'Send now' }).click()
  await page.getByRole('button', { name: 'Yes, send it' }).click()
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible({ timeout: 20_000 })

  // Each reader got it once, with the one-click headers; the manager's test is apart.
  const mails: Mail[] = []
  for (const r of readers) mails.push(await mailTo(page.request, r, new RegExp(subject)))
  const header = (m: Mail, name: string) => m.headers.find((h) => h.name === name)?.value ?? ''
  expect(header(mails[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  expect(header(mails[0], 'From')).toContain('News')
  const url = header(mails[0], 'List-Unsubscribe').match(/<(http[^>]+)>/)![1]
  // The mail app's one-click POST: no session, no page.
  const oneClick = await page.request.fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' })
  expect(oneClick.status()).toBe(200)

  await page.reload()
  // Every confirmed subscriber of this shop (other journeys' too) got it, each once.
  const counts = page.getByRole('list', { name: 'Campaign counts' })
  const recipients = (await counts.getByRole('listitem').filter({ hasText: 'Recipients' }).textContent())!.replace('Recipients', '')
  expect(Number(recipients)).toBeGreaterThanOrEqual(3)
  await expect(counts.getByRole('listitem').filter({ hasText: 'Unsubscribed since' })).toContainText('1')
  await expect(counts.getByRole('listitem').filter({ hasText: /^\d+Sent$/ })).toHaveText(`${recipients}Sent`, { timeout: 15_000 })
  await shoot(page, 'campaign-sent')

  await page.goto('/admin/newsletter')
  await page.getByLabel('Search by address').fill(readers[0])
  await expect(page.getByRole('row').filter({ hasText: readers[0] })).toContainText('Unsubscribed')
  await shoot(page, 'newsletter-subscribers')
})

test('a visitor asks to hear when a sold-out book is back and gets one e-mail when the editor restocks it', async ({ page }) => {
  test.setTimeout(90_000)
  const editor = await staffToken(page.request, test.info().parallelIndex, 'editor')
  const headers = { Authorization: `Bearer ${editor}` }
  const setStock = async (stock: number | null) => {
    const book = (await (await page.request.get('/api/admin/books/2', { headers })).json()) as { version: number }
    const res = await page.request.patch('/api/admin/books/2', { headers, data: { version: book.version, stock } })
    expect(res.ok(), await res.text()).toBeTruthy()
  }
  await setStock(0)
  try {
    const email = uniqueEmail('waiting')
    await page.goto('/books/2')
    await expect(page.getByText('Out of stock').first()).toBeVisible()
    await page.getByRole('button', { name: "Tell me when it's back" }).click()
    await page.getByLabel("Where should we write when it's back?").fill(email)
    await page.getByRole('button', { name: 'Tell me', exact: true }).click()
    await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible()
    await shoot(page, 'back-in-stock-asked')

    const confirm = await mailTo(page.request, email, /tell me when/i)
    await page.goto(confirm.text.match(/https?:\/\/\S+\/back-in-stock\/confirm\?token=[\w-]+/)![0])
    await expect(page.getByRole('heading', { name: "We'll tell you when it's back" })).toBeVisible()

    await setStock(4)
    await mailTo(page.request, email, /^Good news: .* is back$/)
    // Once: the address is forgotten with that e-mail, so no later pass can send another.
    const waiting = (await (await page.request.get('/api/admin/books/2/waiting', { headers })).json()) as { waiting: number }
    expect(waiting.waiting).toBe(0)
    await mailTo(page.request, email, /^Good news: .* is back$/, 1)
  } finally {
    await setStock(null)
  }
})
