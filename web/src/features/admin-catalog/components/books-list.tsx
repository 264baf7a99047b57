import { BookPlus, Copy, FileSpreadsheet, Library, Pencil, Archive } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Input } from '@/components/ui/input'
import { countOf, FilterField as Field, FilterSelect, ListResults, TableOrCards, useSearchBox, type Column } from '@/components/ui/list-controls'
import { paths } from '@/config/paths'
import { coverSrcSet } from '@/lib/cover-srcset'
import { messageOf } from '@/lib/errors'
import { formatCents } from '@/lib/money'
import { useAdminBooks, useArchiveBook, useDuplicateBook } from '../api/books'
import { useAdminCategories } from '../api/categories'
import {
  filtersFromSearch,
  isFiltered,
  pageCount,
  searchFromFilters,
  sorts,
  statusFilters,
  stockFilters,
  withFilters,
  type BookListFilters,
} from '../list-params'
import type { AdminBook } from '../types'
import { StatusBadge, StockBadge } from './badges'

/**
 * /admin/books: every book in any status, searched, filtered, sorted and
 * paged on the server, with the filters in the page's URL. A table on a
 * wide screen, cards on a phone.
 */
export function BooksList() {
  const [search, setSearch] = useSearchParams()
  const filters = filtersFromSearch(search)
  const books = useAdminBooks(filters)
  const categories = useAdminCategories()
  const categoryName = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? id
  const show = (next: BookListFilters) => setSearch(searchFromFilters(next), { replace: true })
  const [archiving, setArchiving] = useState<AdminBook | null>(null)
  const archive = useArchiveBook()
  const duplicate = useDuplicateBook()
  const navigate = useNavigate()

  const onDuplicate = (book: AdminBook) =>
    duplicate.mutate(book, {
      onSuccess: (copy) => {
        toast.success('Copy made', { description: `“${copy.title}” is a draft: give it its ISBN before publishing it.` })
        void navigate(paths.adminBook(copy.id))
      },
      onError: (error) => toast.error('Could not duplicate the book', { description: messageOf(error) }),
    })
  const onArchive = () => {
    if (!archiving) return
    archive.mutate(archiving, {
      onSuccess: (book) => {
        toast.success('Book archived', { description: `“${book.title}” is no longer in the shop.` })
        setArchiving(null)
      },
      onError: (error) => {
        toast.error('Could not archive the book', { description: messageOf(error) })
        setArchiving(null)
      },
    })
  }
  const actions = (book: AdminBook) => (
    <RowActions book={book} onDuplicate={() => onDuplicate(book)} onArchive={() => setArchiving(book)} busy={duplicate.isPending} />
  )

  return (
    <div>
      <div className="mb-5 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.adminBookNew}>
            <BookPlus aria-hidden="true" /> New book
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.adminImport}>
            <FileSpreadsheet aria-hidden="true" /> Import or export CSV
          </Link>
        </Button>
      </div>

      <Filters filters={filters} categories={categories.data ?? []} onChange={show} />

      <div className="mt-6" aria-busy={books.isFetching}>
        <ListResults
          query={books}
          loading="Loading the books..."
          what="the books"
          isEmpty={(data) => data.books.length === 0}
          empty={{
            icon: Library,
            title: isFiltered(filters) ? 'No books match' : 'No books yet',
            description: isFiltered(filters) ? 'Try other words or fewer filters.' : 'Add the first book of the catalog.',
          }}
          count={(data) => countOf(data.total, 'book')}
          pages={(data) => ({ page: filters.page, count: pageCount(data.total), onPage: (page) => show(withFilters(filters, { page })) })}
        >
          {(data) => <BooksTableOrCards books={data.books} categoryName={categoryName} actions={actions} />}
        </ListResults>
      </div>

      <ConfirmDialog
        open={archiving !== null}
        title="Archive this book?"
        confirmLabel="Archive"
        destructive
        busy={archive.isPending}
        onConfirm={onArchive}
        onCancel={() => setArchiving(null)}
      >
        <p className="text-lg text-muted">
          “{archiving?.title}” leaves the shop: its page answers “not found” and it can no longer be bought. It stays here, and you can publish it
          again.
        </p>
      </ConfirmDialog>
    </div>
  )
}

/**
 * Search, filters and sort. The search box follows typing and asks the
 * server once typing pauses; the rest apply at once. When the URL's search
 * changes otherwise (Back), the box shows it.
 */
