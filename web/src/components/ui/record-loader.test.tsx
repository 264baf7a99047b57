import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { RecordLoader } from './record-loader'

type Book = { id: number; title: string }

function Editor({ id, read }: { id: number; read: () => Promise<Book> }) {
  const query = useQuery({ queryKey: ['book', id], queryFn: read, enabled: id > 0, retry: false })
  return (
    <RecordLoader query={query} what="book" back={{ to: '/admin/books', label: 'Back to the books' }} missing={id < 1}>
      {(book) => <p>Editing {book.title}</p>}
    </RecordLoader>
  )
}

function renderEditor(id: number, read: () => Promise<Book>, client = new QueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Editor id={id} read={read} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

it('says there is no such record, with a way back, for an id that cannot be one and for a 404', async () => {
  const read = vi.fn(() => Promise.reject(new ApiError(404, 'not_found', 'Book not found.')))
  renderEditor(0, read)
  expect(screen.getByText('There is no such book.')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Back to the books' })).toHaveAttribute('href', '/admin/books')
  expect(read).not.toHaveBeenCalled()
  cleanup()

  renderEditor(7, read)
  expect(await screen.findByText('There is no such book.')).toBeVisible()
  expect(read).toHaveBeenCalledOnce()
})

it('shows Loading, then the record', async () => {
  renderEditor(7, () => Promise.resolve({ id: 7, title: 'Moon' }))
  expect(screen.getByRole('status')).toHaveTextContent('Loading the book...')
  expect(await screen.findByText('Editing Moon')).toBeVisible()
})

it('reads the record afresh rather than starting from a copy kept since it was last open', async () => {
  const client = new QueryClient()
  client.setQueryData(['book', 7], { id: 7, title: 'Old Moon' })
  let saved = () => {}
  const read = () => new Promise<Book>((resolve) => (saved = () => resolve({ id: 7, title: 'New Moon' })))
  renderEditor(7, read, client)
  expect(await screen.findByText('Loading the book...')).toBeVisible()
  expect(screen.queryByText('Editing Old Moon')).toBeNull()
  saved()
  expect(await screen.findByText('Editing New Moon')).toBeVisible()
})

it('offers to try again after a failed read', async () => {
  const read = vi.fn<() => Promise<Book>>().mockRejectedValueOnce(new ApiError(500, 'internal', 'Down')).mockResolvedValue({ id: 7, title: 'Moon' })
  renderEditor(7, read)
  expect(await screen.findByText("We couldn't load the book.")).toBeVisible()
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('Editing Moon')).toBeVisible()
})
