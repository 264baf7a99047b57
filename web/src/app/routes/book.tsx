import { BookOpen, ShoppingCart } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { BookDetails } from '@/features/catalog/components/book-details'
import { bookIdFromParam } from '@/features/catalog/book-id'
import { useCart } from '@/features/cart/cart-provider'
import { NotifyWhenBack } from '@/features/restock/components/notify-when-back'

export default function BookPage() {
  const { id } = useParams()
  const { addToCart } = useCart()
  return (
    <BookDetails
      id={bookIdFromParam(id)}
      actions={(book) => (
        <div className="flex flex-wrap gap-3">
          <Button size="lg" onClick={() => addToCart(book)} disabled={book.inStock === false}>
            <ShoppingCart /> Add to Cart
          </Button>
          {book.inStock === false && <NotifyWhenBack bookId={book.id} />}
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
