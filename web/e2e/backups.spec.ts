import { statSync } from 'node:fs'
import { expect, test, type Page } from './test'
import { staffSignedIn } from './accounts'
import { widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 40, "Backups": the owner's /admin/backups against the real binary.
// A restore replaces this worker's whole shop with an archive made moments
// before in the same journey, so the shop's other journeys lose nothing.

/** A staff member with `role`, signed in at aal2 (staffSignedIn). */
function staffAtAal2(page: Page, role: 'owner' | 'manager'): Promise<string> {
  return staffSignedIn(page, test.info().parallelIndex, role, { first_name: 'Bea', last_name: 'Keeper' })
}

const bookTitle = async (page: Page, id: number) => ((await (await page.request.get(`/api/books/${id}`)).json()) as { title: string }).title

test.describe('backups', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  })

  for (const size of widths) {
    test(`the owner backs up, downloads, changes a book and restores the earlier shop (${size.width} px)`, async ({ page }) => {
      test.setTimeout(180_000)
      const errors = collectConsoleErrors(page)
      await staffAtAal2(page, 'owner') // at the desktop's width: the account menu is behind the phone's menu button
      await page.setViewportSize({ width: size.width, height: size.height })

      await page.goto('/admin/backups')
      await expect(page.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Back up now' }).click()
      await expect(page.getByText('The shop is backed up.')).toBeVisible({ timeout: 30_000 })
      const list = page.getByRole('list', { name: 'Backups' })
      const newest = list.getByRole('listitem').first()
      await expect(newest).toContainText('Kept in')

      // Download: the archive as it is kept, named by its time.
      const download = page.waitForEvent('download')
      await newest.getByRole('button', { name: /^Download the backup of/ }).click()
      const file = await download
      expect(file.suggestedFilename()).toMatch(/^bookshop-\d{8}T\d{6}\.\d{3}Z\.tar\.gz$/)
      const saved = test.info().outputPath(file.suggestedFilename())
      await file.saveAs(saved)
      expect(statSync(saved).size).toBeGreaterThan(1000)

      // A change after the backup, made in the back office and seen by visitors.
      const before = await bookTitle(page, 3)
      await page.goto('/admin/books/3')
      await page.getByLabel('Title', { exact: true }).fill(`${before} (changed)`)
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('Saved', { exact: true })).toBeVisible()
      expect(await bookTitle(page, 3)).toBe(`${before} (changed)`)

      // Restore the backup: the shop closes for the restore and comes back with the earlier book.
      await page.goto('/admin/backups')
      const ours = list.getByRole('listitem').filter({ hasNotText: 'before a restore' }).first()
      await ours.getByRole('button', { name: /^Restore the backup of/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Restore this backup?' })
      await expect(dialog).toContainText('A backup of the shop as it is now is made first')
      await dialog.getByRole('button', { name: 'Restore', exact: true }).click()
      await expect(page.getByText('The shop is restored and open again.')).toBeVisible({ timeout: 60_000 })
      await expect(page.getByRole('status').filter({ hasText: 'What it replaced is kept as' })).toBeVisible()
      await expect(list.getByRole('listitem').filter({ hasText: 'before a restore' }).first()).toBeVisible()
      expect(await bookTitle(page, 3)).toBe(before)
      await page.goto('/books/3')
      await expect(page.getByRole('heading', { name: before, level: 1 })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`backups-${size.width}.png`), fullPage: true })

      // The audit log names what was done.
      await page.goto('/admin/audit')
      await expect(page.getByText('Restored the shop from a backup').filter({ visible: true }).first()).toBeVisible()
      await expect(page.getByText('Downloaded a backup').filter({ visible: true }).first()).toBeVisible()
      // The restore's 503s are the browser's to wait through, not errors of the app.
      expect(errors.filter((e) => !e.includes('503'))).toEqual([])
    })
  }

  test('a manager has no Backups screen', async ({ page }) => {
    test.setTimeout(90_000)
    await staffAtAal2(page, 'manager')
    await page.goto('/admin')
    const nav = page.getByRole('navigation', { name: 'Back office' })
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Backups' })).toHaveCount(0)
    await page.goto('/admin/backups')
    await expect(page.getByRole('heading', { name: 'Your role does not allow this' })).toBeVisible()
    const denied = await page.evaluate(async () => (await fetch('/api/admin/backups')).status)
    expect(denied).toBe(401) // without the session's token; with it, the server answers 403 (internal/server's tests)
  })
})
