import { readFileSync } from 'node:fs'
import { expect, test } from './test'
import { accessToken, confirmedAccount, signedInAs } from './accounts'

// Children's privacy (issue 30) as a parent lives it: a first child asks for
// the parent's consent, recorded in the ledger; the privacy center shows the
// child whole, downloads it, and deletes it with everything held.

test('a parent consents to add a first child, then downloads and deletes the child in the privacy center', async ({ page }) => {
  test.setTimeout(60_000)
  const email = await confirmedAccount(page.request, 'privacy', { first_name: 'Nainni', last_name: 'Rabbit' })
  await signedInAs(page, email)
  await page.goto('/profile')

  // A first child: the form says why each field is asked, and asks for consent.
  const children = page.getByRole('region', { name: 'My Children' })
  await children.getByRole('button', { name: 'Add child' }).click()
  await expect(children.getByText('We never ask for the day.')).toBeVisible()
  await children.getByLabel('First name or nickname').fill('Mia')
  await children.getByLabel('Birth month').selectOption({ label: 'March' })
  await children.getByLabel('Birth year').selectOption('2021')
  const add = children.getByRole('button', { name: 'Add', exact: true })
  await expect(add).toBeDisabled()
  await children.getByLabel("I am this child's parent or legal guardian").check()
  await children.getByLabel("I have read and accept the children's privacy notice").check()
  await add.click()
  await expect(page.getByText('Child added successfully')).toBeVisible()
  await expect(children.getByText('You confirmed you are their parent or guardian')).toBeVisible()

  // A story for Mia, so there is a dream to see, download and delete.
  const headers = { Authorization: `Bearer ${await accessToken(page.request, email)}` }
  const kids = (await (await page.request.get('/api/kids', { headers })).json()) as { id: string }[]
  const dream = await page.request.post('/api/dreams', { headers, data: { kid_id: kids[0].id, gender: 'girl', companion: 'feefee' } })
  expect(dream.status()).toBe(201)
  const { title } = (await dream.json()) as { title: string }

  await page.getByRole('link', { name: /Privacy center/ }).click()
  await expect(page.getByRole('heading', { name: 'Privacy center', level: 1 })).toBeVisible()
  const mia = page.getByRole('region', { name: 'Mia' })
  await expect(mia.getByText('Born March 2021')).toBeVisible()
  await expect(mia.getByText(title)).toBeVisible()
  await expect(mia.getByText(/Given by you as parent or guardian/)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your consents' }).getByText(/Consent given as parent or guardian/)).toBeVisible()

  // Mia's data as a file.
  const downloading = page.waitForEvent('download')
  await mia.getByRole('button', { name: "Download Mia's data" }).click()
  const file = JSON.parse(readFileSync((await (await downloading).path())!, 'utf8')) as {
    child: { name: string; birth_month: string }
    dreams: { title: string }[]
    consents: { action: string }[]
  }
  expect(file.child).toMatchObject({ name: 'Mia', birth_month: '2021-03' })
  expect(file.dreams.map((d) => d.title)).toEqual([title])
  expect(file.consents.map((c) => c.action)).toEqual(['given'])

  // Deleting says exactly what goes first.
  await mia.getByRole('button', { name: 'Delete Mia’s data' }).click()
  const confirm = mia.getByRole('group', { name: "Delete Mia's data?" })
  await expect(confirm).toContainText('the name “Mia” and the birth month March 2021')
  await expect(confirm).toContainText(`1 Dream Maker story, kept or not: “${title}”`)
  await confirm.getByRole('button', { name: 'Yes, delete Mia' }).click()
  await expect(page.getByText("Mia's data is deleted")).toBeVisible()
  await expect(page.getByRole('region', { name: 'No children added' })).toBeVisible()

  // Nothing of Mia is left behind the screen either.
  expect((await page.request.get(`/api/kids/${kids[0].id}/export`, { headers })).status()).toBe(404)
  expect(await (await page.request.get('/api/dreams', { headers })).json()).toMatchObject({ dreams: [] })
})
