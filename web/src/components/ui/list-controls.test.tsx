import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Library } from 'lucide-react'
import { afterEach, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { countOf, ListResults, Pager, TableOrCards } from './list-controls'

type Book = { id: number; title: string; price: string }
type Page = { books: Book[]; total: number }

function Books({ read, onPage }: { read: () => Promise<Page>; onPage: (page: number) => void }) {
  const query = useQuery({ queryKey: ['books'], queryFn: read, retry: false })
  return (
    <ListResults
      query={query}
      loading="Loading the books..."
      what="the books"
      isEmpty={(data) => data.books.length === 0}
      empty={{ icon: Library, title: 'No books yet', description: 'Add the first book.' }}
      count={(data) => countOf(data.total, 'book')}
      pages={(data) => ({ page: 1, count: Math.ceil(data.total / 2), onPage })}
    >
      {(data) => (
        <TableOrCards
          label="Books"
          items={data.books}
          rowKey={(b) => b.id}
          columns={[
            { header: 'Book', cell: (b) => b.title },
            { header: 'Price', className: 'text-right', cell: (b) => b.price },
          ]}
          card={(b) => `${b.title} for ${b.price}`}
        />
      )}
    </ListResults>
  )
}

function renderBooks(read: () => Promise<Page>, onPage = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Books read={read} onPage={onPage} />
    </QueryClientProvider>,
  )
  return onPage
}

afterEach(cleanup)

it('shows Loading, then the count, a table and cards of the same items, and the pages', async () => {
  const onPage = renderBooks(() => Promise.resolve({ books: [{ id: 1, title: 'Moon', price: '$9' }, { id: 2, title: 'Sun', price: '$8' }], total: 3 }))
  expect(screen.getByRole('status')).toHaveTextContent('Loading the books...')
  expect(await screen.findByText('3 books')).toHaveRole('status')
  // The table is for wide screens (md and up), the cards for phones.
  const table = screen.getByRole('table', { name: 'Books' })
  expect(table.parentElement).toHaveClass('hidden', 'md:block')
  expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['BookPrice', 'Moon$9', 'Sun$8'])
  const cards = screen.getByRole('list', { name: 'Books' })
  expect(cards).toHaveClass('md:hidden')
  expect(within(cards).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Moon for $9', 'Sun for $8'])
  const pages = screen.getByRole('navigation', { name: 'Pages' })
  expect(pages).toHaveTextContent('Page 1 of 2')
  await userEvent.setup().click(within(pages).getByRole('button', { name: 'Next' }))
  expect(onPage).toHaveBeenCalledWith(2)
})

it('says when nothing matches, with no pages', async () => {
  renderBooks(() => Promise.resolve({ books: [], total: 0 }))
  expect(await screen.findByRole('heading', { name: 'No books yet' })).toBeVisible()
  expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
})

it('offers to try again when the list cannot be read', async () => {
  const read = vi.fn<() => Promise<Page>>().mockRejectedValueOnce(new ApiError(500, 'internal', 'Down')).mockResolvedValue({ books: [{ id: 1, title: 'Moon', price: '$9' }], total: 1 })
  renderBooks(read)
  expect(await screen.findByText("We couldn't load the books.")).toBeVisible()
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('1 book')).toHaveRole('status')
  expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
})

it('sets the cells at the top of rows of uneven height when asked', () => {
  const items = [{ id: 1, title: 'Moon' }]
  const columns = [{ header: 'Book', cell: (b: { title: string }) => b.title }]
  render(<TableOrCards label="Top" items={items} rowKey={(b) => b.id} columns={columns} card={(b) => b.title} align="top" />)
  render(<TableOrCards label="Middle" items={items} rowKey={(b) => b.id} columns={columns} card={(b) => b.title} />)
  expect(within(screen.getByRole('table', { name: 'Top' })).getAllByRole('row')[1]).toHaveClass('align-top')
  expect(within(screen.getByRole('table', { name: 'Middle' })).getAllByRole('row')[1]).toHaveClass('align-middle')
})

it('says a count that stopped counting as at least, and pages on while the list goes on', async () => {
  expect(countOf(10000, 'order', 'orders', true)).toBe('10,000+ orders')
  expect(countOf(1, 'order')).toBe('1 order')
  const onPage = vi.fn()
  const { rerender } = render(<Pager page={400} count={400} atLeast hasNext onPage={onPage} />)
  const pages = screen.getByRole('navigation', { name: 'Pages' })
  expect(pages).toHaveTextContent('Page 400 of 400+')
  await userEvent.setup().click(within(pages).getByRole('button', { name: 'Next' }))
  expect(onPage).toHaveBeenCalledWith(401)
  rerender(<Pager page={412} count={400} atLeast hasNext={false} onPage={onPage} />)
  expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(/^PreviousPage 412Next$/)
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
})