function Filters({ filters, categories, onChange }: { filters: BookListFilters; categories: { id: string; name: string }[]; onChange: (f: BookListFilters) => void }) {
  const box = useSearchBox(filters.q, (q) => onChange(withFilters(filters, { q })))
  // A filter chosen while the search waits goes out with the words typed so far.
  const choose = (changes: Partial<BookListFilters>) => onChange(withFilters(filters, { q: box.flush(), ...changes }))
  return (
    <form
      role="search"
      aria-label="Find books"
      onSubmit={(e) => {
        e.preventDefault()
        choose({})
      }}
      className="grid gap-4 rounded-2xl border-2 border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field label="Search" id="books-q" className="sm:col-span-2 lg:col-span-4">
        <Input id="books-q" type="search" value={box.text} onChange={(e) => box.type(e.target.value)} placeholder="Title, author, ISBN or slug" autoComplete="off" />
      </Field>
      <FilterSelect label="Category" id="books-category" value={filters.category} all="All categories" options={categories.map((c) => ({ value: c.id, label: c.name }))} onChange={(category) => choose({ category })} />
      <FilterSelect label="Status" id="books-status" value={filters.status} all="Any status" options={statusFilters} onChange={(status) => choose({ status })} />
      <FilterSelect label="Stock" id="books-stock" value={filters.stock} all="Any stock" options={stockFilters} onChange={(stock) => choose({ stock })} />
      <FilterSelect label="Sort by" id="books-sort" value={filters.sort} options={sorts} onChange={(sort) => choose({ sort })} />
    </form>
  )
}

type RowsProps = { books: AdminBook[]; categoryName: (id: string) => string; actions: (book: AdminBook) => ReactNode }

function Thumb({ book }: { book: AdminBook }) {
  return book.coverImage ? (
    <img src={book.coverImage} srcSet={coverSrcSet(book.coverImage)} sizes="40px" alt="" width={40} height={60} loading="lazy" decoding="async" className="aspect-[2/3] w-10 shrink-0 rounded-md bg-tiger-50 object-cover shadow-sm" />
  ) : (
    <span className="flex aspect-[2/3] w-10 shrink-0 items-center justify-center rounded-md border-2 border-dashed border-line text-xs text-muted" aria-hidden="true">
      ?
    </span>
  )
}

/** The book's title, a link to its editor, with its author and category. */
function BookName({ book, categoryName, className }: { book: AdminBook; categoryName: (id: string) => string; className?: string }) {
  return (
    <div className={className}>
      <Link to={paths.adminBook(book.id)} className="font-bold text-ink underline-offset-4 hover:text-tiger-800 hover:underline">
        {book.title}
      </Link>
      <p className="text-sm text-muted">
        {book.author} · {categoryName(book.category)}
      </p>
    </div>
  )
}

/** One row per book on a wide screen, one card per book on a phone. */
function BooksTableOrCards({ books, categoryName, actions }: RowsProps) {
  const columns: Column<AdminBook>[] = [
    {
      header: 'Book',
      cell: (book) => (
        <div className="flex items-center gap-3">
          <Thumb book={book} />
          <BookName book={book} categoryName={categoryName} className="min-w-0" />
        </div>
      ),
    },
    { header: 'Status', cell: (book) => <StatusBadge status={book.status} /> },
    { header: 'Price', className: 'text-right', cellClassName: 'font-bold tabular-nums', cell: (book) => formatCents(book.priceCents) },
    { header: 'Stock', cell: (book) => <StockBadge stock={book.stock} /> },
    { header: <span className="sr-only">Actions</span>, className: 'text-right', cell: actions },
  ]
  return (
    <TableOrCards
      label="Books"
      items={books}
      rowKey={(book) => book.id}
      columns={columns}
      card={(book) => (
        <>
          <div className="flex gap-3">
            <Thumb book={book} />
            <div className="min-w-0 flex-1">
              <BookName book={book} categoryName={categoryName} />
              <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                <StatusBadge status={book.status} />
                <span className="font-bold tabular-nums">{formatCents(book.priceCents)}</span>
                <StockBadge stock={book.stock} />
              </div>
            </div>
          </div>
          <div className="mt-3 border-t-2 border-line pt-3">{actions(book)}</div>
        </>
      )}
    />
  )
}

function RowActions({ book, onDuplicate, onArchive, busy }: { book: AdminBook; onDuplicate: () => void; onArchive: () => void; busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-1 md:flex-nowrap md:justify-end">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.adminBook(book.id)} aria-label={`Edit ${book.title}`}>
          <Pencil aria-hidden="true" /> Edit
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={onDuplicate} disabled={busy} aria-label={`Duplicate ${book.title}`}>
        <Copy aria-hidden="true" /> Duplicate
      </Button>
      {book.status !== 'archived' && (
        <Button variant="ghost" size="sm" onClick={onArchive} aria-label={`Archive ${book.title}`} className="text-red-700 hover:bg-red-50">
          <Archive aria-hidden="true" /> Archive
        </Button>
      )}
    </div>
  )
}
