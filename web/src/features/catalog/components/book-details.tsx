import { ArrowLeft, BookX, Star } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { offersOf, type BookFormat } from '@/lib/formats'
import { formatCents } from '@/lib/money'
import { usePageMeta } from '@/lib/page-meta'
import { useGoBack } from '@/lib/use-go-back'
import { useBook } from '../api/get-book'
import { useCategories } from '../api/get-categories'
import { useSearchBooks } from '../api/search-books'
import { formatLongDate } from '@/lib/dates'
import { RELATED_BOOKS, relatedBooks } from '../filters'
import type { Book } from '../types'
import { BookGrid } from './book-card'
import { BookCover } from './book-cover'
import { FormatPicker, firstChoice } from './format-picker'

/**
 * The /books/{id} page body. `actions` renders the buying controls for the
 * format chosen, which belong to the cart: the page that composes both passes them in.
 */
export function BookDetails({ id, actions }: { id: number; actions: (book: Book, format: BookFormat) => ReactNode }) {
  const goBack = useGoBack(paths.books)
  const book = useBook(id)
  // The server's categories name the book's shelf (one made in the back office too).
  const categories = useCategories()
  usePageMeta(book.data?.title, book.data ? `${book.data.title} by ${book.data.author}: an interactive storybook from Siso & Friends.` : undefined)
  // Its shelf, one more than is shown, as the book itself may be among them.
  const shelf = useSearchBooks({ categories: book.data ? [book.data.category] : [], perPage: RELATED_BOOKS + 1 }, book.data !== undefined)
  const valid = Number.isInteger(id) && id > 0

  if (!valid || (book.isError && book.error instanceof ApiError && book.error.status === 404)) return <BookNotFound />
  // A screen tall, so the footer is not on screen to be pushed down when the
  // book arrives (that push was most of the page's layout shift).
  if (book.isPending) return <Loading label="Loading book..." className="min-h-[100svh]" />
  if (book.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert tone="error">
          <p className="font-bold">We couldn't load this book.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void book.refetch()}>
            Try again
          </Button>
        </Alert>
      </div>
    )
  }

  const b = book.data
  const related = shelf.data ? relatedBooks(shelf.data.books, b) : []
  const facts: [string, ReactNode][] = [
    ['Pages', b.pages],
    ['ISBN', <Isbn isbn={b.isbn} />],
    ['Publication Date', <time dateTime={b.publicationDate}>{formatLongDate(b.publicationDate)}</time>],
    ['Category', <CategoryLink id={b.category} name={categories.data?.find((c) => c.id === b.category)?.name} />],
  ]

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Button variant="ghost" onClick={goBack} className="-ml-3 mb-4">
        <ArrowLeft /> Back
      </Button>

      <article className="grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-12">
        <div className="mx-auto w-full max-w-sm">
          <BookCover book={b} eager sizes="(min-width: 26rem) 24rem, calc(100vw - 2rem)" className="rounded-2xl shadow-xl" />
        </div>
        <div>
          {b.isNewRelease && <Badge className="mb-3">New Release</Badge>}
          <h1 className="text-3xl font-bold leading-tight sm:text-4xl">{b.title}</h1>
          <p className="mt-2 text-lg text-muted">
            by <span className="font-bold text-ink">{b.author}</span>
          </p>
          {b.rating !== null && (
            <p className="mt-3 inline-flex items-center gap-1 font-bold text-muted">
              <Star className="size-5 fill-sun-400 text-sun-400" aria-hidden="true" /> <span aria-hidden="true">{b.rating.toFixed(1)}</span>
              <span className="sr-only">Rated {b.rating.toFixed(1)} out of 5</span>
            </p>
          )}
          <Buying key={b.id} book={b} actions={actions} />

          <section className="mt-8">
            <h2 className="text-xl font-bold">Description</h2>
            <p className="mt-2 text-lg leading-relaxed text-ink/85">{b.description}</p>
          </section>

          {/* Two columns at every width: four beside each other left the ISBN too little room and it ran into the date. */}
          <dl className="mt-8 grid grid-cols-2 gap-4 rounded-2xl border-2 border-line bg-white p-5">
            {facts.map(([term, value]) => (
              <div key={term} className="min-w-0">
                <dt className="text-sm font-bold text-muted">{term}</dt>
                <dd className="mt-1 font-bold">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </article>

      {/* Room for the related books while the list loads, so the page does not grow under the reader. */}
      {shelf.isPending && <div className="mt-14 min-h-96" aria-hidden="true" />}
      {related.length > 0 && (
        <section className="mt-14" aria-labelledby="related-heading">
          <h2 id="related-heading" className="mb-5 text-2xl font-bold">
            You might also like
          </h2>
          <BookGrid books={related} label="You might also like" />
        </section>
      )}
    </div>
  )
}

/**
 * The price and the buying controls: with several formats, a picker of them
 * first (print chosen unless it is out of stock, on the server as in the browser).
 */
function Buying({ book, actions }: { book: Book; actions: (book: Book, format: BookFormat) => ReactNode }) {
  const offers = offersOf(book)
  const [chosen, choose] = useState<BookFormat>(() => firstChoice(offers))
  const offer = offers.find((f) => f.format === chosen) ?? offers[0]
  return (
    <>
      <p className="mt-4 text-3xl font-extrabold text-tiger-700">{formatCents(offer.priceCents)}</p>
      {offers.length > 1 && <FormatPicker offers={offers} chosen={offer.format} onChoose={choose} />}
      {offer.format === 'print' && offer.inStock === false && <p className="mt-2 text-lg font-extrabold text-red-700">Out of stock</p>}
      <div className="mt-5">{actions(book, offer.format)}</div>
    </>
  )
}

/**
 * An ISBN that may wrap after its group (978-1- / 915842-03-9) where a column is narrow: a hyphen
 * before a digit is no line break for the browser, so it would run out of its box instead.
 */
function Isbn({ isbn }: { isbn: string }) {
  const parts = isbn.split('-')
  if (parts.length < 4) return <span>{isbn}</span>
  return (
    <span>
      {parts.slice(0, 2).join('-')}-<wbr />
      {parts.slice(2).join('-')}
    </span>
  )
}

export function BookNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-tiger-100">
        <BookX className="size-10 text-tiger-700" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold">Book Not Found</h1>
      <p className="mt-3 text-lg text-muted">The book you're looking for doesn't exist.</p>
      <Button asChild className="mt-8">
        <Link to={paths.books}>Browse Books</Link>
      </Button>
    </div>
  )
}

/** The book's shelf, named once the categories have come (the server renders the page with them). */
function CategoryLink({ id, name }: { id: string; name: string | undefined }) {
  if (name === undefined) return null
  return (
    <Link to={paths.category(id)} className="text-tiger-700 underline-offset-4 hover:underline">
      {name}
    </Link>
  )
}
