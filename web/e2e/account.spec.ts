import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

// The parent's account area (issue 10) against the real binary in --dev mode:
// accounts are confirmed through the development mailbox.

type Mail = { to: string; subject: string; text: string; created_at: string }

const PASSWORD = 'Tiger123!'

function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

async function confirmedAccount(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag)
  const res = await request.post('/auth/v1/signup', { data: { email, password: PASSWORD, data: { first_name: 'Nainni', last_name: 'Rabbit' } } })
  expect(res.ok()).toBeTruthy()
  let link = ''
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/mail')).json()) as Mail[]
      link = mails.find((m) => m.to === email)?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0] ?? ''
      return link
    })
    .not.toBe('')
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(303)
  return email
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

async function signedInProfile(page: Page, tag: string) {
  const email = await confirmedAccount(page.request, tag)
  await logIn(page, email)
  await expect(page.getByText('Login successful')).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  return email
}

test.describe('account area', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  })

  test('signed out, /profile says Not Logged In', async ({ page }) => {
    await page.goto('/profile')
    await expect(page.getByText('Not Logged In')).toBeVisible()
    await page.getByRole('link', { name: 'Go to Login' }).click()
    await expect(page).toHaveURL('/login')
  })

  test('sign out from the phone menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signedInProfile(page, 'phone')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu.getByRole('link', { name: 'Profile', exact: true })).toBeVisible()
    await menu.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Login' })).toBeVisible()
  })
})
