import { Star } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { paths } from '@/config/paths'
import { offersOf, preorderLabel, priceLabel } from '@/lib/formats'
import type { Book } from '../types'
import { BookCover } from './book-cover'

export function BookCard({ book, eager = false }: { book: Book; eager?: boolean }) {
  return (
    <Link
      to={paths.book(book.id)}
      className="group flex h-full flex-col rounded-2xl border-2 border-line bg-white p-3 shadow-sm transition hover:-translate-y-1 hover:border-tiger-200 hover:shadow-lg focus-visible:-translate-y-1"
    >
      <div className="relative">
        <BookCover book={book} eager={eager} className="transition group-hover:rotate-[-1deg] group-hover:scale-[1.02]" />
      </div>
      <div className="mt-3 flex flex-1 flex-col">
        {book.isNewRelease && <Badge className="mb-1.5 self-start px-2 py-0.5 text-[0.65rem]">New</Badge>}
        <h3 className="line-clamp-2 font-display text-base font-semibold leading-snug sm:text-lg">{book.title}</h3>
        <p className="mt-0.5 truncate text-sm text-muted">{book.author}</p>
        {book.preorder && <p className="mt-1 text-sm font-extrabold text-sky-700">{preorderLabel(book.publicationDate)}</p>}
        {book.inStock === false && <p className="mt-1 text-sm font-extrabold text-red-700">{offersOf(book).length > 1 ? 'Print out of stock' : 'Out of stock'}</p>}
        <div className="mt-auto flex items-center justify-between pt-2">
          <span className="text-lg font-extrabold text-tiger-700">{priceLabel(book)}</span>
          {book.rating !== null && (
            <span className="inline-flex items-center gap-1 text-sm font-bold text-muted" aria-label={`Rated ${book.rating} out of 5`}>
              <Star className="size-4 fill-sun-400 text-sun-400" aria-hidden="true" />
              {book.rating.toFixed(1)}
            </span>
          )}
        </div>
      </div>
    </Link>
  )
}

/** `inView` is how many covers a phone shows on arrival (the first row): they load at once. */
export function BookGrid({ books, label, inView = 0 }: { books: Book[]; label: string; inView?: number }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 md:grid-cols-4 lg:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
      {books.map((book, i) => (
        <li key={book.id}>
          <BookCard book={book} eager={i < inView} />
        </li>
      ))}
    </ul>
  )
}
