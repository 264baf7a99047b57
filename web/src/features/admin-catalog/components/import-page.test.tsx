import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ImportReport } from '../types'
import { ImportPage } from './import-page'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

// Issue 38 item 6: the import takes a ZIP file of the CSV file and its covers.

const cover = '/covers/u/' + 'a'.repeat(64) + '-480.jpg'
const zipReport: ImportReport = {
  valid: true,
  rows: [
    { line: 2, action: 'create', errors: {}, cover: { file: 'books/art/owl.png', coverImage: cover } },
    { line: 3, action: 'update', id: 4, errors: {}, cover: { file: 'books/9781915842121.png', coverImage: cover } },
  ],
  pictures: [{ file: 'books/stray.png', problem: "No book matched this picture: name it by a book's ISBN (9781915842015.jpg), or write its name in the cover column." }],
}

let sent: { url: string; body: unknown; contentType: string }[]
let replies: ImportReport[]

beforeEach(() => {
  // jsdom's files have no text(): read them as the browser's FileReader does.
  if (!('text' in Blob.prototype)) {
    Object.defineProperty(Blob.prototype, 'text', {
      configurable: true,
      value(this: Blob) {
        return new Promise<string>((resolve) => {
          const reader = new FileReader()
          reader.onload = () => resolve(String(reader.result))
          reader.readAsText(this)
        })
      },
    })
  }
  sent = []
  replies = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, body: init.body, contentType: (init.headers as Record<string, string>)['Content-Type'] })
      return new Response(JSON.stringify(replies.shift()), { status: 200 })
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <ImportPage />
    </QueryClientProvider>,
  )
}

it('sends a ZIP file as it is, names each book’s cover and the picture no book took, then imports it', async () => {
  replies = [zipReport, zipReport]
  renderPage()
  const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'covers.zip', { type: 'application/zip' })
  await userEvent.upload(screen.getByLabelText('CSV or ZIP file'), zip)

  expect(await screen.findByText('covers.zip is ready: nothing has been written yet.')).toBeTruthy()
  expect(sent[0]).toMatchObject({ url: '/api/admin/books/import?dryRun=1', contentType: 'application/zip', body: zip })
  const table = screen.getByRole('table')
  expect(within(table).getByText('Cover: books/art/owl.png')).toBeTruthy()
  expect(within(table).getByText('Cover: books/9781915842121.png')).toBeTruthy()
  const unused = screen.getByRole('region', { name: '1 picture is not used' })
  expect(unused.textContent).toContain('books/stray.png: No book matched this picture')

  await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }))
  expect(await screen.findByText(/Imported: 1 new, 1 updated/)).toBeTruthy()
  expect(sent[1]).toMatchObject({ url: '/api/admin/books/import', contentType: 'application/zip', body: zip })
})

it('sends a CSV file as its text, with no covers shown', async () => {
  replies = [{ valid: true, rows: [{ line: 2, action: 'update', id: 1, errors: {} }] }]
  renderPage()
  await userEvent.upload(screen.getByLabelText('CSV or ZIP file'), new File(['id,price\n1,12.99\n'], 'books.csv', { type: 'text/csv' }))

  expect(await screen.findByText('books.csv is ready: nothing has been written yet.')).toBeTruthy()
  expect(sent[0]).toMatchObject({ contentType: 'text/csv', body: 'id,price\n1,12.99\n' })
  expect(screen.queryByText(/^Cover:/)).toBeNull()
  expect(screen.queryByRole('region', { name: /not used/ })).toBeNull()
})
