import { ShoppingCart } from 'lucide-react'
import { useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { BookDetails } from '@/features/catalog/components/book-details'
import { bookIdFromParam } from '@/features/catalog/book-id'
import { useCart } from '@/features/cart/cart-provider'

export default function BookPage() {
  const { id } = useParams()
  const { addToCart } = useCart()
  return (
    <BookDetails
      id={bookIdFromParam(id)}
      actions={(book) => (
        <Button size="lg" onClick={() => addToCart(book)} disabled={book.inStock === false}>
          <ShoppingCart /> Add to Cart
        </Button>
      )}
    />
  )
}
