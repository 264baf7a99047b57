import { createHmac } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

// The parent's account area (issue 10) against the real binary in --dev mode:
// accounts are confirmed through the development mailbox.

type Mail = { to: string; subject: string; text: string; created_at: string }

const PASSWORD = 'Tiger123!'
const NEW_PASSWORD = 'Jungle456?'

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

/** The RFC 6238 code of a base32 secret, as an authenticator app shows it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const ch of secret.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = mac[mac.length - 1] & 0xf
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
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

  test('profile, children, communications, devices and orders', async ({ page }) => {
    await signedInProfile(page, 'profile')

    // Edit Profile Info: the e-mail rules in order, then a saved change that survives a reload.
    const info = page.getByRole('region', { name: 'Edit Profile Info' })
    const save = info.getByRole('button', { name: 'Save' })
    // A new profile has no country or language: the detected ones are filled
    // in as a pending change, so Save starts enabled. Once saved, nothing has
    // changed and Save is disabled (spec 02 §4).
    await expect(info.getByLabel('Language')).not.toHaveValue('')
    await expect(save).toBeEnabled()
    await info.getByLabel('Email').fill('')
    await expect(info.getByText('Email is required')).toBeVisible()
    await info.getByLabel('Email').fill('parent')
    await expect(info.getByText('Email must contain @')).toBeVisible()
    await info.getByLabel('Email').fill('parent@example')
    await expect(info.getByText('Email must contain a domain')).toBeVisible()
    await expect(save).toBeDisabled()
    await info.getByLabel('Email').fill('pa rent@example.com')
    await expect(info.getByText('Please enter a valid email address')).toBeVisible()
    await page.reload()
    await info.getByLabel('First name').fill('Maya')
    await info.getByLabel('Country').selectOption('FR')
    await info.getByLabel('Language').selectOption('fr')
    await info.getByLabel('Date of birth').fill('1990-04-03')
    await save.click()
    await expect(page.getByText('Profile updated')).toBeVisible()
    await page.reload()
    await expect(info.getByLabel('First name')).toHaveValue('Maya')
    await expect(info.getByLabel('Country')).toHaveValue('FR')
    await expect(info.getByLabel('Country').locator('option:checked')).toHaveText('France')
    await expect(info.getByLabel('Date of birth')).toHaveValue('1990-04-03')
    await expect(save).toBeDisabled()

    // My Children: add, edit, remove.
    const children = page.getByRole('region', { name: 'My Children' })
    await children.getByRole('button', { name: 'Add child' }).click()
    await children.getByLabel("Child's name").fill('Leo')
    await children.getByLabel("Child's date of birth").fill('2020-01-15')
    await children.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(page.getByText('Child added successfully')).toBeVisible()
    await expect(children.getByText('Leo')).toBeVisible()
    await expect(children.getByText(/\d+ years?/)).toBeVisible()
    await children.getByRole('button', { name: 'Edit Leo' }).click()
    await children.getByLabel("Child's name").fill('Leon')
    await children.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Child information updated successfully')).toBeVisible()
    await page.reload()
    await expect(children.getByText('Leon')).toBeVisible()
    await children.getByRole('button', { name: 'Remove Leon' }).click()
    await expect(page.getByText('Child removed successfully')).toBeVisible()
    await expect(children.getByText('No children added yet.')).toBeVisible()

    // Communications: subscribed by default; the change survives a reload.
    const subscribed = page.getByRole('switch', { name: 'Send me news and offers' })
    await expect(subscribed).toBeChecked()
    await subscribed.click()
    await expect(page.getByText('Preferences updated')).toBeVisible()
    await page.reload()
    await expect(subscribed).not.toBeChecked()

    // My Devices: this browser, stored at sign-in.
    const devices = page.getByRole('region', { name: 'My Devices' })
    await expect(devices.getByRole('cell', { name: /Chrome/ })).toBeVisible()
    await devices.getByRole('button', { name: 'Refresh' }).click()
    await expect(devices.getByRole('cell', { name: /Desktop/ })).toBeVisible()

    // My Orders: an order paid with the demo card.
    const token = await page.evaluate(() => JSON.parse(window.localStorage.getItem('siso-auth') ?? '{}').access_token as string)
    const pay = await page.request.post('/functions/v1/process-payment', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        action: 'demo_payment',
        method: 'card',
        items: [{ id: 3, name: 'Our First Adventure', quantity: 1, unitPrice: 19.99 }],
        amount: 21.99,
        shippingInfo: { fullName: 'Maya Rabbit', email: 'maya@example.com', address: '12 Story Lane', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'US' },
      },
    })
    expect(pay.ok()).toBeTruthy()
    const { orderNumber } = (await pay.json()) as { orderNumber: string }
    await page.reload()
    const orders = page.getByRole('region', { name: 'My Orders' })
    await orders.getByText(`Order ${orderNumber}`).click()
    await expect(orders.getByText('Our First Adventure × 1')).toBeVisible()
    await expect(orders.getByText('$21.99').first()).toBeVisible()
    await expect(orders.getByText(/Shipping to: Maya Rabbit, 12 Story Lane/)).toBeVisible()
  })

  test('change the password and log in with the new one', async ({ page }) => {
    const email = await signedInProfile(page, 'password')
    const card = page.getByRole('region', { name: 'Password' })
    const update = card.getByRole('button', { name: 'Update Password' })
    await expect(update).toBeDisabled()
    await card.getByLabel('Current password').fill('wrong-one')
    await card.getByLabel('New password').fill(NEW_PASSWORD)
    await card.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await update.click()
    await expect(card.getByText('Current password is incorrect')).toBeVisible()
    await card.getByLabel('Current password').fill(PASSWORD)
    await card.getByLabel('Confirm new password').fill('different')
    await update.click()
    await expect(card.getByText("New password and confirmation don't match")).toBeVisible()
    await card.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await update.click()
    await expect(page.getByText('Password updated')).toBeVisible()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL('/')
    await logIn(page, email, NEW_PASSWORD)
    await expect(page.getByText('Login successful')).toBeVisible()
  })

  test('turn on two-step sign-in and log in with a code', async ({ page }) => {
    const email = await signedInProfile(page, 'twostep')
    const card = page.getByRole('region', { name: 'Two-step sign-in' })
    await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
    const secret = (await card.getByTestId('totp-secret').textContent())!.trim()
    await card.getByLabel('6-digit code from your app').fill(totp(secret))
    await card.getByRole('button', { name: 'Confirm' }).click()
    await expect(card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
    await card.getByRole('button', { name: 'I have saved them' }).click()
    await expect(card.getByText('Two-step sign-in is on.')).toBeVisible()

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL('/')
    await logIn(page, email)
    await expect(page.getByLabel('Code')).toBeVisible()
    // A fresh time step, so the code is not the one used to turn it on.
    await page.getByLabel('Code').fill(totp(secret, Date.now() + 30_000))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByText('Login successful')).toBeVisible()
    await page.goto('/profile')
    await expect(page.getByRole('region', { name: 'Edit Profile Info' })).toBeVisible()
  })

  test('delete the account, then fail to log in', async ({ page }) => {
    const email = await signedInProfile(page, 'delete')
    const card = page.getByRole('region', { name: 'Your data' })
    const download = page.waitForEvent('download')
    await card.getByRole('button', { name: 'Download my data' }).click()
    expect((await download).suggestedFilename()).toBe('siso-and-friends-my-data.json')
    await card.getByRole('button', { name: 'Delete my account' }).click()
    await card.getByLabel('Your password').fill('wrong')
    await card.getByRole('button', { name: 'Delete my account for good' }).click()
    await expect(card.getByText('Password is incorrect')).toBeVisible()
    await card.getByLabel('Your password').fill(PASSWORD)
    await card.getByRole('button', { name: 'Delete my account for good' }).click()
    await expect(page).toHaveURL('/')
    await logIn(page, email)
    await expect(page.getByText('Login successful')).not.toBeVisible()
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
