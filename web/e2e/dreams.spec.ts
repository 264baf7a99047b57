import { expect, test, type APIRequestContext } from './test'
import { accessToken, addChildFor, confirmedAccount, signedInAs } from './accounts'
import { expectNoViolationsAtEveryWidth } from './axe'

// Dream Maker (issue 11) against the real binary in --dev mode: parents are
// confirmed through the development mailbox, children are added with POST /api/kids.

const NAINNI = { first_name: 'Nainni', last_name: 'Rabbit' }

/** Adds a child for the parent; answers the child's id and the parent's bearer header for more calls. */
async function addChild(request: APIRequestContext, email: string, name: string) {
  const token = await accessToken(request, email)
  return { kidId: await addChildFor(request, token, name), headers: { Authorization: `Bearer ${token}` } }
}

test.describe('dream maker', () => {
  test.setTimeout(90_000)
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  })

  test('a parent with no child is sent to My Children', async ({ page }) => {
    await signedInAs(page, await confirmedAccount(page.request, 'dreams', NAINNI))
    await page.goto('/dreamaker')
    await expect(page.getByText('No Children Added Yet')).toBeVisible()
    await page.getByRole('link', { name: 'Go to My Children' }).click()
    await expect(page).toHaveURL('/profile')
    await expect(page.getByRole('heading', { name: 'My Children' })).toBeInViewport()
  })

  test('one child: preselected, a dream names child and companion, prints only the story', async ({ page }, info) => {
    const email = await confirmedAccount(page.request, 'dreams', NAINNI)
    await addChild(page.request, email, 'Mila')
    await signedInAs(page, email)
    await page.goto('/dreamaker')
    await expect(page.getByRole('radio', { name: 'Mila' })).toBeChecked()
    await page.getByText("I'm a girl!").click()
    await page.getByRole('button', { name: 'Create Dream' }).click()
    await expect(page.getByRole('button', { name: 'Creating Dream...' })).toBeVisible()
    const story = page.locator('article.dream-story')
    await expect(story).toContainText('A dream story for Mila')
    await expect(story).toContainText('Siso')

    // The print view: the story and nothing else of the site.
    await page.emulateMedia({ media: 'print' })
    await expect(story).toBeVisible()
    await expect(story.getByRole('heading', { level: 2 })).toBeVisible()
    for (const chrome of [page.locator('body > div header').first(), page.locator('footer').first(), page.getByRole('heading', { name: 'Dream Maker', level: 1 }), page.getByRole('button', { name: 'Print Story' }), page.getByRole('button', { name: 'Create Another Dream' })])
      await expect(chrome).toBeHidden()
    await page.screenshot({ path: info.outputPath('print-view.png'), fullPage: true })
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format, printBackground: true })
      await info.attach(`story-${format}.pdf`, { body: pdf, contentType: 'application/pdf' })
      expect(pdf.length).toBeGreaterThan(5000)
    }
    await page.emulateMedia({ media: 'screen' })

    await expectNoViolationsAtEveryWidth(page, 'a story shown')

    await page.getByRole('button', { name: 'Create Another Dream' }).click()
    await expect(page.getByRole('button', { name: 'Create Dream' })).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Mila' })).toBeChecked()
    await expectNoViolationsAtEveryWidth(page, 'the form')
  })

  test('a retried submission sends the same Idempotency-Key and makes one dream; the next story gets a new key', async ({ page }) => {
    const email = await confirmedAccount(page.request, 'dreams', NAINNI)
    const { headers } = await addChild(page.request, email, 'Ivy')
    await signedInAs(page, email)
    const keys: string[] = []
    let failNext = true
    await page.route('**/api/dreams', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      keys.push((await route.request().headerValue('Idempotency-Key')) ?? '')
      // The first try is lost on the way, as on a bad connection.
      if (failNext) {
        failNext = false
        return route.abort('connectionreset')
      }
      return route.fallback()
    })
    await page.goto('/dreamaker')
    await page.getByText("I'm just me!").click()
    await page.getByRole('button', { name: 'Create Dream' }).click()
    await expect(page.getByRole('alert').filter({ hasText: /fetch|network|connection/i })).toBeVisible()
    await page.getByRole('button', { name: 'Create Dream' }).click()
    await expect(page.locator('article.dream-story')).toContainText('A dream story for Ivy')
    expect(keys).toHaveLength(2)
    expect(keys[0]).not.toBe('')
    expect(keys[1]).toBe(keys[0])
    const list = (await (await page.request.get('/api/dreams', { headers })).json()) as { dreams: unknown[] }
    expect(list.dreams).toHaveLength(1)

    await page.getByRole('button', { name: 'Create Another Dream' }).click()
    await page.getByText("I'm just me!").click()
    await page.getByRole('button', { name: 'Create Dream' }).click()
    await expect(page.getByRole('button', { name: 'Create Another Dream' })).toBeVisible()
    expect(keys).toHaveLength(3)
    expect(keys[2]).not.toBe(keys[0])
  })

  test('a parent with 205 dreams loads them 20 at a time and deletes the oldest', async ({ page }) => {
    test.setTimeout(180_000)
    const email = await confirmedAccount(page.request, 'dreams', NAINNI)
    const { kidId, headers } = await addChild(page.request, email, 'Leo')
    const made: { id: string; title: string }[] = []
    for (let i = 0; i < 205; i++) {
      const res = await page.request.post('/api/dreams', { data: { kid_id: kidId, gender: 'boy', companion: 'feefee', interests: [], other: '' }, headers })
      expect(res.status()).toBe(201)
      made.push((await res.json()) as { id: string; title: string })
    }
    const oldest = made[0]

    await signedInAs(page, email)
    await page.goto('/dreamaker')
    const myDreams = page.getByRole('region', { name: 'My Dreams' })
    const items = myDreams.getByRole('listitem')
    await expect(items).toHaveCount(20)
    const more = myDreams.getByRole('button', { name: 'Load more dreams' })
    for (let shown = 20; shown < 205; shown = Math.min(205, shown + 20)) {
      await more.click()
      await expect(items).toHaveCount(Math.min(205, shown + 20))
    }
    await expect(more).toBeHidden()
    const last = items.last()
    await expect(last.getByRole('heading')).toHaveText(oldest.title)
    await last.getByRole('button', { name: `Delete ${oldest.title}` }).click()
    await last.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(page.getByText('Dream deleted')).toBeVisible()
    await expect(items).toHaveCount(204)

    // Every page of the server's list, without the oldest.
    const ids: string[] = []
    let before: string | null = null
    do {
      const res = await page.request.get(`/api/dreams?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`, { headers })
      const body = (await res.json()) as { dreams: { id: string }[]; nextCursor: string | null }
      ids.push(...body.dreams.map((d) => d.id))
      before = body.nextCursor
    } while (before)
    expect(ids).toHaveLength(204)
    expect(ids).not.toContain(oldest.id)
  })

  test('a dream is kept under My Dreams after reload, reads again and can be deleted', async ({ page }) => {
    const email = await confirmedAccount(page.request, 'dreams', NAINNI)
    const { kidId, headers } = await addChild(page.request, email, 'Theo')
    const made = await page.request.post('/api/dreams', { data: { kid_id: kidId, gender: 'boy', companion: 'lizzie', interests: ['animals'], other: '' }, headers })
    expect(made.status()).toBe(201)
    const { title } = (await made.json()) as { title: string }

    await signedInAs(page, email)
    await page.goto('/dreamaker')
    const myDreams = page.getByRole('region', { name: 'My Dreams' })
    await expect(myDreams.getByRole('heading', { name: title })).toBeVisible()
    await expect(myDreams).toContainText('For Theo with Lizzie')
    await page.reload()
    await expect(myDreams.getByRole('heading', { name: title })).toBeVisible()

    await myDreams.getByRole('button', { name: `Read ${title}` }).click()
    const story = page.locator('article.dream-story')
    await expect(story.getByRole('heading', { level: 2, name: title })).toBeVisible()
    await expect(story).toContainText('A dream story for Theo')

    await myDreams.getByRole('button', { name: `Delete ${title}` }).click()
    await myDreams.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(page.getByText('Dream deleted')).toBeVisible()
    await expect(myDreams).toContainText('No dreams yet.')
    await page.reload()
    await expect(page.getByRole('region', { name: 'My Dreams' })).toContainText('No dreams yet.')
  })
})
