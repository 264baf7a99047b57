import { expect, test, type Page } from '@playwright/test'
import { PASSWORD, confirmedAccount } from './accounts'

// The parent's account area (issue 10) against the real binary in --dev mode:
// accounts are confirmed through the development mailbox.

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

async function signedInProfile(page: Page, tag: string) {
  const email = await confirmedAccount(page.request, tag, { first_name: 'Nainni', last_name: 'Rabbit' })
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
