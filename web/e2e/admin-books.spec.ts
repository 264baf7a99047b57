import type { Browser } from '@playwright/test'
import { expect, test, waitingForApp, type Page } from './test'
import { uniqueEmail, staffSignedIn } from './accounts'
import { expectNoViolationsAtEveryWidth, widths } from './axe'
import { collectConsoleErrors } from './console'
import { png } from './pictures'
import { zip } from './zip'

// Issue 27, "Books and categories": the back office's catalogue pages
// against the real binary (--dev), and what a visitor sees of a book made
// there. Staff are made as admin.spec.ts makes them: the shop's CLI grants
// the role, and two-step sign-in is turned on in the profile.

/** A valid ISBN-13 no other book has (978, nine random digits, the check digit). */
function uniqueIsbn(): string {
  const digits = [9, 7, 8, ...Array.from({ length: 9 }, () => Math.floor(Math.random() * 10))]
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0)
  return [...digits, (10 - (sum % 10)) % 10].join('')
}

/** The same ISBN with its check digit wrong. */
const withWrongCheckDigit = (isbn: string) => isbn.slice(0, 12) + ((Number(isbn[12]) + 1) % 10)

/** A staff member with `role`, signed in at aal2 (staffSignedIn). */
function staffAtAal2(page: Page, role: 'owner' | 'manager' | 'editor' | 'support'): Promise<string> {
  return staffSignedIn(page, test.info().parallelIndex, role, { first_name: 'Edie', last_name: 'Torr' })
}

/** A visitor in a browser of their own. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  await context.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  return waitingForApp(await context.newPage())
}

/** Screenshots at a phone's width and a desktop's, kept with the test's output for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

type NewBook = { title: string; author: string; price: string; isbn: string; stock?: string; status?: 'draft' | 'published'; category?: string }

/** Fills the editor's fields for a new book (no cover). */
async function fillBook(page: Page, book: NewBook) {
  const form = page.getByRole('form', { name: 'New book' })
  await form.getByLabel('Title', { exact: true }).fill(book.title)
  await form.getByLabel('Author').fill(book.author)
  await form.getByLabel('Description').fill('Siso counts the stars one by one until the whole sky is his friend.')
  await form.getByLabel('Price (US dollars)').fill(book.price)
  await form.getByLabel('Pages').fill('32')
  await form.getByLabel('ISBN-13').fill(book.isbn)
  await form.getByLabel('Publication date').fill('2026-03-14')
  await form.getByLabel('Age band').selectOption('4–6')
  await form.getByLabel('Category').selectOption({ label: book.category ?? "Children's Books" })
  await form.getByLabel('Status').selectOption(book.status ?? 'draft')
  if (book.stock !== undefined) {
    await form.getByRole('checkbox', { name: 'Track quantity' }).check()
    await form.getByLabel('Copies on hand').fill(book.stock)
  }
}

