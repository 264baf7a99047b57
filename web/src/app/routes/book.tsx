import { useQuery } from '@tanstack/react-query'
import { BookOpen, Library, ShoppingCart } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/auth-provider'
import { BookDetails } from '@/features/catalog/components/book-details'
import { bookIdFromParam } from '@/features/catalog/book-id'
import { useCart } from '@/features/cart/cart-provider'
import { NotifyWhenBack } from '@/features/restock/components/notify-when-back'
import { libraryQueryOptions } from '@/features/storybook-reader/api/get-library'
import type { Library as FamilyLibrary } from '@/features/storybook-reader/types'
import { isDigital, preorderLabel, priceOf, type BookFormat } from '@/lib/formats'

/** Whether the family's library already holds this book in this digital format. */
function owns(library: FamilyLibrary | undefined, bookId: number, format: BookFormat): boolean {
  if (!library || !isDigital(format)) return false
  if (format === 'interactive') return library.storybooks.some((s) => s.bookId === bookId)
  return library.files.some((f) => f.bookId === bookId && f.format === format)
}

export default function BookPage() {
  const { id } = useParams()
  const { addToCart } = useCart()
  const { user } = useAuth()
  // Only a signed-in family has a library; the server renders the page without one.
  const library = useQuery({ ...libraryQueryOptions(), enabled: !!user })
  return (
    <BookDetails
      id={bookIdFromParam(id)}
      actions={(book, format) => (
        <div className="flex flex-wrap items-center gap-3">
          {book.preorder && <p className="w-full font-extrabold text-sky-700">{preorderLabel(book.publicationDate)}</p>}
          {owns(library.data, book.id, format) ? (
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.library}>
                <Library /> In your Library
              </Link>
            </Button>
          ) : (
            <Button
              size="lg"
              onClick={() => {
                const priceCents = priceOf(book, format) ?? book.priceCents
                addToCart({
                  id: book.id,
                  title: book.title,
                  coverImage: book.coverImage,
                  format,
                  priceCents,
                  price: priceCents / 100,
                  stock: book.stock,
                  releaseDate: book.preorder ? book.publicationDate : undefined,
                })
              }}
              disabled={format === 'print' && book.inStock === false}
            >
              <ShoppingCart /> {book.preorder ? 'Pre-order' : 'Add to Cart'}
            </Button>
          )}
          {format === 'print' && book.inStock === false && <NotifyWhenBack bookId={book.id} />}
          {book.storybook && book.slug && (
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.read(book.slug)}>
                <BookOpen /> Try the first pages
              </Link>
            </Button>
          )}
        </div>
      )}
    />
  )
}
