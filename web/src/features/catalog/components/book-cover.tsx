import { cn } from '@/lib/cn'
import { coverSrcSet } from '@/lib/cover-srcset'
import type { Book } from '../types'

/** How wide a card's cover is shown: half a phone's screen, at most 240 px beyond. */
const cardSizes = '(min-width: 640px) 240px, calc(50vw - 3rem)'

/**
 * The cover art is 2:3; width and height are set so nothing shifts while it
 * loads. An eager cover is in view on arrival: it is fetched first, with the page.
 * An uploaded cover comes in several widths: `sizes` says how wide it is
 * shown, so the browser fetches the copy it needs (a card's by default).
 */
export function BookCover({
  book,
  className,
  eager = false,
  sizes = cardSizes,
}: {
  book: Pick<Book, 'title' | 'coverImage'>
  className?: string
  eager?: boolean
  sizes?: string
}) {
  const srcSet = coverSrcSet(book.coverImage)
  return (
    <img
      src={book.coverImage}
      srcSet={srcSet}
      sizes={srcSet && sizes}
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