/** The id in the editor's URL once a new book is created. */
async function createdId(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/admin\/books\/\d+$/)
  return Number(new URL(page.url()).pathname.split('/').pop())
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('an editor publishes a book with a cover; a visitor finds it, buys the last copy, and it goes when archived', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const errors = collectConsoleErrors(page)
  await staffAtAal2(page, 'editor')
  const title = `The Tiger Who Counted Stars ${Date.now() % 1_000_000}`
  const isbn = uniqueIsbn()

  // The list, from the back office's navigation.
  await page.goto('/admin')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link', { name: 'Categories' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0) // an editor's role has no staff page
  await nav.getByRole('link', { name: 'Books', exact: true }).click()
  await expect(page).toHaveURL('/admin/books')
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Books' })
  await expect(table.getByRole('row', { name: /Our First Adventure/ })).toContainText('Not tracked')
  await expectNoViolationsAtEveryWidth(page, '/admin/books')
  await screenshots(page, 'books-list')

  // The editor: the form's own checks, then the server's, each under its field.
  await page.getByRole('link', { name: 'New book' }).click()
  await expect(page).toHaveURL('/admin/books/new')
  const form = page.getByRole('form', { name: 'New book' })
  await form.getByRole('button', { name: 'Create book' }).click()
  await expect(form.getByText('Enter the title.')).toBeVisible()
  await expect(form.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('Choose a category.')).toBeVisible()
  await expectNoViolationsAtEveryWidth(page, 'the new book editor with its messages')

  await fillBook(page, { title, author: 'Hannah Lindqvist', price: '9.50', isbn: withWrongCheckDigit(isbn), stock: '1', status: 'published' })
  await expect(form.getByLabel('Slug')).toHaveValue(/^the-tiger-who-counted-stars-\d+$/) // made from the title
  // A picture too small for a cover is refused with the server's words; a good one is shown.
  await form.getByLabel('Cover picture').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: png(40, 60) })
  await expect(form.getByText('The picture must be at least 480 × 720 pixels.')).toBeVisible()
  await form.getByLabel('Cover picture').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(480, 720) })
  await expect(form.getByRole('img', { name: `Cover of ${title}` })).toHaveAttribute('src', /^\/covers\/u\/[0-9a-f]{64}-480\.jpg$/)
  await form.getByRole('button', { name: 'Create book' }).click()
  await expect(form.getByText("This ISBN's check digit is wrong: check the number.")).toBeVisible()
  await expect(page).toHaveURL('/admin/books/new')

  // A double click makes one book.
  await form.getByLabel('ISBN-13').fill(isbn)
  await form.getByRole('button', { name: 'Create book' }).dblclick()
  const id = await createdId(page)
  await expect(page.getByText('Book created')).toBeVisible()
  const editor = page.getByRole('form', { name: `Edit ${title}` })
  await expect(editor.getByLabel('Price (US dollars)')).toHaveValue('9.50')
  await expect(editor.getByLabel('Copies on hand')).toHaveValue('1')
  await expectNoViolationsAtEveryWidth(page, 'the book editor')
  await screenshots(page, 'book-editor')

  // The search waits for typing to pause, lives in the URL, and finds one book.
  await page.goto('/admin/books')
  await page.getByRole('searchbox', { name: 'Search' }).fill(title)
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(title).replaceAll('%20', '\\+')}`))
  await expect(page.getByText('1 book', { exact: true })).toBeVisible()
  await expect(table.getByRole('row', { name: new RegExp(title) })).toContainText('1 left')
  await expect(table.getByRole('row', { name: new RegExp(title) })).toContainText('$9.50')
  await page.getByLabel('Stock').selectOption('low')
  await expect(page).toHaveURL(/stock=low/)
  await expect(page.getByText('1 book', { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(title)
  await expect(page.getByLabel('Stock')).toHaveValue('low')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('list', { name: 'Books' }).getByRole('listitem')).toHaveCount(1) // cards on a phone
  await expect(table).toBeHidden()
  await page.setViewportSize({ width: 1440, height: 900 })

  // A visitor finds it on /books and on its page.
  const visitor = await visitorPage(browser)
  await visitor.goto('/books')
  await visitor.getByPlaceholder('Search by title or author...').fill(title)
  await expect(visitor.getByRole('list', { name: 'Book results' }).getByRole('link', { name: new RegExp(title) })).toBeVisible()
  await visitor.goto(`/books/${id}`)
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(visitor.getByText('$9.50')).toBeVisible()
  await expect(visitor.getByRole('img', { name: `Cover of ${title}` })).toHaveAttribute('src', /^\/covers\/u\//)

  // The visitor buys the one copy with the demo card.
  await visitor.getByRole('button', { name: 'Add to Cart' }).click()
  await visitor.goto('/checkout')
  await visitor.getByLabel('Full Name', { exact: true }).fill('Ada Reader')
  await visitor.getByLabel('Email').fill(uniqueEmail('buyer'))
  await visitor.getByLabel('Address', { exact: true }).fill('12 Story Lane')
  await visitor.getByLabel('City', { exact: true }).fill('Springfield')
  await visitor.getByLabel('State', { exact: true }).fill('IL')
  await visitor.getByLabel('ZIP Code', { exact: true }).fill('62701')
  await visitor.getByLabel('Card Number').fill('4242 4242 4242 4242')
  await visitor.getByRole('button', { name: 'Pay $10.45' }).click() // 9.50 + 10 %
  await expect(visitor).toHaveURL('/thank-you', { timeout: 10_000 })

  // None left: the page and the card say so, and the book cannot be added to a cart.
  await visitor.goto(`/books/${id}`)
  await expect(visitor.getByText('Out of stock')).toBeVisible()
  await expect(visitor.getByRole('button', { name: 'Add to Cart' })).toBeDisabled()
  await visitor.goto(`/books?q=${encodeURIComponent(title)}`)
  await expect(visitor.getByRole('list', { name: 'Book results' }).getByRole('link', { name: new RegExp(title) })).toContainText('Out of stock')

  // The editor sees it out of stock, and archives it after saying yes.
  await page.getByLabel('Stock').selectOption('out')
  await expect(table.getByRole('row', { name: new RegExp(title) })).toContainText('Out of stock')
  await page.getByRole('button', { name: `Archive ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Archive this book?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: `Archive ${title}` }).click()
  await dialog.getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByText('Book archived')).toBeVisible()
  await expect(table.getByRole('row', { name: new RegExp(title) })).toContainText('Archived')
  await expect(page.getByRole('button', { name: `Archive ${title}` })).toHaveCount(0)

  // Its page is gone for visitors: the not-found page with HTTP 404.
  expect((await visitor.request.get(`/books/${id}`)).status()).toBe(404)
  await visitor.goto(`/books/${id}`)
  await expect(visitor.getByRole('heading', { name: 'Book Not Found' })).toBeVisible()
  await visitor.context().close()
  // The two refusals above (the small picture, the wrong check digit) are the errors the browser logs, as it should.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([])
})

