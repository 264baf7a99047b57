import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'
import type { Library as LibraryData, LibraryFile } from '../types'
import { Library } from './library'

const ebook: LibraryFile = {
  purchaseId: 'SF-ABCDEFGHJK-2',
  fileId: 'f1',
  bookId: 3,
  title: 'Our First Adventure',
  format: 'ebook',
  kind: 'pdf',
  name: 'Our First Adventure.pdf',
  size: 2048,
  contentType: 'application/pdf',
  downloadsLeft: 10,
  grantedAt: '2026-12-01T10:00:00Z',
}

function serve(library: LibraryData) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => new Response(JSON.stringify(url.endsWith('/api/library') ? library : []), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  )
}

function renderLibrary(kid = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Library userId="u1" parentName="Alice" kid={kid} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('shows a family with files but no storybook its files, not the empty library', async () => {
  serve({ storybooks: [], files: [ebook] })
  renderLibrary()
  expect(await screen.findByRole('heading', { name: 'E-books, audiobooks and printables' }, { timeout: 10000 })).toBeInTheDocument()
  expect(screen.getByRole('listitem', { name: 'Our First Adventure · E-book' })).toBeInTheDocument()
  expect(screen.queryByText('No storybooks here yet')).not.toBeInTheDocument()
})

it('says the library is empty when the family has nothing', async () => {
  serve({ storybooks: [], files: [] })
  renderLibrary()
  expect(await screen.findByText('No storybooks here yet')).toBeInTheDocument()
})

it('in kid mode, where files are not shown, says there is no storybook yet', async () => {
  serve({ storybooks: [], files: [ebook] })
  renderLibrary(true)
  expect(await screen.findByText('Ask a grown-up to add a storybook to your library.')).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'E-books, audiobooks and printables' })).not.toBeInTheDocument()
})
