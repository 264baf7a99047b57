import { cn } from '@/lib/cn'
import type { Book } from '../types'

/**
 * The cover art is 2:3; width and height are set so nothing shifts while it
 * loads. An eager cover is in view on arrival: it is fetched first, with the page.
 */
export function BookCover({ book, className, eager = false }: { book: Pick<Book, 'title' | 'coverImage'>; className?: string; eager?: boolean }) {
  return (
    <img
      src={book.coverImage}
      alt={`Cover of ${book.title}`}
      width={400}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={cn('aspect-[2/3] h-auto w-full rounded-xl bg-tiger-50 object-cover shadow-md', className)}
    />
  )
}