// Issue 27, "Live, and painted first": the server renders a book's page when
// it is asked for, so a book made a moment ago is whole without any script,
// and the app hydrates that HTML with no mismatch and no second fetch. What a
// visitor types before the app is there stays, and the app then applies it.
test('a book made a moment ago is painted before any script, hydrates cleanly, and early typing is kept', async ({ page, browser }) => {
  test.setTimeout(90_000)
  await staffAtAal2(page, 'editor')
  const title = `Nainni's Moon Garden ${Date.now() % 1_000_000}`
  await page.goto('/admin/books/new')
  await fillBook(page, { title, author: 'Ada Reader', price: '11.25', isbn: uniqueIsbn(), status: 'published' })
  await page.getByLabel('Cover picture').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(480, 720) })
  await expect(page.getByRole('img', { name: `Cover of ${title}` })).toBeVisible()
  await page.getByRole('button', { name: 'Create book' }).click()
  const id = await createdId(page)
  try {
    // With scripts off: the title, the price and the cover, from the server's HTML alone.
    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const still = await noScript.newPage()
    await still.goto(`/books/${id}`)
    await expect(still.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(still.getByText('$11.25')).toBeVisible()
    await expect(still.getByRole('img', { name: `Cover of ${title}` })).toHaveJSProperty('complete', true)
    expect(await still.getByRole('img', { name: `Cover of ${title}` }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await noScript.close()

    // With scripts: the app adopts the page, logging nothing and asking the API for nothing it was given.
    const visitor = await visitorPage(browser)
    const errors = collectConsoleErrors(visitor)
    const asked: string[] = []
    visitor.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/books')) asked.push(r.url())
    })
    await visitor.goto(`/books/${id}`)
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
    expect(asked).toEqual([])
    expect(errors).toEqual([])

    // The /books search typed as soon as the page paints, before the app is there: kept, and applied.
    const early = await browser.newPage()
    await early.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'all'))
    await early.goto('/books', { waitUntil: 'commit' })
    const search = early.getByRole('searchbox', { name: 'Search books' })
    await search.fill(title)
    await expect(early.locator('html')).toHaveAttribute('data-app-ready', '')
    await expect(search).toHaveValue(title)
    await expect(early.getByRole('status')).toHaveText('1 books found')
    await early.context().close()
    await visitor.context().close()
  } finally {
    // Taken off sale again, so the shop's other journeys on this server see the ten books.
    await page.getByLabel('Status').selectOption('archived')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  }
})

