import type { CDPSession } from '@playwright/test'
import { expect, test, type Page } from './test'
import { PASSWORD, confirmedAccount } from './accounts'

// Passkeys and security keys (issue 29) with Chromium's virtual authenticator
// (the DevTools protocol's WebAuthn domain): the computer's own, which holds
// passkeys (discoverable credentials) and verifies its user, and later a
// USB security key. WebAuthn refuses an IP
// address as the relying party, so the journey runs on localhost, which the
// server takes as its relying party when SITE_URL is a loopback address
// (internal/config); accounts are still made through the API on 127.0.0.1.

type Authenticator = { cdp: CDPSession; authenticatorId: string }

/** Plugs in a virtual authenticator: the computer's own ('internal', which holds passkeys) or a USB security key. */
async function plugIn(page: Page, transport: 'internal' | 'usb'): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport, hasResidentKey: transport === 'internal', hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { cdp, authenticatorId }
}

/**
 * Unplugs the key, and returns a function that plugs it back in (its keys
 * kept). A key plugged in that holds no passkey would make the browser's
 * passkey picker wait for the parent to dismiss its "no passkeys" message.
 */
async function unplug(page: Page, key: Authenticator): Promise<() => Promise<void>> {
  const { credentials } = await key.cdp.send('WebAuthn.getCredentials', { authenticatorId: key.authenticatorId })
  await key.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: key.authenticatorId })
  return async () => {
    const again = await plugIn(page, 'usb')
    for (const credential of credentials) await again.cdp.send('WebAuthn.addCredential', { authenticatorId: again.authenticatorId, credential })
  }
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
}

test('a passkey signs a parent in, and a security key is their second step', async ({ page, baseURL }) => {
  const local = baseURL!.replace('127.0.0.1', 'localhost')
  const email = await confirmedAccount(page.request, 'passkey')
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  await page.goto(`${local}/`)
  await plugIn(page, 'internal')

  // Signed in with the password, the parent adds a passkey on /profile and names it.
  await page.goto(`${local}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByText('Login successful')).toBeVisible()
  await page.goto(`${local}/profile`)
  const passkeys = page.getByRole('region', { name: 'Passkeys' })
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible()
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByText('Passkey added')).toBeVisible()
  const row = passkeys.getByRole('listitem')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Not used yet')
  await row.getByRole('button', { name: /^Rename / }).click()
  await passkeys.getByLabel('Passkey name').fill('Kitchen laptop')
  await passkeys.getByRole('button', { name: 'Save' }).click()
  await expect(row).toContainText('Kitchen laptop')

  // Signed out, the passkey alone signs them in: the e-mail field offers it
  // (the browser's passkey autofill), and the virtual phone picks it.
  await signOut(page)
  await page.goto(`${local}/login`)
  await expect(page.getByText('Login successful')).toBeVisible()
  await page.goto(`${local}/profile`)
  await expect(passkeys.getByRole('listitem')).toContainText('Last used')

  // A USB security key becomes the second step of signing in (auth-js asks
  // for a roaming authenticator there: a security key, or a phone nearby).
  const usbKey = await plugIn(page, 'usb')
  const keys = page.getByRole('region', { name: 'Security keys' })
  await keys.getByRole('button', { name: 'Add a key' }).click()
  await keys.getByLabel('Name of the key').fill('Blue key')
  await keys.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Security key added')).toBeVisible()
  await expect(keys.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
  await keys.getByRole('button', { name: 'I have saved them' }).click()
  await expect(keys.getByRole('listitem')).toContainText('Blue key')
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' })
  await expect(twoStep.getByText('Two-step sign-in is on with your security key.')).toBeVisible()
  await expect(twoStep.getByRole('button', { name: 'Add an authenticator app' })).toBeVisible()

  // Now a passkey is only the first step: the key is asked for before the
  // profile opens. This time in a browser without passkey autofill, where
  // the button asks for the passkey, and with the key plugged in when asked.
  await signOut(page)
  const plugBackIn = await unplug(page, usbKey)
  await page.addInitScript(() => Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined }))
  await page.goto(`${local}/login`)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText('Use your security key or phone, or enter one of your recovery codes.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  await plugBackIn()
  await page.getByRole('button', { name: 'Use a security key or phone' }).click()
  await expect(page.getByText('Login successful')).toBeVisible()
  await page.goto(`${local}/profile`)
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await expect(keys.getByRole('listitem')).toContainText('Blue key')
})
