import { expect, test, waitingForApp } from './test'
import { PASSWORD, accessToken, addChildFor, confirmedAccount, logIn } from './accounts'
import { widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 38 §14: being signed out from elsewhere ends in one quiet message, not
// in errors, and a passkey whose account is gone stops being offered.

const SIGNED_OUT = 'You were signed out. Please sign in again.'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
})

for (const size of widths) {
  test(`a session ended elsewhere signs the app out quietly at ${size.width} px`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000)
    const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height } })
    await context.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
    const page = waitingForApp(await context.newPage())
    const email = await confirmedAccount(page.request, 'ended', { first_name: 'Enzo', last_name: 'Ended' })
    await addChildFor(page.request, await accessToken(page.request, email), 'Mila')
    await logIn(page, email)
    await expect(page).toHaveURL('/')
    await page.goto('/profile')
    await expect(page.getByText('Mila')).toBeVisible()

    // Every session of the account ends (as the security page's "sign out everywhere" does).
    const token = await accessToken(page.request, email)
    expect((await page.request.post('/auth/v1/logout?scope=global', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204)

    // The next page load finds the session gone: one message, no errors, the sign-in form.
    const errors = collectConsoleErrors(page)
    await page.goto('/')
    await expect(page.getByText(SIGNED_OUT)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0)
    await expect(page.getByText('Error loading kid names')).toHaveCount(0)
    await expect(page.getByText('Error loading profile')).toHaveCount(0)
    await expect(page.getByText('Failed to load user data')).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath(`signed-out-${size.width}.png`) })
    // Refused requests are the browser's own lines about them, not the app's.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])

    // Signed in again, the app works as before; a signed-in page reached with an
    // ended session leaves for the home page, again with the one message.
    await logIn(page, email)
    await expect(page).toHaveURL('/')
    const again = await accessToken(page.request, email)
    await page.request.post('/auth/v1/logout?scope=global', { headers: { Authorization: `Bearer ${again}` } })
    await page.goto('/profile')
    await expect(page).toHaveURL('/')
    await expect(page.getByText(SIGNED_OUT)).toHaveCount(1)
    await expect(page.getByText('Error loading kid names')).toHaveCount(0)
    await context.close()
  })
}

// The server says a passkey is unknown; the app tells the browser
// (signalUnknownCredential) and stops offering the passkey autofill.
test('a passkey whose account was deleted is forgotten, not offered again', async ({ page, baseURL }) => {
  test.setTimeout(90_000)
  const local = baseURL!.replace('127.0.0.1', 'localhost')
  const email = await confirmedAccount(page.request, 'gone')
  // Which credentials the app tells the browser about, and how often it asks for a passkey.
  // (Kept in sessionStorage: a navigation after the signal starts a new window object.)
  await page.addInitScript(() => {
    const original = PublicKeyCredential.signalUnknownCredential?.bind(PublicKeyCredential)
    PublicKeyCredential.signalUnknownCredential = async (options) => {
      const seen: unknown[] = JSON.parse(sessionStorage.getItem('unknownSignals') ?? '[]')
      sessionStorage.setItem('unknownSignals', JSON.stringify([...seen, { rpId: options.rpId, credentialId: options.credentialId }]))
      await original?.(options)
    }
  })
  let challenges = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/passkeys/authentication/options')) challenges++
  })
  await page.goto(`${local}/`)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })

  // The parent adds a passkey, then deletes the account.
  await logIn(page, email, PASSWORD, local)
  await expect(page.getByText('Login successful')).toBeVisible()
  await page.goto(`${local}/profile`)
  await page.getByRole('region', { name: 'Passkeys' }).getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByText('Passkey added')).toBeVisible()
  const [{ credentialId }] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0)
  const token = await accessToken(page.request, email)
  expect((await page.request.delete('/api/account', { headers: { Authorization: `Bearer ${token}` }, data: { password: PASSWORD } })).status()).toBe(204)

  // Back on the sign-in page, the e-mail field's passkey autofill picks the
  // passkey once: the server knows it for nobody, so the browser is told to
  // forget it and the autofill is not offered again.
  challenges = 0
  await page.goto(`${local}/login`)
  await expect(page.getByText('This passkey no longer belongs to an account here')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(challenges).toBe(1)
  const signals = await page.evaluate(() => JSON.parse(sessionStorage.getItem('unknownSignals') ?? '[]'))
  const base64url = credentialId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  expect(signals).toEqual([{ rpId: 'localhost', credentialId: base64url }])
  // Chromium's authenticator drops it.
  await expect.poll(async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length).toBe(0)
  await page.screenshot({ path: test.info().outputPath('unknown-passkey.png') })

  // The next visit offers no autofill (no challenge asked); the button's picker still works.
  challenges = 0
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(challenges).toBe(0)
  await expect(page.getByText('This passkey no longer belongs to an account here')).toHaveCount(0)
})