// Issue 38 item 1: the shop's categories are the server's, everywhere. A
// category a manager makes has its page, its filter on /books and its name
// on a book's page at once; an unknown one is the not-found page with 404.
test('a category made in the back office is in the shop at once; an unknown one is a 404', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await staffAtAal2(page, 'manager')
  const n = Date.now() % 1_000_000
  const name = `Bedtime Stories ${n}`
  const slug = `bedtime-stories-${n}`
  await page.goto('/admin/categories')
  await page.getByRole('button', { name: 'New category' }).click()
  const newCategory = page.getByRole('form', { name: 'New category' })
  await newCategory.getByLabel('Name').fill(name)
  await expect(newCategory.getByLabel('Id (in its web address)')).toHaveValue(slug)
  await newCategory.getByLabel('Description').fill('Quiet tales for the end of the day.')
  await newCategory.getByRole('button', { name: 'Add category' }).click()
  await expect(page.getByText('Category added')).toBeVisible()

  const title = `Siso Says Goodnight ${n}`
  await page.goto('/admin/books/new')
  await fillBook(page, { title, author: 'Ada Reader', price: '8', isbn: uniqueIsbn(), status: 'published', category: name })
  await page.getByLabel('Cover picture').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(480, 720) })
  await expect(page.getByRole('img', { name: `Cover of ${title}` })).toBeVisible()
  await page.getByRole('button', { name: 'Create book' }).click()
  const id = await createdId(page)
  try {
    const visitor = await visitorPage(browser)
    const errors = collectConsoleErrors(visitor)
    for (const size of widths) {
      await visitor.setViewportSize({ width: size.width, height: size.height })
      // The category's own page, rendered by the server.
      expect((await visitor.goto(`/categories/${slug}`))?.status()).toBe(200)
      await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(visitor.getByRole('status')).toHaveText('1 books found')
      const card = visitor.getByRole('list', { name: 'Book results' }).getByRole('link', { name: new RegExp(title) })
      await expect(card).toBeVisible()
      await expect(card.getByLabel(/^Rated/)).toHaveCount(0) // issue 38 item 5: nobody rated it, so no stars

      // The book's page names its shelf and links to it, and shows no rating.
      await visitor.goto(`/books/${id}`)
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(visitor.getByText(/^Rated/)).toHaveCount(0)
      const shelf = visitor.getByRole('main').getByRole('link', { name, exact: true })
      await expect(shelf).toHaveAttribute('href', `/categories/${slug}`)
      await shelf.click()
      await expect(visitor).toHaveURL(`/categories/${slug}`)
      await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible()

      // /books filters by it (the panel is folded away on a phone).
      await visitor.goto('/books')
      await expect(visitor.getByRole('status')).not.toHaveText('1 books found')
      if (size.width < 1024) await visitor.getByRole('button', { name: 'Show Filters' }).click()
      await visitor.getByRole('checkbox', { name }).check()
      await expect(visitor).toHaveURL(`/books?category=${slug}`)
      await expect(visitor.getByRole('status')).toHaveText('1 books found')
      await visitor.screenshot({ path: test.info().outputPath(`new-category-${size.width}.png`), fullPage: true })

      // An unknown category: the not-found page, with 404.
      expect((await visitor.goto(`/categories/${slug}-gone`))?.status()).toBe(404)
      await expect(visitor.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible()
    }
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([])
    await visitor.context().close()
  } finally {
    // Taken off sale again, so the shop's other journeys on this server see the ten books.
    await page.getByLabel('Status').selectOption('archived')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  }
})

