import { expect, test, waitingForApp, type APIRequestContext, type Page } from './test'
import { confirmedAccount, grantRole, logIn, totpCode, withTwoStep } from './accounts'
import { expectNoViolationsAtEveryWidth, widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 29, "A security page for the parent" and "Helping a customer": a
// parent sees a sign-in from a new phone by e-mail, signs it out with the
// e-mail's link and from the security page, and support removes the
// two-step factors of a parent who lost their authenticator.

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

type Mail = { to: string; subject: string; text: string }

async function newDeviceMails(request: APIRequestContext, to: string): Promise<Mail[]> {
  const mails = (await (await request.get('/api/dev/mail')).json()) as Mail[]
  return mails.filter((m) => m.to === to && m.subject === 'New sign-in to your Siso & Friends account')
}

/** Screenshots at a phone's width and a desktop's, kept with the test's output for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true })
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

test('a new phone is e-mailed and signed out twice; support removes a lost authenticator', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const errors = collectConsoleErrors(page)
  const parent = await confirmedAccount(page.request, 'secure', { first_name: 'Pia', last_name: 'Parent' })
  await logIn(page, parent)
  await expect(page).toHaveURL('/')

  // A phone the account never used signs in: one e-mail, with the device and a link.
  const phone = await browser.newContext({ userAgent: IPHONE })
  await phone.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  const phonePage = waitingForApp(await phone.newPage())
  await logIn(phonePage, parent)
  await expect(phonePage).toHaveURL('/')
  await expect.poll(async () => (await newDeviceMails(page.request, parent)).length).toBe(1)
  const [mail] = await newDeviceMails(page.request, parent)
  expect(mail.text).toContain('Device: Safari on iOS')
  const link = mail.text.match(/https?:\/\/\S+\/security\/sign-out\?token=\S+/)?.[0] ?? ''
  expect(link).not.toBe('')

  // The e-mail's link signs the phone out: its next request finds no session.
  await page.goto(new URL(link).pathname + new URL(link).search)
  await expect(page.getByRole('heading', { name: 'Sign out the new session?' })).toBeVisible()
  await screenshots(page, 'sign-out-link')
  await page.getByRole('button', { name: 'Sign that session out' }).click()
  await expect(page.getByText('That session is signed out.')).toBeVisible()
  await phonePage.goto('/profile/security')
  await expect(phonePage.getByRole('link', { name: 'Login' })).toBeVisible()

  // The phone again: known now, so no second e-mail; the parent sees it on the security page.
  await logIn(phonePage, parent)
  await expect(phonePage).toHaveURL('/')
  await page.goto('/profile')
  await page.getByRole('link', { name: 'Sessions and sign-ins' }).click()
  await expect(page).toHaveURL('/profile/security')
  // This browser twice (the confirmation link, the sign-in) and the phone.
  const sessions = page.getByRole('list', { name: 'Sessions' })
  await expect(sessions.getByRole('listitem')).toHaveCount(3)
  await expect(sessions.getByText('This device')).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Sign-ins' }).getByText('Signed in · Password')).toHaveCount(3)
  await expect(page.getByRole('region', { name: 'Linked sign-ins' }).getByText('Not linked')).toBeVisible()
  await expectNoViolationsAtEveryWidth(page, '/profile/security')
  await screenshots(page, 'security')
  expect(await newDeviceMails(page.request, parent)).toHaveLength(1)

  // Signing the phone out from here: it dies at once.
  await page.getByRole('button', { name: /^Sign out Safari on iOS/ }).click()
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  await phonePage.goto('/profile/security')
  await expect(phonePage.getByRole('link', { name: 'Login' })).toBeVisible()
  await phone.close()

  // The parent turns two-step sign-in on, then loses the authenticator. Support helps.
  await withTwoStep(page.request, parent)
  const supportEmail = await confirmedAccount(page.request, 'support', { first_name: 'Sam', last_name: 'Support' })
  grantRole(test.info().parallelIndex, supportEmail, 'support')
  const secret = await withTwoStep(page.request, supportEmail)
  const desk = await browser.newContext()
  await desk.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  const deskPage = waitingForApp(await desk.newPage())
  const deskErrors = collectConsoleErrors(deskPage)
  await logIn(deskPage, supportEmail)
  await deskPage.getByLabel('Code', { exact: true }).fill(totpCode(secret, 30))
  await deskPage.getByRole('button', { name: 'Verify' }).click()
  await expect(deskPage).toHaveURL('/')
  await deskPage.goto('/admin')
  await deskPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click()
  await deskPage.getByLabel('Search by e-mail or name').fill('Pia Par')
  await expect(deskPage.getByRole('list', { name: 'Customers' }).getByRole('listitem')).toHaveCount(1)
  await screenshots(deskPage, 'customers')
  await deskPage.getByRole('link', { name: 'Pia Parent' }).click()
  const factors = deskPage.getByRole('region', { name: 'Two-step sign-in' })
  await expect(factors.getByRole('list', { name: 'Factors' })).toContainText('totp')
  await expect(deskPage.getByRole('region', { name: 'Profile' })).toContainText('Children0')
  await expectNoViolationsAtEveryWidth(deskPage, '/admin/customers/:id')
  await screenshots(deskPage, 'customer')
  await factors.getByRole('button', { name: 'Remove two-step factors' }).click()
  const dialog = deskPage.getByRole('dialog', { name: 'Remove two-step sign-in?' })
  await dialog.getByRole('button', { name: 'Remove the factors' }).click()
  await expect(dialog.getByText(/Describe how you checked/)).toBeVisible()
  await dialog.getByLabel('How did you check it is them?').fill('Called back on the phone number of her last order')
  await dialog.getByRole('button', { name: 'Remove the factors' }).click()
  await expect(deskPage.getByText('Two-step sign-in is off for this account')).toBeVisible()
  await expect(factors.getByText('Off: no factors.')).toBeVisible()
  await desk.close()

  // The parent signs in with the password alone again.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await logIn(page, parent)
  await expect(page).toHaveURL('/')
  await page.goto('/profile/security')
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible()
  expect(errors).toEqual([])
  expect(deskErrors).toEqual([])
})
