import { expect, test, type Page } from './test'
import { PASSWORD, confirmedAccount, grantRole, totpCode } from './accounts'
import { expectNoViolationsAtEveryWidth, widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 27, "Staff, roles, two steps, audit log": the back office at /admin
// against the real binary in --dev mode. Roles are granted with the shop's
// own CLI on the worker's database; two-step sign-in is turned on in the
// profile as a staff member would.

async function logIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** Screenshots of the screen at a phone's width and a desktop's, kept with the test's output for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true })
  }
}

test.describe('back office', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  })

  test('an owner turns on two steps, signs in with a code, changes a staff role and finds it in the audit log', async ({ page }) => {
    test.setTimeout(150_000)
    const errors = collectConsoleErrors(page)
    const owner = await confirmedAccount(page.request, 'owner', { first_name: 'Olive', last_name: 'Owner' })
    const colleague = await confirmedAccount(page.request, 'colleague', { first_name: 'Ed', last_name: 'Reader' })
    grantRole(test.info().parallelIndex, owner, 'owner')

    // Signed out, the back office sends to the login page and back.
    await page.goto('/admin')
    await expect(page).toHaveURL('/login')
    await logIn(page, owner)
    await expect(page).toHaveURL('/admin')

    // Without two-step sign-in, the gate says how to turn it on.
    await expect(page.getByRole('heading', { name: 'The back office needs two-step sign-in' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0)
    await expectNoViolationsAtEveryWidth(page, 'two-step gate')
    await screenshots(page, 'gate')
    await page.getByRole('link', { name: 'Turn on two-step sign-in' }).click()
    await expect(page).toHaveURL('/profile#two-step')
    const card = page.getByRole('region', { name: 'Two-step sign-in' })
    await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
    await page.getByLabel('6-digit code from your app').fill(totpCode(secret))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('Two-step sign-in is on')).toBeVisible()
    await page.getByRole('button', { name: 'I have saved them' }).click()

    // Signed out and in again: the password, then the code, then the back office.
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    await page.goto('/admin')
    await expect(page).toHaveURL('/login')
    await logIn(page, owner)
    await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, 30))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('heading', { name: 'Welcome to the back office' })).toBeVisible()
    await expect(page.getByText('Owner', { exact: true })).toBeVisible()
    // The sidebar shows the whole address, wrapped rather than cut (issue 38, item 10).
    const signedIn = page.getByTestId('staff-signed-in')
    await expect(signedIn).toHaveText(`Owner · ${owner}`)
    expect(await signedIn.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const nav = page.getByRole('navigation', { name: 'Back office' })
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Books', 'Categories', 'Posts', 'Storybooks', 'Campaigns', 'Newsletter', 'Orders', 'Customers', 'Discounts', 'Settings', 'Staff', 'Audit log', 'Backups'])
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menuitem', { name: 'Back office' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expectNoViolationsAtEveryWidth(page, '/admin')
    await screenshots(page, 'home')

    // On a phone the navigation is behind the menu button.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(nav).toBeHidden()
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    await nav.getByRole('link', { name: 'Staff' }).click()
    await expect(page).toHaveURL('/admin/staff')
    await expect(nav).toBeHidden()
    await page.setViewportSize({ width: 1440, height: 900 })

    // Staff: an unknown address is refused on its field; the colleague is added as support, then made an editor.
    const add = page.getByRole('form', { name: 'Add someone to the staff' })
    await add.getByLabel('E-mail address').fill('nobody-here@example.com')
    await add.getByRole('button', { name: 'Add to staff' }).click()
    await expect(add.getByText('No account uses this address: the person must sign up first')).toBeVisible()
    await add.getByLabel('E-mail address').fill(colleague)
    await add.getByLabel('Role').selectOption('support')
    await add.getByRole('button', { name: 'Add to staff' }).click()
    await expect(page.getByText(`${colleague} is now Support`)).toBeVisible()
    const colleagueRole = page.getByLabel(`Role of ${colleague}`)
    await expect(colleagueRole).toHaveValue('support')
    await colleagueRole.selectOption('editor')
    await expect(page.getByText(`${colleague} is now Editor`)).toBeVisible()
    await expect(colleagueRole).toHaveValue('editor')
    // The last owner cannot step down: the role stays.
    await page.getByLabel(`Role of ${owner}`).selectOption('manager')
    await expect(page.getByText('The shop needs at least one owner: make someone else owner first.')).toBeVisible()
    await expect(page.getByLabel(`Role of ${owner}`)).toHaveValue('owner')
    await expectNoViolationsAtEveryWidth(page, '/admin/staff')
    await screenshots(page, 'staff')

    // The audit log: the owner's two changes, newest first, with the values before and after
    // (the grants made with the CLI are there too, by the command line).
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click()
    await expect(page).toHaveURL('/admin/audit')
    const rows = page.getByRole('table').getByRole('row')
    await expect(rows.filter({ hasText: 'command line' }).first()).toBeVisible()
    const filters = page.getByRole('search', { name: 'Filter the audit log' })
    await filters.getByLabel('Person (e-mail)').fill(owner)
    await filters.getByRole('button', { name: 'Filter' }).click()
    await expect(rows).toHaveCount(3) // the header and two changes; the refused one is not there
    await expect(rows.nth(1)).toContainText('Changed a staff role')
    await expect(rows.nth(1)).toContainText(owner)
    await rows.nth(1).getByText('Show changes (1)').click()
    await expect(rows.nth(1).getByRole('definition')).toHaveText(/support.*editor/)
    await expectNoViolationsAtEveryWidth(page, '/admin/audit')
    await screenshots(page, 'audit')

    // Filters: by person, kind and dates, kept in the URL.
    await filters.getByLabel('Kind').selectOption('games')
    await filters.getByRole('button', { name: 'Filter' }).click()
    await expect(page.getByText('No changes match these filters')).toBeVisible()
    await filters.getByRole('button', { name: 'Clear' }).click()
    await filters.getByLabel('Person (e-mail)').fill(owner.slice(0, 12))
    await filters.getByLabel('Kind').selectOption('staff')
    const today = new Date()
    const ymd = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`
    await filters.getByLabel('From').fill(ymd)
    await filters.getByLabel('To').fill(ymd)
    await filters.getByRole('button', { name: 'Filter' }).click()
    await expect(page).toHaveURL(/kind=staff/)
    await expect(rows).toHaveCount(3)
    await page.reload()
    await expect(page.getByRole('search', { name: 'Filter the audit log' }).getByLabel('Kind')).toHaveValue('staff')
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3)
    // The refusals on the way (the gate's 403, the unknown address, the last owner) are the browser's logged HTTP errors; nothing else.
    expect(errors.filter((e) => !/^Failed to load resource: .* (403|400|409)/.test(e))).toEqual([])
  })

  test('a staff member without two steps sees the gate; a customer gets the not-found page', async ({ page }) => {
    const editor = await confirmedAccount(page.request, 'editor', { first_name: 'Ed', last_name: 'Itor' })
    grantRole(test.info().parallelIndex, editor, 'editor')
    await page.goto('/login')
    await logIn(page, editor)
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Back office' }).click()
    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('heading', { name: 'The back office needs two-step sign-in' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Turn on two-step sign-in' })).toHaveAttribute('href', '/profile#two-step')
    // The API refuses it too, whatever the page shows.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('siso-auth') ?? '{}') as { access_token?: string }).access_token ?? '')
    const refused = await page.request.get('/api/admin/audit', { headers: { Authorization: `Bearer ${token}` } })
    expect(refused.status()).toBe(403)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('insufficient_aal')

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()

    const customer = await confirmedAccount(page.request, 'customer')
    await page.goto('/login')
    await logIn(page, customer)
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'Back office' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.goto('/admin/audit')
    await expect(page.getByRole('heading', { name: 'Once Upon a Time... This Page Existed.' })).toBeVisible()
  })
})
