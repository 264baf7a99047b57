import { expect, test } from './test'
import { accessToken, confirmedAccount, grantRole, twoStepSession, seedSession } from './accounts'
import { expectNoViolationsAtEveryWidth, widths } from './axe'
import { collectConsoleErrors } from './console'

// Issue 35, "editions given by e-mail", from where support works: a family
// writes in (a gift, a complaint); support opens the family's page in the
// back office and gives them the interactive edition there, not in the
// storybook editor, which support cannot open. The family then reads past
// the free pages.

test('support gives a family the interactive edition from the customer page, and the family reads on', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = collectConsoleErrors(page)
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  const family = await confirmedAccount(page.request, 'gift-family', { first_name: 'Gina', last_name: 'Giftwell' })
  const familyHeaders = { Authorization: `Bearer ${await accessToken(page.request, family)}` }
  const paid = '/api/storybooks/our-first-adventure/pages/great-balloon-ride'
  expect((await page.request.get(paid, { headers: familyHeaders })).status()).toBe(403)

  const support = await confirmedAccount(page.request, 'gift-support', { first_name: 'Sue', last_name: 'Port' })
  grantRole(test.info().parallelIndex, support, 'support')
  const { accessToken: supportToken, session } = await twoStepSession(page.request, support)
  await page.setViewportSize(widths[1])
  await seedSession(page, session)

  // Support has no storybook editor, but finds the family and its storybooks on the customer page.
  await page.goto('/admin')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link', { name: 'Storybooks' })).toHaveCount(0)
  await nav.getByRole('link', { name: 'Customers' }).click()
  await page.getByLabel('Search by e-mail or name').fill('Gina Giftwell')
  // The unfiltered list shows her too: a click before the search lands in the URL is undone by it.
  await expect(page).toHaveURL(/[?&]q=Gina/)
  // And the found list in place of the whole one, so the link clicked is not replaced under the pointer.
  await expect(page.getByRole('list', { name: 'Customers' }).getByRole('listitem')).toHaveCount(1)
  await page.getByRole('link', { name: 'Gina Giftwell' }).click()
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]+$/)
  const storybooks = page.getByRole('region', { name: 'Storybooks' })
  const row = storybooks.getByRole('list', { name: 'Storybooks' }).getByRole('listitem').filter({ hasText: 'Our First Adventure' })
  await expect(row).toContainText('Not in their library')

  const form = storybooks.getByRole('form', { name: 'Give a storybook' })
  await expect(form.getByLabel('Give a storybook')).toHaveValue('1')
  for (const size of widths) {
    await page.setViewportSize(size)
    await page.screenshot({ path: test.info().outputPath(`customer-storybooks-${size.width}.png`), fullPage: true })
  }
  await expectNoViolationsAtEveryWidth(page, 'the customer page with its storybooks')
  // A double click gives it once.
  await form.getByRole('button', { name: 'Give the edition' }).dblclick()
  await expect(page.getByText(`The family of ${family} can read “Our First Adventure”.`)).toBeVisible()
  await expect(row).toContainText(/In their library since .* \(given by the shop\)/)
  // No longer offered to give (other journeys may have published storybooks of their own in this shop).
  await expect(storybooks.getByRole('option', { name: 'Our First Adventure' })).toHaveCount(0)
  await page.setViewportSize(widths[0])
  await page.screenshot({ path: test.info().outputPath('customer-storybooks-given-390.png'), fullPage: true })

  // Written in the audit log, once.
  const audit = await page.request.get(`/api/admin/audit?actor=${encodeURIComponent(support)}`, { headers: { Authorization: `Bearer ${supportToken}` } })
  const { entries } = (await audit.json()) as { entries: { action: string; entityId: string }[] }
  expect(entries.filter((e) => e.action === 'storybook.grant')).toEqual([expect.objectContaining({ entityId: '1' })])

  // The family reads beyond the free pages.
  expect((await page.request.get(paid, { headers: familyHeaders })).status()).toBe(200)
  const library = (await (await page.request.get('/api/library', { headers: familyHeaders })).json()) as { storybooks: { slug: string }[] }
  expect(library.storybooks.map((s) => s.slug)).toEqual(['our-first-adventure'])
  expect(errors).toEqual([])
})