test('a save over a newer one says so, keeps the edits, and reloads the newer version', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectConsoleErrors(page)
  await staffAtAal2(page, 'manager')
  const title = `Lizzie Finds the Moon ${Date.now() % 1_000_000}`
  await page.goto('/admin/books/new')
  await fillBook(page, { title, author: 'Ada Reader', price: '12', isbn: uniqueIsbn() })
  await page.getByRole('button', { name: 'Create book' }).click()
  const id = await createdId(page)

  // A colleague (a second tab) saves a new price first.
  const other = waitingForApp(await page.context().newPage())
  await other.goto(`/admin/books/${id}`)
  await other.getByLabel('Price (US dollars)').fill('13.50')
  await other.getByRole('button', { name: 'Save' }).click()
  await expect(other.getByText('Saved', { exact: true })).toBeVisible()
  await other.close()

  // This tab still has the first version: its save is refused, and its edit stays.
  await page.getByLabel('Title', { exact: true }).fill(`${title} Again`)
  await page.getByRole('button', { name: 'Save' }).click()
  const conflict = page.getByRole('alert').filter({ hasText: 'Someone else saved this book after you opened it.' })
  await expect(conflict).toContainText('Reload to see their changes, then make yours again.')
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`${title} Again`)
  await expectNoViolationsAtEveryWidth(page, 'the editor with a conflict')
  await screenshots(page, 'book-conflict')

  // Reload: the colleague's price, and this tab's edit listed to apply again.
  await conflict.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByLabel('Price (US dollars)')).toHaveValue('13.50')
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
  await expect(page.getByText('Your changes were not saved')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: `Title: “${title} Again”` })).toBeVisible()
  await page.getByRole('button', { name: 'Apply my changes again' }).click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`${title} Again`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Price (US dollars)')).toHaveValue('13.50')

  // Duplicate: a draft copy, opened in the editor.
  await page.goto(`/admin/books?q=${encodeURIComponent(`${title} Again`)}`)
  await page.getByRole('button', { name: `Duplicate ${title} Again` }).click()
  await expect(page.getByText('Copy made')).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Copy of ${title} Again`)
  await expect(page.getByLabel('Status')).toHaveValue('draft')

  // The categories and the CSV screen.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Categories' }).click()
  await expect(page.getByRole('heading', { level: 2, name: "Children's Books" })).toBeVisible()
  await expectNoViolationsAtEveryWidth(page, '/admin/categories')
  await screenshots(page, 'categories')
  await page.goto('/admin/books/import')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download books.csv' }).click()
  expect((await download).suggestedFilename()).toBe('books.csv')
  await page.getByLabel('CSV or ZIP file').setInputFiles({
    name: 'books.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`title,author,priceCents,category,pages,isbn,publicationDate\nA Good Row,Ada,1299,children,12,,2026-01-01\nA Bad Row,,0,nowhere,12,,2026-13-01\n`),
  })
  await expect(page.getByText('books.csv has 1 row with errors')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled()
  await expectNoViolationsAtEveryWidth(page, '/admin/books/import')
  await screenshots(page, 'import')
  // The refused save is the one error the browser logs, as it should.
  expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([])
})

// Issue 38 item 6: covers in bulk. A ZIP file of the CSV file (prices in
// dollars) and the pictures, one named in the cover column, one by its ISBN.
test('an editor imports a ZIP file of two books with their covers; the shop shows the new covers', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const errors = collectConsoleErrors(page)
  await staffAtAal2(page, 'editor')
  const run = Date.now() % 1_000_000
  const books = [
    { title: `Owl Paints the Moon ${run}`, isbn: uniqueIsbn(), cover: 'owl.png' },
    { title: `Fox Sails the Bathtub ${run}`, isbn: uniqueIsbn(), cover: '' },
  ]
  const csv =
    'title,author,description,price,category,pages,isbn,publicationDate,status,ageBand,cover\n' +
    books.map((b) => `${b.title},Mina Park,A gentle story for bedtime.,12.50,children,32,${b.isbn},2026-02-02,published,4–6,${b.cover}\n`).join('')
  await page.goto('/admin/books/import')
  await page.getByLabel('CSV or ZIP file').setInputFiles({
    name: 'covers.zip',
    mimeType: 'application/zip',
    buffer: zip({
      'spring/books.csv': csv,
      'spring/pictures/owl.png': png(480, 720),
      [`spring/pictures/${books[1].isbn}.png`]: png(600, 900),
      'spring/pictures/stray.png': png(480, 720),
    }),
  })
  await expect(page.getByText('covers.zip is ready: nothing has been written yet.')).toBeVisible()
  const table = page.getByRole('table')
  await expect(table.getByText('Cover: spring/pictures/owl.png')).toBeVisible()
  await expect(table.getByText(`Cover: spring/pictures/${books[1].isbn}.png`)).toBeVisible()
  await expect(page.getByRole('region', { name: '1 picture is not used' })).toContainText('spring/pictures/stray.png: No book matched this picture')
  await expectNoViolationsAtEveryWidth(page, 'the dry run of a ZIP file')
  await screenshots(page, 'import-zip')

  await page.getByRole('button', { name: 'Import 2 rows' }).click()
  await expect(page.getByText('Imported: 2 new, 0 updated, 0 unchanged.')).toBeVisible()

  // The shop's book pages show the covers, re-encoded as uploads are.
  const visitor = await visitorPage(browser)
  try {
    for (const size of widths) {
      await visitor.setViewportSize({ width: size.width, height: size.height })
      for (const b of books) {
        await visitor.goto(`/books/${b.title.toLowerCase().replaceAll(' ', '-')}`)
        await expect(visitor.getByRole('heading', { level: 1, name: b.title })).toBeVisible()
        await expect(visitor.getByRole('article').getByText('$12.50')).toBeVisible()
        const img = visitor.getByRole('img', { name: `Cover of ${b.title}` })
        await expect(img).toHaveAttribute('src', /^\/covers\/u\/[0-9a-f]{64}-\d+\.jpg$/)
        await expect(img).toBeInViewport()
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)
      }
      await visitor.screenshot({ path: test.info().outputPath(`imported-book-${size.width}.png`) })
    }
  } finally {
    await visitor.context().close()
    // Taken off sale again, so the shop's other journeys on this server see the ten books.
    const archive = `isbn,status\n${books.map((b) => `${b.isbn},archived`).join('\n')}\n`
    await page.getByLabel('CSV or ZIP file').setInputFiles({ name: 'archive.csv', mimeType: 'text/csv', buffer: Buffer.from(archive) })
    await page.getByRole('button', { name: 'Import 2 rows' }).click()
    await expect(page.getByText('Imported: 0 new, 2 updated, 0 unchanged.')).toBeVisible()
  }
  expect(errors).toEqual([])
})

test('a support role has no catalogue: no Books or Categories in its navigation, and the pages say so', async ({ page }) => {
  await staffAtAal2(page, 'support')
  await page.goto('/admin')
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Books' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Categories' })).toHaveCount(0)
  for (const path of ['/admin/books', '/admin/books/new', '/admin/books/1', '/admin/categories', '/admin/books/import']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Your role does not allow this' })).toBeVisible()
  }
})

test('an editor sets up a book sold in digital formats alone: print off, an e-book with its file', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectConsoleErrors(page)
  await staffAtAal2(page, 'editor')
  const title = `Stars to Download ${Date.now() % 1_000_000}`
  await page.goto('/admin/books/new')
  await fillBook(page, { title, author: 'Hannah Lindqvist', price: '9.50', isbn: uniqueIsbn() })
  const form = page.getByRole('form', { name: 'New book' })

  // Print off: its price is no longer asked for, and a book needs one format at least.
  await form.getByRole('switch', { name: 'Print', exact: true }).click()
  await expect(form.getByLabel('Price (US dollars)', { exact: true })).toHaveCount(0)
  await expect(form.getByText('Not sold in print: only the digital formats below.')).toBeVisible()
  await form.getByRole('button', { name: 'Create book' }).click()
  await expect(form.getByText('A book is sold in at least one format: turn on print or a digital format.')).toBeVisible()

  await form.getByRole('switch', { name: 'E-book' }).click()
  await form.getByLabel('E-book price (US dollars)').fill('3.99')
  await form.getByLabel('Upload the file of the e-book').setInputFiles({
    name: 'stars.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  })
  await expect(form.getByRole('list', { name: 'E-book files' })).toContainText('stars.pdf')
  await form.getByRole('button', { name: 'Create book' }).click()
  await createdId(page)
  await expect(page.getByText('Book created')).toBeVisible()

  // Saved so, and shown so again after a reload.
  await page.reload()
  const editor = page.getByRole('form', { name: `Edit ${title}` })
  await expect(editor.getByRole('switch', { name: 'Print', exact: true })).toHaveAttribute('aria-checked', 'false')
  await expect(editor.getByRole('switch', { name: 'E-book' })).toHaveAttribute('aria-checked', 'true')
  await expect(editor.getByLabel('E-book price (US dollars)')).toHaveValue('3.99')
  await expect(editor.getByLabel('Price (US dollars)', { exact: true })).toHaveCount(0)
  await expectNoViolationsAtEveryWidth(page, 'the editor of a book without print')
  await screenshots(page, 'book-without-print')
  expect(errors).toEqual([])
})
